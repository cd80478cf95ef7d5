import type { ModuleMessages } from '../catalogs';

/**
 * The pricing management page's texts; the toast and loading texts are the customer's word for word
 * (docs/pricing.md#pricing-management). Field names reuse `resources.orders.fields.*`.
 */
const messages: ModuleMessages = {
  cn: {
    pricing: {
      title: '定价管理',
      intro: '已完成订单的采购价和销售价。MTM 采购价、MTM 销售价和毛利由系统自动计算；总额和毛利只计已定价的订单。',
      intro_one_side: '已完成订单中您的角色可以查看的价格。MTM 价由系统自动计算；您的角色看不到另一侧的价格和毛利。',
      search: '搜索 MTM 号',
      not_set_only: '只看未定价',
      stats: {
        complete: '定价完成',
        not_set: '未定价',
        total: '已完成订单总数',
        buy_total: 'MTM 采购总额',
        sale_total: 'MTM 销售总额',
        margin: '毛利',
      },
      period: {
        year: '年份',
        all_years: '全部年份',
        by: '范围',
        whole_year: '全年',
        month: '按月',
        week: '按周',
        month_label: '月份',
        week_label: '周',
        week_option: '第 %{week} 周 · %{from} – %{to}',
      },
      columns: {
        order: '订单',
        margin: '毛利',
        actions: '操作',
      },
      side: {
        buy: '采购',
        sale: '销售',
      },
      action: {
        edit: '编辑价格',
        save: '保存',
        cancel: '取消',
        finish_first: '请先保存或取消正在编辑的价格',
      },
      validation: {
        amount: '请输入金额，例如 12.50',
        negative: '价格不能为负数',
        precision: '最多两位小数',
        max: '金额不能超过 999,999,999.99',
      },
      toast: {
        success: '价格已成功更新',
        failure_title: '更新失败',
        failure: '更新价格失败，请重试',
      },
      load_error: '加载数据出错',
      empty: '所选范围内没有已完成的订单',
    },
  },
  en: {
    pricing: {
      title: 'Pricing management',
      intro: 'Purchase and sale prices of completed orders. The MTM buy and sale prices and the margin are calculated automatically; the totals and the margin count only orders whose pricing is set.',
      intro_one_side: 'The prices of completed orders your role may see. The MTM price is calculated automatically; the other side\'s prices and the margin are not shown to your role.',
      search: 'Search MTM number',
      not_set_only: 'Pricing not set only',
      stats: {
        complete: 'Pricing complete',
        not_set: 'Pricing not set',
        total: 'Total completed orders',
        buy_total: 'MTM buy total',
        sale_total: 'MTM sale total',
        margin: 'Margin',
      },
      period: {
        year: 'Year',
        all_years: 'All years',
        by: 'Period',
        whole_year: 'Whole year',
        month: 'Month',
        week: 'Week',
        month_label: 'Month',
        week_label: 'Week',
        week_option: 'W%{week} · %{from} – %{to}',
      },
      columns: {
        order: 'Order',
        margin: 'Margin',
        actions: 'Actions',
      },
      side: {
        buy: 'Purchase',
        sale: 'Sale',
      },
      action: {
        edit: 'Edit prices',
        save: 'Save',
        cancel: 'Cancel',
        finish_first: 'Save or cancel the prices being edited first',
      },
      validation: {
        amount: 'Enter an amount such as 12.50',
        negative: 'A price cannot be negative',
        precision: 'At most 2 decimals',
        max: 'At most 999,999,999.99',
      },
      toast: {
        success: 'Pricing has been updated successfully',
        failure_title: 'Update failed',
        failure: 'Failed to update pricing, please try again',
      },
      load_error: 'Error loading data',
      empty: 'No completed orders in the selected period',
    },
  },
};
export default messages;
