import type { ModuleMessages } from '../catalogs';

/** This module's texts, merged into the catalogs (cn and en must hold the same keys). */
const messages: ModuleMessages = {
  cn: {
    live: {
      changed_by: '%{name} 于 %{time} 修改了此记录。重新加载可看到其修改（您未保存的修改会保留）。',
      reload: '重新加载',
    },
  },
  en: {
    live: {
      changed_by: '%{name} changed this record at %{time}. Reload to see their change (your unsaved edits stay).',
      reload: 'Reload',
    },
  },
};

export default messages;
