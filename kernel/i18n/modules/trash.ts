import type { ModuleMessages } from '../catalogs';

/** This module's texts, merged into the catalogs (cn and en must hold the same keys). */
const messages: ModuleMessages = {
  cn: {
    resources: {
      trash: {
        name: '回收站 |||| 回收站',
        fields: {
          id: '编号',
          type: '类型',
          entityId: '记录编号',
          name: '名称',
          deletedBy: '删除人',
          deletedByName: '删除人',
          deletedAt: '删除时间',
        },
      },
    },
    trash: {
      actions: {
        restore: '恢复',
        purge: '永久删除',
      },
      deleted: {
        moved: '已移至回收站',
        moved_many: '%{count} 条记录已移至回收站',
        restored: '已恢复',
      },
      purge: {
        title: '永久删除“%{name}”？',
        body: '“%{name}”将被彻底删除，无法再恢复。操作日志会保留这条记录的内容。',
      },
      notifications: {
        restored: '“%{name}”已恢复',
        restored_many: '已恢复 %{count} 条记录',
        purged: '“%{name}”已永久删除',
      },
      errors: {
        restore_failed: '无法恢复：%{message}',
        purge_failed: '无法永久删除：%{message}',
      },
      empty: {
        title: '回收站是空的',
        body: '删除的供应商、仓库、车型、配送区域、用户和订单会出现在这里，可以恢复。',
      },
    },
  },
  en: {
    resources: {
      trash: {
        name: 'Trash |||| Trash',
        fields: {
          id: 'ID',
          type: 'Type',
          entityId: 'Record ID',
          name: 'Name',
          deletedBy: 'Deleted by',
          deletedByName: 'Deleted by',
          deletedAt: 'Deleted at',
        },
      },
    },
    trash: {
      actions: {
        restore: 'Restore',
        purge: 'Delete permanently',
      },
      deleted: {
        moved: 'Moved to the trash',
        moved_many: '%{count} records moved to the trash',
        restored: 'Restored',
      },
      purge: {
        title: 'Delete "%{name}" permanently?',
        body: '"%{name}" will be removed for good and cannot be restored. The activity log keeps a copy of its contents.',
      },
      notifications: {
        restored: '"%{name}" is restored',
        restored_many: '%{count} records restored',
        purged: '"%{name}" is deleted permanently',
      },
      errors: {
        restore_failed: 'Could not restore: %{message}',
        purge_failed: 'Could not delete permanently: %{message}',
      },
      empty: {
        title: 'The trash is empty',
        body: 'Deleted suppliers, warehouses, vehicle types, delivery areas, users and orders wait here to be restored.',
      },
    },
  },
};
export default messages;
