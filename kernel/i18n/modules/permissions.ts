import type { ModuleMessages } from '../catalogs';

/** This page's texts, merged into the catalogs (cn and en must hold the same keys). */
const messages: ModuleMessages = {
  cn: {
    permissions: {
      matrix: {
        title: '角色默认页面',
        help: '勾选每个角色默认可以访问的页面。管理员始终可以访问全部页面。',
        page: '页面',
        checkbox: '%{role}：%{page}',
      },
      admin_only: '只有管理员可以管理权限',
      field_groups: {
        order: { purchase_prices: '可见采购价', sale_prices: '可见销售价' },
        help: '勾选的角色可以看到、排序、筛选和修改订单的这一组价格（基础价、拖车费、空跑费和 MTM 价）；毛利需要两组都勾选。未勾选的角色在列表、详情、导出、报表、日志和 Webhook 中都看不到这些价格。',
      },
      users: {
        title: '用户例外',
        help: '为个别用户额外授予页面，或在其角色默认页面之外禁止某些页面。',
        none: '目前没有用户例外。',
        user: '用户',
        grants: '额外授予',
        denials: '禁止访问',
        add_grants: '添加授予的页面',
        add_denials: '添加禁止的页面',
        add: '为用户添加例外',
        remove: '移除该用户的例外',
        list_label: '%{user}的%{list}页面',
      },
      actions: {
        save: '保存',
        reset: '撤销修改',
      },
      pending: '未保存的修改：角色 %{roles} 个，用户 %{users} 个',
      no_changes: '没有未保存的修改',
      confirm: {
        title: '保存权限修改？',
        body: '要保存的修改：角色 %{roles} 个，用户 %{users} 个。修改立即生效：相关用户的菜单和可访问页面会马上变化。',
      },
      notifications: {
        saved: '权限已保存并立即生效',
      },
      errors: {
        conflict: '权限已被其他管理员修改，已重新加载，请再次修改。',
        save_failed: '保存失败：%{message}',
        load_failed: '无法加载权限数据，请稍后重试。',
      },
    },
  },
  en: {
    permissions: {
      matrix: {
        title: 'Default pages of each role',
        help: 'Tick the pages each role may open by default. Administrators always have every page.',
        page: 'Page',
        checkbox: '%{role}: %{page}',
      },
      admin_only: 'Only administrators manage permissions',
      field_groups: {
        order: { purchase_prices: 'Sees purchase prices', sale_prices: 'Sees sale prices' },
        help: 'The roles ticked see, sort, filter and change this side of an order\'s prices (base, hauling, foul trip and MTM price); the margin needs both. The others never get them: not in lists, details, exports, reports, the log or webhooks.',
      },
      users: {
        title: 'Per-user exceptions',
        help: 'Grant a user pages beyond their role, or deny them pages their role has.',
        none: 'No user has exceptions yet.',
        user: 'User',
        grants: 'Also granted',
        denials: 'Denied',
        add_grants: 'Add a granted page',
        add_denials: 'Add a denied page',
        add: 'Add exceptions for a user',
        remove: 'Remove this user\'s exceptions',
        list_label: '%{list} pages of %{user}',
      },
      actions: {
        save: 'Save',
        reset: 'Undo changes',
      },
      pending: 'Unsaved changes: roles %{roles}, users %{users}',
      no_changes: 'No unsaved changes',
      confirm: {
        title: 'Save the permission changes?',
        body: 'Changes to save: roles %{roles}, users %{users}. They apply at once: the menus and pages of the users concerned change on their next request.',
      },
      notifications: {
        saved: 'Permissions saved; they apply at once',
      },
      errors: {
        conflict: 'Another administrator changed the permissions meanwhile. They are reloaded: apply your change again.',
        save_failed: 'Could not save: %{message}',
        load_failed: 'The permissions could not be loaded, please try again later.',
      },
    },
  },
};
export default messages;
