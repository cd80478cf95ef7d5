import type { ModuleMessages } from '../catalogs';

/**
 * The order list's "Edit selected" (docs/order-status-flow.md#bulk-edit): its dialog, its toast
 * and its refusals, one text per field code of bulk_edit_refused.
 */
const messages: ModuleMessages = {
  cn: {
    bulk_edit: {
      action: '批量编辑',
      title: '编辑选中的 %{smart_count} 个订单',
      intro: '勾选要修改的字段并填写新值，这些值将写入每个选中的订单；未勾选的字段保持不变。',
      will_change: '将修改 %{smart_count} 个订单',
      none_ticked: '请至少勾选一个要修改的字段',
      change_field: '修改%{field}',
      empty_clears: '留空则清除',
      save: '保存',
      saving: '保存中…',
      selection: '选中的订单',
      toast: {
        updated: '已更新 %{smart_count} 个订单',
      },
      refused: {
        order_completed: '已完成的订单不能修改日期：%{orders}',
        area_denied: '该配送区域不在您的负责范围内，不能将这些订单移入：%{orders}',
        dates_out_of_order: '修改后 MOS 日期或完成日期将早于提货日期：%{orders}',
      },
    },
  },
  en: {
    bulk_edit: {
      action: 'Edit selected',
      title: 'Edit the selected order |||| Edit %{smart_count} selected orders',
      intro: 'Tick the fields to change and set their new values: they are written to every selected order. Fields not ticked stay as they are.',
      will_change: '1 order will change |||| %{smart_count} orders will change',
      none_ticked: 'Tick at least one field to change',
      change_field: 'Change %{field}',
      empty_clears: 'Left empty, it is cleared',
      save: 'Save',
      saving: 'Saving…',
      selection: 'Selected orders',
      toast: {
        updated: '1 order updated |||| %{smart_count} orders updated',
      },
      refused: {
        order_completed: 'Completed orders keep their dates: %{orders}',
        area_denied: 'This delivery area is not one of yours, so these orders cannot move there: %{orders}',
        dates_out_of_order: 'After the change the MOS or completion date would fall before the pickup date: %{orders}',
      },
    },
  },
};
export default messages;
