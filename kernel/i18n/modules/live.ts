import type { ModuleMessages } from '../catalogs';

/** This module's texts, merged into the catalogs (cn and en must hold the same keys). */
const messages: ModuleMessages = {
  cn: {
    live: {
      changed_by: '%{name} 于 %{time} 修改了此记录。重新加载可看到其修改（您未保存的修改会保留）。',
      reload: '重新加载',
      compare: '比较',
      compare_title: '%{name} 的修改',
      compare_none: '与您打开时的版本相比，没有字段不同。',
      conflicts_title: '以下字段他人也修改了。请选择保留哪个值（不选则保存您的）。',
      theirs: '他人：',
      mine: '您的：',
      use_theirs: '用他们的',
      keep_mine: '保留我的',
      conflict_mark: '他人也修改了此字段：请在上方选择保留哪个值',
      deleted_by: '此%{type}已被 %{name} 于 %{time} 删除',
      deleted: '此%{type}已被删除',
      deleted_title: '%{type}已删除',
      open_trash: '打开回收站',
    },
  },
  en: {
    live: {
      changed_by: '%{name} changed this record at %{time}. Reload to see their change (your unsaved edits stay).',
      reload: 'Reload',
      compare: 'Compare',
      compare_title: 'What %{name} changed',
      compare_none: 'No field differs from the version you opened.',
      conflicts_title: 'Someone else changed these fields too. Choose which value to keep (yours is saved unless you choose).',
      theirs: 'Theirs:',
      mine: 'Yours:',
      use_theirs: 'Use theirs',
      keep_mine: 'Keep mine',
      conflict_mark: 'Someone else changed this field too: choose above which value to keep',
      deleted_by: 'This %{type} was deleted by %{name} at %{time}',
      deleted: 'This %{type} was deleted',
      deleted_title: '%{type} deleted',
      open_trash: 'Open the trash',
    },
  },
};

export default messages;
