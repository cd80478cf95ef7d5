import type { ModuleMessages } from '../catalogs';

/** This module's texts, merged into the catalogs (cn and en must hold the same keys). */
const messages: ModuleMessages = {
  cn: {
    resources: {
      'vehicle-types': {
        name: '车型 |||| 车型',
        notifications: {
          created: '车型已创建',
          updated: '车型已更新',
          deleted: '已删除 %{smart_count} 个车型',
        },
        fields: {
          id: 'ID',
          code: '车型编码',
          name: '车型名称',
          capacityTons: '载重（吨）',
          volumeCbm: '容积（立方米）',
          description: '说明',
          status: '状态',
          createdAt: '创建时间',
          updatedAt: '更新时间',
        },
      },
    },
    vehicle_types: {
      titles: {
        list: '车型管理',
        create: '新建车型',
        edit: '编辑车型：%{name}',
      },
      search: '搜索编码、名称或说明',
      sections: {
        vehicle: '基本信息',
        capacity: '载重与容积',
        details: '说明与状态',
      },
      helper: {
        code: '最多 32 个字符：字母、数字、_ . -',
        measure: '0 至 1000，最多两位小数',
      },
      empty: {
        title: '还没有车型',
        body: '添加车型后，新建订单时即可选择所需车辆。',
      },
      messages: {
        delete_content: '确定要删除该车型吗？此操作无法撤销。',
        bulk_delete_content: '确定要删除选中的 %{smart_count} 个车型吗？此操作无法撤销。',
      },
      validation: {
        two_decimals: '最多两位小数',
      },
      errors: {
        code_taken: '已存在相同编码的车型',
      },
    },
  },
  en: {
    resources: {
      'vehicle-types': {
        name: 'Vehicle type |||| Vehicle types',
        notifications: {
          created: 'Vehicle type created',
          updated: 'Vehicle type updated',
          deleted: 'Vehicle type deleted |||| %{smart_count} vehicle types deleted',
        },
        fields: {
          id: 'ID',
          code: 'Vehicle type code',
          name: 'Vehicle type name',
          capacityTons: 'Capacity (t)',
          volumeCbm: 'Volume (m³)',
          description: 'Description',
          status: 'Status',
          createdAt: 'Created',
          updatedAt: 'Updated',
        },
      },
    },
    vehicle_types: {
      titles: {
        list: 'Vehicle types',
        create: 'New vehicle type',
        edit: 'Edit vehicle type: %{name}',
      },
      search: 'Search code, name or description',
      sections: {
        vehicle: 'Vehicle type',
        capacity: 'Capacity and volume',
        details: 'Description and status',
      },
      helper: {
        code: 'Up to 32 characters: letters, digits, _ . -',
        measure: '0 to 1000, at most two decimals',
      },
      empty: {
        title: 'No vehicle types yet',
        body: 'Add vehicle types, then pick the vehicle an order needs when you create it.',
      },
      messages: {
        delete_content: 'Are you sure you want to delete this vehicle type? This action cannot be undone.',
        bulk_delete_content: 'Are you sure you want to delete the selected vehicle type? This action cannot be undone. '
          + '|||| Are you sure you want to delete the %{smart_count} selected vehicle types? This action cannot be undone.',
      },
      validation: {
        two_decimals: 'At most two decimals',
      },
      errors: {
        code_taken: 'A vehicle type with this code already exists',
      },
    },
  },
};
export default messages;
