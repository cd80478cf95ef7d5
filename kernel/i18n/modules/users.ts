import type { ModuleMessages } from '../catalogs';

/** This module's texts, merged into the catalogs (cn and en must hold the same keys). */
const messages: ModuleMessages = {
  cn: {
    resources: {
      users: {
        name: '用户 |||| 用户',
        fields: {
          id: 'ID',
          username: '用户名',
          name: '姓名',
          firstName: '名',
          lastName: '姓',
          role: '角色',
          status: '状态',
          email: '邮箱',
          phone: '电话',
          deliveryAreaIds: '负责配送区域',
          lastLoginAt: '最近登录',
          createdAt: '创建时间',
          updatedAt: '更新时间',
          version: '版本',
          password: '密码',
          confirmPassword: '确认密码',
        },
      },
    },
    users: {
      sections: {
        account: '账号',
        profile: '个人资料',
        access: '角色与状态',
        details: '账号信息',
      },
      helper: {
        username: '3–64 个字符：字母、数字、_ . @ -',
        password: '8–128 个字符，不能是常见密码',
        delivery_areas: '区域调度员只能查看和编辑这些配送区域的订单',
        self_status: '不能停用自己的账号',
        admin_only: '只有管理员可以修改管理员、总监和经理的账号。',
      },
      actions: {
        activate: '激活',
        reset_password: '重置密码',
        sign_out_everywhere: '全部登出',
      },
      reset_password: {
        title: '重置 %{username} 的密码',
        body: '设置新密码后，该用户的所有会话都会结束，需要用新密码重新登录。',
        new_password: '新密码',
        confirm: '重置',
      },
      sign_out_everywhere: {
        title: '让 %{username} 全部登出？',
        body: '该用户在所有设备和浏览器上的会话都会立即结束。',
      },
      notifications: {
        activated: '%{username} 已激活',
        password_reset: '%{username} 的密码已重置，其会话已全部结束',
        signed_out: '%{username} 已在所有地方登出（结束 %{count} 个会话）',
      },
      errors: {
        username_taken: '该用户名已被占用',
        password_common: '该密码过于常见，请换一个',
        areas_for_dispatchers: '只有区域调度员才有配送区域',
      },
    },
  },
  en: {
    resources: {
      users: {
        name: 'User |||| Users',
        fields: {
          id: 'ID',
          username: 'Username',
          name: 'Name',
          firstName: 'First name',
          lastName: 'Last name',
          role: 'Role',
          status: 'Status',
          email: 'Email',
          phone: 'Phone',
          deliveryAreaIds: 'Delivery areas',
          lastLoginAt: 'Last login',
          createdAt: 'Created',
          updatedAt: 'Updated',
          version: 'Version',
          password: 'Password',
          confirmPassword: 'Confirm password',
        },
      },
    },
    users: {
      sections: {
        account: 'Account',
        profile: 'Profile',
        access: 'Role and status',
        details: 'Account details',
      },
      helper: {
        username: '3–64 characters: letters, digits, _ . @ -',
        password: '8–128 characters, not a common password',
        delivery_areas: 'A regional dispatcher sees and edits only the orders of these delivery areas',
        self_status: 'You cannot deactivate your own account',
        admin_only: 'Only an administrator may change the account of an administrator, a director or a manager.',
      },
      actions: {
        activate: 'Activate',
        reset_password: 'Reset password',
        sign_out_everywhere: 'Sign out everywhere',
      },
      reset_password: {
        title: 'Reset the password of %{username}',
        body: 'Once the new password is set, all sessions of this user end and they sign in again with it.',
        new_password: 'New password',
        confirm: 'Reset',
      },
      sign_out_everywhere: {
        title: 'Sign %{username} out everywhere?',
        body: 'The sessions of this user on every device and browser end at once.',
      },
      notifications: {
        activated: '%{username} is active now',
        password_reset: 'The password of %{username} is reset and their sessions have ended',
        signed_out: '%{username} is signed out everywhere (%{count} sessions ended)',
      },
      errors: {
        username_taken: 'This username is already taken',
        password_common: 'This password is too common, choose another',
        areas_for_dispatchers: 'Only regional dispatchers have delivery areas',
      },
    },
  },
};
export default messages;
