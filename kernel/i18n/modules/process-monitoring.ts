import type { ModuleMessages } from '../catalogs';

/** The process monitoring page's texts; the three warnings are the customer's (docs/order-status-flow.md#delays). */
const messages: ModuleMessages = {
  cn: {
    process_monitoring: {
      intro: '按配送区域汇总的延误预警，截至 %{today}（服务器时间）。点击数字查看对应的订单。',
      refresh: '刷新',
      kinds: {
        pulling_out: '提货延误',
        mos: 'MOS 延误',
        delayed: '延误订单',
      },
      definitions: {
        pulling_out: '提货日期已过，订单仍未进入运输中',
        mos: 'MOS 日期已过，订单仍未完成',
        delayed: '提货延误或 MOS 延误的订单',
      },
      by_area: '按配送区域',
      by_area_hint: '点击数字或展开区域查看订单，最久逾期的排在前面。',
      all_areas: '全部区域',
      no_areas: '没有可显示的配送区域。',
      expand: '展开区域的延误订单',
      count_label: '%{area}：%{kind} %{orders}',
      orders: '%{smart_count} 单',
      close: '收起',
      open_in_list: '在订单列表中查看',
      days_overdue: '逾期',
      days: '%{smart_count} 天',
      none: '没有延误的订单。',
      no_supplier: '未指定供应商',
      range: '第 %{from}-%{to} 条，共 %{count} 条',
      load_error: '无法加载流程监控数据，请稍后重试',
    },
  },
  en: {
    process_monitoring: {
      intro: 'Delay warnings by delivery area, as of %{today} (server time). Click a count to see the orders behind it.',
      refresh: 'Refresh',
      kinds: {
        pulling_out: 'Pulling-out delay',
        mos: 'MOS delay',
        delayed: 'Orders delayed',
      },
      definitions: {
        pulling_out: 'Pickup date has passed and the order is not in transit yet',
        mos: 'MOS date has passed and the order is not completed',
        delayed: 'Orders with a pulling-out or a MOS delay',
      },
      by_area: 'By delivery area',
      by_area_hint: 'Click a count or expand an area to see its orders, the most overdue first.',
      all_areas: 'All areas',
      no_areas: 'No delivery areas to show.',
      expand: 'Show the delayed orders of the area',
      count_label: '%{kind} in %{area}: %{orders}',
      orders: '1 order |||| %{smart_count} orders',
      close: 'Close',
      open_in_list: 'Open in order list',
      days_overdue: 'Overdue',
      days: '1 day |||| %{smart_count} days',
      none: 'No delayed orders.',
      no_supplier: 'No supplier',
      range: '%{from}-%{to} of %{count}',
      load_error: 'Unable to load process monitoring data, please try again later',
    },
  },
};

export default messages;
