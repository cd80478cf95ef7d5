import type { ModuleMessages } from '../catalogs';

/**
 * Undo of an action (docs/undo.md): the toast's Undo, the activity log's "Undo this action", and
 * the refusals of its error codes (kernel/errors/errorCodes.ts).
 */
const messages: ModuleMessages = {
  cn: {
    undo: {
      action: '撤销',
      done: '已撤销，%{count} 条记录已恢复原状',
      imported: '已导入 %{smart_count} 个订单',
      this_action: '撤销此操作',
      confirm_title: '撤销此操作？',
      confirm_body: '“%{action}”涉及的 %{count} 条记录将恢复到操作前的状态。撤销本身也会记入操作日志，并可再次撤销。',
      checking: '正在检查能否撤销…',
      by: '%{name} 于 %{at}',
      until: '可撤销至 %{at}',
      refused_title: '未撤销：%{smart_count} 条记录不能恢复，没有任何更改。',
      refused_record: '%{label}：%{reason}',
      refused_record_field: '%{label}（%{field}）：%{reason}',
      refused_more: '……（另有 %{count} 条）',
    },
    history: {
      title: '历史记录',
      empty: '暂无变更记录',
      before_change: '此次变更前',
      after_change: '此次变更后',
      then: '当时',
      now: '现在',
      put_back: '恢复这些值',
      put_back_done: '已将这些值填入表单，保存后生效',
      nothing_to_put_back: '此次变更没有可在此恢复的字段',
      life_event: '这是记录的新建、删除或恢复，下面是记录当时的值；它们不能在此恢复。',
    },
    errors: {
      not_undoable: '此类操作无法撤销',
      undo_expired: '该操作已超过 %{hours} 小时，无法再撤销',
      changed_since: '未撤销：以下记录在此后已被修改：%{records}。没有任何更改。',
      already_undone: '该操作已被撤销',
      undo_refused: '未撤销：以下记录不能恢复：%{records}。没有任何更改。',
      unknown_action: '此操作编号不是为您的会话签发的，或已过期，请重试',
      selection_changed: '符合筛选条件的记录已变化（选择时 %{expected} 条，现在 %{count} 条），请重新选择。没有任何更改。',
    },
  },
  en: {
    undo: {
      action: 'Undo',
      done: 'Undone: %{count} records put back',
      imported: '%{smart_count} orders imported',
      this_action: 'Undo this action',
      confirm_title: 'Undo this action?',
      confirm_body: 'The %{count} records of "%{action}" go back to how they were before it. The undo is logged too, and can itself be undone.',
      checking: 'Checking whether it can be undone…',
      by: '%{name} at %{at}',
      until: 'Can be undone until %{at}',
      refused_title: 'Not undone: 1 record cannot go back. Nothing was changed. |||| Not undone: %{smart_count} records cannot go back. Nothing was changed.',
      refused_record: '%{label}: %{reason}',
      refused_record_field: '%{label} (%{field}): %{reason}',
      refused_more: '… (+%{count})',
    },
    history: {
      title: 'History',
      empty: 'No changes recorded yet',
      before_change: 'Before this change',
      after_change: 'After this change',
      then: 'Then',
      now: 'Now',
      put_back: 'Put back these values',
      put_back_done: 'The values are in the form: save to apply them',
      nothing_to_put_back: 'This change has no field that can be put back here',
      life_event: 'This entry created, deleted or restored the record: below are its values then, which cannot be put back here.',
    },
    errors: {
      not_undoable: 'This kind of action cannot be undone',
      undo_expired: 'This action is more than %{hours} hours old: it can no longer be undone',
      changed_since: 'Not undone: these records were changed since: %{records}. Nothing was changed.',
      already_undone: 'This action was undone already',
      undo_refused: 'Not undone: these records cannot go back: %{records}. Nothing was changed.',
      unknown_action: 'This action id was not issued to your session, or it has expired: try again',
      selection_changed: 'The records matching the filter have changed (%{expected} selected, %{count} now): select again. Nothing was changed.',
    },
  },
};

export default messages;
