import type { ModuleMessages } from '../catalogs';

/**
 * The batch modification page's texts; the validation and toast texts are the customer's word for
 * word (docs/order-status-flow.md#batch-modification-completion-date,
 * docs/admin-screens.md#notices). The session-expiry toast reuses `auth.session_expired_title` /
 * `auth.session_expired`.
 */
const messages: ModuleMessages = {
  cn: {
    batch_modification: {
      intro: '按 MTM 号、DN 号、供应商或配送区域查找已完成的订单，勾选后一次性修改它们的完成日期。只有已完成的订单才能修改完成日期。',
      search: '搜索 MTM 号或 DN 号',
      selected: '已选择 %{smart_count} 个订单',
      select_all: '全选搜索结果',
      clear_selection: '清除选择',
      modify: '修改完成日期',
      dialog: {
        title: '批量修改完成日期',
        text: '为选中的 %{smart_count} 个订单设置新的完成日期（按您所在时区的当地时间）。',
        completion_date: '新的完成日期',
        confirm: '确认修改',
      },
      validation: {
        no_selection: '请至少选择一个订单进行批量修改',
        no_date: '请选择新的完成日期',
        invalid_date: '请选择有效的日期和时间',
        not_completed: '以下订单尚未完成，无法修改完成日期，所有订单均未修改：%{orders}。请取消选择这些订单后重试。',
        before_pickup: '完成日期不能早于订单的提货日期（%{min}），所有订单均未修改：%{orders}',
      },
      toast: {
        success_title: '更新成功',
        success: '已成功更新 %{smart_count} 个订单的完成日期',
        failure_title: '更新失败',
        failure: '批量更新订单完成日期失败，请重试',
      },
    },
  },
  en: {
    batch_modification: {
      intro: 'Find completed orders by MTM or DN number, supplier or delivery area, tick them, then change their completion date in one action. Only completed orders have a completion date to change.',
      search: 'Search MTM or DN number',
      selected: '%{smart_count} selected',
      select_all: 'Select all results',
      clear_selection: 'Clear selection',
      modify: 'Modify completion date',
      dialog: {
        title: 'Batch modify completion date',
        text: 'Set a new completion date for the selected order (in your local time). |||| Set a new completion date for the %{smart_count} selected orders (in your local time).',
        completion_date: 'New completion date',
        confirm: 'Confirm',
      },
      validation: {
        no_selection: 'Please select at least one order for batch modification',
        no_date: 'Please select a new completion date',
        invalid_date: 'Please select a valid date and time',
        not_completed: 'These orders are not completed, so their completion date cannot be changed, and no order was changed: %{orders}. Unselect them and try again.',
        before_pickup: 'The completion date cannot be before the orders\' pickup date (%{min}), and no order was changed: %{orders}',
      },
      toast: {
        success_title: 'Update Successful',
        success: 'Successfully updated completion date for 1 order |||| Successfully updated completion date for %{smart_count} orders',
        failure_title: 'Update Failed',
        failure: 'Failed to batch update order completion dates, please try again',
      },
    },
  },
};
export default messages;
