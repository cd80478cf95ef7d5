import type { ModuleMessages } from '../catalogs';

/** API tokens of the integrations page (DESIGN §15, docs/api-conventions.md#api-tokens). */
const messages: ModuleMessages = {
  cn: {
    resources: {
      'api-tokens': {
        name: 'API 令牌 |||| API 令牌',
        fields: {
          id: 'ID',
          name: '名称',
          userId: '代表用户',
          userName: '代表用户',
          prefix: '令牌开头',
          expiresAt: '到期时间',
          expiresInDays: '有效天数',
          lastUsedAt: '最近使用',
          lastUsedIp: '最近使用的 IP',
          createdAt: '创建时间',
        },
      },
    },
    entity_types: { api_token: 'API 令牌' },
    activity_logs: { via_token: '经由令牌“%{name}”' },
    api_tokens: {
      title: 'API 令牌',
      intro: '客户的系统用令牌调用本系统的接口（请求头 Authorization: Bearer <令牌>），权限与所代表的用户完全相同。令牌只在创建时显示一次。',
      create_title: '新建 API 令牌',
      days: '%{smart_count} 天 |||| %{smart_count} 天',
      never_used: '从未使用',
      expired: '已过期',
      helper: {
        user: '令牌以该用户的身份访问：同样的页面权限和配送区域',
        name: '例如：客户 ERP 下单接口',
      },
      created: {
        title: '令牌已创建：请现在复制',
        body: '这是唯一一次显示完整令牌。关闭后只能看到开头几位；丢失后请撤销并新建。',
        copy: '复制令牌',
        copied: '已复制到剪贴板',
        done: '我已保存，返回列表',
      },
      revoke: {
        action: '撤销',
        title: '撤销令牌“%{name}”？',
        body: '使用该令牌的系统将立即被拒绝访问。撤销后无法恢复，只能新建令牌。',
        done: '令牌“%{name}”已撤销',
      },
      empty: {
        title: '还没有 API 令牌',
        body: '为客户的系统新建一个令牌，让它通过接口下单和查询订单。',
      },
    },
  },
  en: {
    resources: {
      'api-tokens': {
        name: 'API token |||| API tokens',
        fields: {
          id: 'ID',
          name: 'Name',
          userId: 'Acts as',
          userName: 'Acts as',
          prefix: 'Starts with',
          expiresAt: 'Expires',
          expiresInDays: 'Valid for',
          lastUsedAt: 'Last used',
          lastUsedIp: 'Last used from',
          createdAt: 'Created',
        },
      },
    },
    entity_types: { api_token: 'API token' },
    activity_logs: { via_token: 'via token "%{name}"' },
    api_tokens: {
      title: 'API tokens',
      intro: 'A customer\'s system calls this API with a token (header Authorization: Bearer <token>) and may do exactly what the user it acts as may. A token is shown once, when it is made.',
      create_title: 'New API token',
      days: '%{smart_count} day |||| %{smart_count} days',
      never_used: 'Never used',
      expired: 'Expired',
      helper: {
        user: 'The token acts as this user: the same pages and delivery areas',
        name: 'For example: customer ERP order feed',
      },
      created: {
        title: 'Token made: copy it now',
        body: 'This is the only time the whole token is shown. Later you see only its first characters; if it is lost, revoke it and make a new one.',
        copy: 'Copy token',
        copied: 'Copied to the clipboard',
        done: 'I have saved it: back to the list',
      },
      revoke: {
        action: 'Revoke',
        title: 'Revoke the token "%{name}"?',
        body: 'Systems using this token are refused at once. A revoked token cannot be restored: you would make a new one.',
        done: 'Token "%{name}" revoked',
      },
      empty: {
        title: 'No API tokens yet',
        body: 'Make a token for a customer\'s system, so that it can send orders and read them through the API.',
      },
    },
  },
};

export default messages;
