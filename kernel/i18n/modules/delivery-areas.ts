import type { ModuleMessages } from '../catalogs';

/** This module's texts, merged into the catalogs (cn and en must hold the same keys). */
const messages: ModuleMessages = {
  cn: {
    resources: {
      'delivery-areas': {
        name: '配送区域 |||| 配送区域',
        notifications: {
          created: '配送区域已创建',
          updated: '配送区域已更新',
          deleted: '已删除 %{smart_count} 个配送区域',
        },
        fields: {
          id: 'ID',
          code: '区域编码',
          name: '区域名称',
          region: '大区',
          description: '说明',
          status: '状态',
          createdAt: '创建时间',
          updatedAt: '更新时间',
        },
      },
    },
    delivery_areas: {
      titles: {
        list: '配送区域管理',
        create: '新建配送区域',
        edit: '编辑配送区域：%{name}',
      },
      search: '搜索编码、名称或大区',
      sections: {
        area: '基本信息',
        details: '说明与状态',
      },
      helper: {
        code: '最多 32 个字符：字母、数字、_ . -',
        region: '例如：华东、华南',
      },
      empty: {
        title: '还没有配送区域',
        body: '添加配送区域后，即可为订单、供应商和区域调度员指定区域。',
      },
      messages: {
        delete_content: '确定要删除该配送区域吗？此操作无法撤销。',
        bulk_delete_content: '确定要删除选中的 %{smart_count} 个配送区域吗？此操作无法撤销。',
      },
      errors: {
        code_taken: '已存在相同编码的配送区域',
      },
    },
  },
  en: {
    resources: {
      'delivery-areas': {
        name: 'Delivery area |||| Delivery areas',
        notifications: {
          created: 'Delivery area created',
          updated: 'Delivery area updated',
          deleted: 'Delivery area deleted |||| %{smart_count} delivery areas deleted',
        },
        fields: {
          id: 'ID',
          code: 'Area code',
          name: 'Area name',
          region: 'Region',
          description: 'Description',
          status: 'Status',
          createdAt: 'Created',
          updatedAt: 'Updated',
        },
      },
    },
    delivery_areas: {
      titles: {
        list: 'Delivery areas',
        create: 'New delivery area',
        edit: 'Edit delivery area: %{name}',
      },
      search: 'Search code, name or region',
      sections: {
        area: 'Area',
        details: 'Description and status',
      },
      helper: {
        code: 'Up to 32 characters: letters, digits, _ . -',
        region: 'For example: East, South',
      },
      empty: {
        title: 'No delivery areas yet',
        body: 'Add delivery areas to assign them to orders, suppliers and regional dispatchers.',
      },
      messages: {
        delete_content: 'Are you sure you want to delete this delivery area? This action cannot be undone.',
        bulk_delete_content: 'Are you sure you want to delete the selected delivery area? This action cannot be undone. '
          + '|||| Are you sure you want to delete the %{smart_count} selected delivery areas? This action cannot be undone.',
      },
      errors: {
        code_taken: 'A delivery area with this code already exists',
      },
    },
  },
};
export default messages;
