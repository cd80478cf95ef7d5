import type { ModuleMessages } from '../catalogs';

/** "Where you're signed in": one's own sessions from the user menu, a managed account's on its page (DESIGN §16). */
const messages: ModuleMessages = {
  cn: {
    sessions: {
      menu: '登录设备',
      title: '您在哪些地方登录',
      intro: '以下是您当前有效的登录。结束某个登录后，该设备需重新登录。',
      user_title: '登录设备',
      current: '本设备',
      unknown_browser: '未知浏览器',
      browser_on: '%{browser}（%{os}）',
      signed_in: '登录于 %{time}',
      last_seen: '最近活动 %{time}',
      ip: 'IP %{ip}',
      end: '结束',
      end_current: '退出登录',
      end_others: '结束其他所有登录',
      end_others_title: '结束其他所有登录？',
      end_others_body: '除本设备外，其他 %{smart_count} 处登录都将立即退出。',
      ended: '已结束 %{smart_count} 处登录',
      none: '没有其他有效的登录',
      none_user: '当前没有有效的登录',
      failed: '无法读取登录列表',
    },
    activity_logs: { actions: { end_session: '结束登录' } },
  },
  en: {
    sessions: {
      menu: 'Where you\'re signed in',
      title: 'Where you\'re signed in',
      intro: 'These are your live sign-ins. Ending one signs that device out: it must sign in again.',
      user_title: 'Signed in on',
      current: 'This device',
      unknown_browser: 'Unknown browser',
      browser_on: '%{browser} on %{os}',
      signed_in: 'Signed in %{time}',
      last_seen: 'Last active %{time}',
      ip: 'IP %{ip}',
      end: 'End',
      end_current: 'Sign out',
      end_others: 'End all other sessions',
      end_others_title: 'End all other sessions?',
      end_others_body: 'The other sign-in will be signed out at once. |||| The %{smart_count} other sign-ins will be signed out at once.',
      ended: '1 session ended |||| %{smart_count} sessions ended',
      none: 'No other live sign-ins',
      none_user: 'Not signed in anywhere',
      failed: 'Could not read the sign-ins',
    },
    activity_logs: { actions: { end_session: 'Session ended' } },
  },
};

export default messages;
