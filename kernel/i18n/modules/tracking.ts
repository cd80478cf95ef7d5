import type { ModuleMessages } from '../catalogs';

/** The public tracking page and the order detail's tracking link (DESIGN §15, docs/tracking-links.md). */
const messages: ModuleMessages = {
  cn: {
    tracking: {
      title: '订单跟踪',
      dn: 'DN 号',
      status: '当前状态',
      area: '配送区域',
      pickup_date: '提货日期',
      mos_date: 'MOS 日期',
      completion_date: '完成日期',
      timeline: '状态记录',
      not_found_title: '找不到这个跟踪链接',
      not_found_body: '链接可能输错了、已被新链接取代，或订单完成已超过 30 天。请向发货方索取新的链接。',
      failed: '暂时无法读取订单状态，请稍后再试。',
      retry: '重试',
      link: {
        copy: '复制跟踪链接',
        copied: '跟踪链接已复制：%{url}',
        renew: '新链接',
        renew_title: '生成新的跟踪链接？',
        renew_body: '旧链接将立即失效，已收到旧链接的人将无法再查看。',
        renewed: '已生成新的跟踪链接并复制：%{url}',
        help: '收货方无需登录即可查看订单进度（不含价格和联系人）',
      },
    },
    activity_logs: { actions: { tracking_link: '跟踪链接' } },
  },
  en: {
    tracking: {
      title: 'Order tracking',
      dn: 'DN number',
      status: 'Status',
      area: 'Delivery area',
      pickup_date: 'Pickup date',
      mos_date: 'MOS date',
      completion_date: 'Completed',
      timeline: 'Status history',
      not_found_title: 'This tracking link was not found',
      not_found_body: 'It may be mistyped, replaced by a newer link, or its order was completed over 30 days ago. Ask the sender for a new link.',
      failed: 'The order\'s status cannot be read just now: try again in a moment.',
      retry: 'Try again',
      link: {
        copy: 'Copy tracking link',
        copied: 'Tracking link copied: %{url}',
        renew: 'New link',
        renew_title: 'Make a new tracking link?',
        renew_body: 'The old link stops at once: whoever has it can no longer see the order.',
        renewed: 'New tracking link made and copied: %{url}',
        help: 'The receiver sees the order\'s progress without signing in (no prices, no contacts)',
      },
    },
    activity_logs: { actions: { tracking_link: 'Tracking link' } },
  },
};

export default messages;
