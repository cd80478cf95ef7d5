import type { ModuleMessages } from '../catalogs';

/** This module's texts, merged into the catalogs (cn and en must hold the same keys). */
const messages: ModuleMessages = {
  cn: {
    resources: {
      suppliers: {
        name: '供应商 |||| 供应商',
        notifications: {
          created: '供应商已创建',
          updated: '供应商已更新',
          deleted: '已删除 %{smart_count} 个供应商',
        },
        fields: {
          id: 'ID',
          name: '供应商名称',
          shortName: '简称',
          contactPerson: '联系人',
          contactPhone: '联系电话',
          contactEmail: '联系邮箱',
          website: '网站',
          address: '地址',
          serviceAreaIds: '服务区域',
          status: '状态',
          createdAt: '创建时间',
          updatedAt: '更新时间',
        },
      },
    },
    suppliers: {
      titles: {
        list: '供应商管理',
        create: '新建供应商',
        edit: '编辑供应商：%{name}',
      },
      search: '搜索名称、联系人、电话或邮箱',
      sections: {
        company: '基本信息',
        contact: '联系方式',
        service: '服务区域与状态',
      },
      helper: {
        website: '以 http:// 或 https:// 开头',
        service_areas: '该供应商提供服务的配送区域，可多选',
      },
      empty: {
        title: '还没有供应商',
        body: '添加第一家供应商后，新建订单时即可选择它。',
      },
      messages: {
        delete_content: '确定要删除该供应商吗？此操作无法撤销。',
        bulk_delete_content: '确定要删除选中的 %{smart_count} 个供应商吗？此操作无法撤销。',
        incomplete: '该供应商的联系人、联系电话、联系邮箱或地址尚未填写，保存前请补全。',
      },
      validation: {
        name_required: '供应商名称为必填项',
      },
      errors: {
        name_taken: '已存在同名的供应商',
        unknown_area: '所选配送区域已不存在，请重新选择',
      },
    },
  },
  en: {
    resources: {
      suppliers: {
        name: 'Supplier |||| Suppliers',
        notifications: {
          created: 'Supplier created',
          updated: 'Supplier updated',
          deleted: 'Supplier deleted |||| %{smart_count} suppliers deleted',
        },
        fields: {
          id: 'ID',
          name: 'Supplier name',
          shortName: 'Short name',
          contactPerson: 'Contact person',
          contactPhone: 'Contact phone',
          contactEmail: 'Contact email',
          website: 'Website',
          address: 'Address',
          serviceAreaIds: 'Service areas',
          status: 'Status',
          createdAt: 'Created',
          updatedAt: 'Updated',
        },
      },
    },
    suppliers: {
      titles: {
        list: 'Suppliers',
        create: 'New supplier',
        edit: 'Edit supplier: %{name}',
      },
      search: 'Search name, contact, phone or email',
      sections: {
        company: 'Company',
        contact: 'Contact',
        service: 'Service areas and status',
      },
      helper: {
        website: 'Starts with http:// or https://',
        service_areas: 'The delivery areas this supplier serves; choose any number',
      },
      empty: {
        title: 'No suppliers yet',
        body: 'Add the first supplier, then pick it when you create an order.',
      },
      messages: {
        delete_content: 'Are you sure you want to delete this supplier? This action cannot be undone.',
        bulk_delete_content: 'Are you sure you want to delete the selected supplier? This action cannot be undone. '
          + '|||| Are you sure you want to delete the %{smart_count} selected suppliers? This action cannot be undone.',
        incomplete: 'This supplier has no contact person, contact phone, contact email or address yet: fill them in to save.',
      },
      validation: {
        name_required: 'Supplier name is required',
      },
      errors: {
        name_taken: 'A supplier with this name already exists',
        unknown_area: 'A chosen delivery area no longer exists: choose again',
      },
    },
  },
};
export default messages;
