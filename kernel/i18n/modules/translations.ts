import type { ModuleMessages } from '../catalogs';

/** This module's texts, merged into the catalogs (cn and en must hold the same keys). */
const messages: ModuleMessages = {
  cn: {
    resources: {
      translations: {
        name: '翻译 |||| 翻译',
        fields: {
          id: '编号',
          namespace: '命名空间',
          key: '键',
          zh: '中文',
          en: '英文',
          description: '说明',
          missing: '缺少翻译',
          createdAt: '创建时间',
          updatedAt: '更新时间',
          version: '版本',
          // The activity log's record of an import.
          added: '新增',
          changed: '修改',
          unchanged: '未变',
          keys: '涉及的键',
        },
      },
    },
    translations: {
      missing: { zh: '缺少中文', en: '缺少英文' },
      missing_text: '未翻译',
      read_only: '你可以查看所有翻译；只有管理员和经理可以修改、新建或导入。',
      edit_title: '编辑 %{id}',
      helper: {
        namespace: '小写字母、数字和 _，例如 app',
        key: '用点分隔的段，每段由字母、数字、_ 或 - 组成，例如 subtitle 或 actions.save',
        texts: '占位符（例如 %{name}）在中文和英文中必须相同；留空表示尚未翻译，界面会使用内置文字。',
      },
      actions: { import: '导入' },
      delete_confirm: {
        title: '删除“%{id}”？',
        body: '删除后界面改用程序内置的文字。可以在回收站中恢复。',
      },
      notifications: {
        saved: '“%{id}”已保存，界面文字已更新',
        created: '“%{id}”已创建',
        deleted: '“%{id}”已删除',
      },
      errors: {
        placeholders: '占位符必须与另一种语言的文字一致',
        exists: '这个键已经存在',
        nesting: '与 %{other} 冲突：一个键不能既是文字又是一组文字',
        duplicate_row: '与第 %{row} 行的命名空间和键相同',
        read_only: '创建后不能修改',
      },
    },
  },
  en: {
    resources: {
      translations: {
        name: 'Translation |||| Translations',
        fields: {
          id: 'ID',
          namespace: 'Namespace',
          key: 'Key',
          zh: 'Chinese',
          en: 'English',
          description: 'Description',
          missing: 'Missing text',
          createdAt: 'Created',
          updatedAt: 'Updated',
          version: 'Version',
          added: 'Added',
          changed: 'Changed',
          unchanged: 'Unchanged',
          keys: 'Keys',
        },
      },
    },
    translations: {
      missing: { zh: 'Missing Chinese', en: 'Missing English' },
      missing_text: 'Missing',
      read_only: 'You can read every translation; only administrators and managers may change, add or import them.',
      edit_title: 'Edit %{id}',
      helper: {
        namespace: 'Lower-case letters, digits and _, e.g. app',
        key: 'Dot-separated segments of letters, digits, _ or -, e.g. subtitle or actions.save',
        texts: 'Placeholders (such as %{name}) must be the same in Chinese and English; leave a text empty when it is not translated yet and the built-in text shows.',
      },
      actions: { import: 'Import' },
      delete_confirm: {
        title: 'Delete "%{id}"?',
        body: 'The screens then show the built-in text. You can restore it from the trash.',
      },
      notifications: {
        saved: '"%{id}" is saved; the texts on screen are updated',
        created: '"%{id}" is created',
        deleted: '"%{id}" is deleted',
      },
      errors: {
        placeholders: 'The placeholders must match the other language\'s text',
        exists: 'This key already exists',
        nesting: 'Conflicts with %{other}: a key cannot be both a text and a group of texts',
        duplicate_row: 'Same namespace and key as row %{row}',
        read_only: 'Cannot be changed after creation',
      },
    },
  },
};
export default messages;
