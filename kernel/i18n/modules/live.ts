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
    },
  },
  en: {
    live: {
      changed_by: '%{name} changed this record at %{time}. Reload to see their change (your unsaved edits stay).',
      reload: 'Reload',
      compare: 'Compare',
      compare_title: 'What %{name} changed',
      compare_none: 'No field differs from the version you opened.',
    },
  },
};

export default messages;
