import type { ModuleMessages } from '../catalogs';

/** This module's texts, merged into the catalogs (cn and en must hold the same keys). */
const messages: ModuleMessages = {
  cn: {
    resources: {
      warehouses: {
        name: '仓库 |||| 仓库',
        notifications: {
          created: '仓库已创建',
          updated: '仓库已更新',
          deleted: '已删除 %{smart_count} 个仓库',
        },
        fields: {
          id: 'ID',
          code: '仓库编码',
          name: '仓库名称',
          address: '地址',
          contactPerson: '联系人',
          contactPhone: '联系电话',
          status: '状态',
          createdAt: '创建时间',
          updatedAt: '更新时间',
        },
      },
    },
    warehouses: {
      titles: {
        list: '仓库管理',
        create: '新建仓库',
        edit: '编辑仓库：%{name}',
      },
      search: '搜索编码、名称、地址或联系人',
      sections: {
        warehouse: '基本信息',
        contact: '联系方式与状态',
      },
      helper: {
        code: '最多 32 个字符：字母、数字、_ . -',
      },
      empty: {
        title: '还没有仓库',
        body: '添加第一个提货仓库后，新建订单时即可选择它。',
      },
      messages: {
        delete_content: '确定要删除该仓库吗？此操作无法撤销。',
        bulk_delete_content: '确定要删除选中的 %{smart_count} 个仓库吗？此操作无法撤销。',
      },
      errors: {
        code_taken: '已存在相同编码的仓库',
      },
    },
  },
  en: {
    resources: {
      warehouses: {
        name: 'Warehouse |||| Warehouses',
        notifications: {
          created: 'Warehouse created',
          updated: 'Warehouse updated',
          deleted: 'Warehouse deleted |||| %{smart_count} warehouses deleted',
        },
        fields: {
          id: 'ID',
          code: 'Warehouse code',
          name: 'Warehouse name',
          address: 'Address',
          contactPerson: 'Contact person',
          contactPhone: 'Contact phone',
          status: 'Status',
          createdAt: 'Created',
          updatedAt: 'Updated',
        },
      },
    },
    warehouses: {
      titles: {
        list: 'Warehouses',
        create: 'New warehouse',
        edit: 'Edit warehouse: %{name}',
      },
      search: 'Search code, name, address, contact',
      sections: {
        warehouse: 'Warehouse',
        contact: 'Contact and status',
      },
      helper: {
        code: 'Up to 32 characters: letters, digits, _ . -',
      },
      empty: {
        title: 'No warehouses yet',
        body: 'Add the first pickup warehouse, then pick it when you create an order.',
      },
      messages: {
        delete_content: 'Are you sure you want to delete this warehouse? This action cannot be undone.',
        bulk_delete_content: 'Are you sure you want to delete the selected warehouse? This action cannot be undone. '
          + '|||| Are you sure you want to delete the %{smart_count} selected warehouses? This action cannot be undone.',
      },
      errors: {
        code_taken: 'A warehouse with this code already exists',
      },
    },
  },
};
export default messages;
