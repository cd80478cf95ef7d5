import type { ModuleMessages } from '../catalogs';

/**
 * E-mail (docs/email.md): the mails the worker writes in each person's language (subject and text
 * per template: the notification kinds, the daily digest and the report CSV), and the admins'
 * outbox screen.
 */
const messages: ModuleMessages = {
  cn: {
    resources: {
      'mail-outbox': {
        name: '邮件发件箱 |||| 邮件发件箱',
        fields: {
          id: 'ID',
          userId: '收件人',
          userName: '收件人',
          email: '邮箱地址',
          template: '邮件类型',
          status: '状态',
          attempts: '尝试次数',
          nextAttemptAt: '下次尝试',
          lastError: '最近错误',
          sentAt: '发送时间',
          createdAt: '排队时间',
        },
      },
    },
    mail: {
      title: '邮件发件箱',
      search: '搜索错误信息',
      off: '邮件功能未开启（未设置 SMTP_URL）',
      empty: { title: '发件箱是空的', body: '通知邮件、每日摘要和报表订阅的邮件会在这里列出，包括发送状态和失败原因。' },
      retry: '重试',
      retried: '已重新排队，将尽快发送',
      templates: {
        late_pulling_out: '提货延误',
        late_mos: 'MOS 延误',
        order_moved: '订单状态变更',
        registration_pending: '注册待激活',
        webhook_paused: 'Webhook 已暂停',
        digest: '每日延误摘要',
        report: '报表订阅',
      },
      statuses: {
        pending: '待发送',
        sending: '发送中',
        sent: '已发送',
        failed: '失败',
      },
      errors: {
        no_address: '收件人没有邮箱地址',
        no_recipient: '收件人账号已停用或已删除',
        interrupted: '发送中断（服务器在发送时停止），是否已送达未知',
        no_access: '收件人已无权查看报表',
      },
      greeting: '%{name}，您好：',
      footer: '此邮件由物流后台自动发送，请勿直接回复。可在“通知设置”中更改邮件通知。',
      order_line: '%{mtm}（%{dn}）',
      digest_line: '- %{order}：%{kind}',
      subjects: {
        late_pulling_out: '[提货延误] 订单 %{mtm}',
        late_mos: '[MOS 延误] 订单 %{mtm}',
        order_moved: '[状态变更] 订单 %{mtm}',
        registration_pending: '[待激活] 新注册账号 %{username}',
        webhook_paused: '[已暂停] Webhook %{url}',
        digest: '[每日摘要] %{date} 共 %{count} 个延误订单',
        report: '[报表] %{period}报表 %{date}',
      },
      bodies: {
        late_pulling_out: '订单 %{mtm}（%{dn}）提货延误：提货日期 %{pickupDate} 已过，订单仍未进入运输。',
        late_mos: '订单 %{mtm}（%{dn}）MOS 延误：MOS 日期 %{mosDate} 已过，订单仍未送达。',
        order_moved: '订单 %{mtm}（%{dn}）已由 %{by} 变更为“%{status}”。',
        registration_pending: '新账号 %{username} 已注册，等待激活。',
        webhook_paused: '发往 %{url} 的推送已连续失败 3 天，该 Webhook 已暂停。请检查接收方后在“集成”中重新启用；暂停期间的事件不会丢失。',
        digest: '截至 %{date}，您有 %{count} 个延误订单：',
        digest_more: '……另有 %{count} 个，请在流程监控中查看。',
        report: '附件为 %{date} 的%{period}报表（CSV）。',
      },
      digest_kinds: {
        pulling_out: '提货延误',
        mos: 'MOS 延误',
      },
      periods: {
        daily: '每日',
        weekly: '每周',
        monthly: '每月',
      },
    },
    activity_logs: {
      actions: { retry: '重试' },
      change_fields: { language: '语言' },
    },
    entity_types: {
      mail: '邮件',
      mail_settings: '邮件设置',
    },
    errors: {
      mail_not_failed: '只有发送失败的邮件可以重试',
    },
  },
  en: {
    resources: {
      'mail-outbox': {
        name: 'Mail outbox |||| Mail outbox',
        fields: {
          id: 'ID',
          userId: 'Recipient',
          userName: 'Recipient',
          email: 'Address',
          template: 'Mail',
          status: 'Status',
          attempts: 'Attempts',
          nextAttemptAt: 'Next attempt',
          lastError: 'Last error',
          sentAt: 'Sent',
          createdAt: 'Queued',
        },
      },
    },
    mail: {
      title: 'Mail outbox',
      search: 'Search the last errors',
      off: 'E-mail is off (SMTP_URL is not set)',
      empty: { title: 'The outbox is empty', body: 'Notification mails, daily digests and report subscriptions are listed here, with whether they went out and why not.' },
      retry: 'Retry',
      retried: 'Queued again: it is sent shortly',
      templates: {
        late_pulling_out: 'Late pulling out',
        late_mos: 'Late MOS',
        order_moved: 'Order moved',
        registration_pending: 'Registration pending',
        webhook_paused: 'Webhook paused',
        digest: 'Daily digest',
        report: 'Report subscription',
      },
      statuses: {
        pending: 'Pending',
        sending: 'Sending',
        sent: 'Sent',
        failed: 'Failed',
      },
      errors: {
        no_address: 'The recipient has no e-mail address',
        no_recipient: 'The recipient\'s account is deactivated or deleted',
        interrupted: 'Interrupted (the server stopped while sending): it may or may not have arrived',
        no_access: 'The recipient may no longer see the reports',
      },
      greeting: 'Hello %{name},',
      footer: 'This mail was sent by the logistics back-office; please do not reply. Change your e-mail notifications under "Notification settings".',
      order_line: '%{mtm} (%{dn})',
      digest_line: '- %{order}: %{kind}',
      subjects: {
        late_pulling_out: '[Late pulling out] Order %{mtm}',
        late_mos: '[Late MOS] Order %{mtm}',
        order_moved: '[Order moved] Order %{mtm}',
        registration_pending: '[Activation waiting] New registration %{username}',
        webhook_paused: '[Paused] Webhook %{url}',
        digest: '[Daily digest] %{count} late orders on %{date}',
        report: '[Report] %{period} report of %{date}',
      },
      bodies: {
        late_pulling_out: 'Order %{mtm} (%{dn}) is late for pulling out: its pickup date %{pickupDate} has passed and it is not yet in transit.',
        late_mos: 'Order %{mtm} (%{dn}) is late for MOS: its MOS date %{mosDate} has passed and it is not yet delivered.',
        order_moved: 'Order %{mtm} (%{dn}) was moved to "%{status}" by %{by}.',
        registration_pending: 'The new account %{username} has registered and waits for activation.',
        webhook_paused: 'Deliveries to %{url} have failed for 3 days, so the webhook is paused. Check the receiver, then make the webhook active again under Integrations; no event is lost meanwhile.',
        digest: 'On %{date} you have %{count} late orders:',
        digest_more: '… and %{count} more: see process monitoring.',
        report: 'Attached: the %{period} report of %{date} (CSV).',
      },
      digest_kinds: {
        pulling_out: 'late pulling out',
        mos: 'late MOS',
      },
      periods: {
        daily: 'daily',
        weekly: 'weekly',
        monthly: 'monthly',
      },
    },
    activity_logs: {
      actions: { retry: 'Retry' },
      change_fields: { language: 'Language' },
    },
    entity_types: {
      mail: 'Mail',
      mail_settings: 'Mail settings',
    },
    errors: {
      mail_not_failed: 'Only a mail that failed can be retried',
    },
  },
};

export default messages;
