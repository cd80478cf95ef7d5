import type { ModuleMessages } from '../catalogs';

/** The keyboard pricing grid and its paste (docs/pricing.md#the-keyboard-grid), beside pricing management's own texts. */
const messages: ModuleMessages = {
  cn: {
    pricing_grid: {
      label: '订单价格表',
      hint_title: '键盘操作',
      hint: '方向键移动 · 输入数字或按 Enter 编辑价格 · Tab / Shift+Tab 切换价格 · Enter 保存并下移 · Esc 取消 · Ctrl+V 从 Excel 粘贴（空单元格不改价格）',
      cell: {
        stale: '该订单刚被其他人修改：按 Enter 用您的价格覆盖，按 Esc 查看对方的价格',
      },
      refused: {
        stale: '未保存：该订单刚被其他人修改，请重新粘贴',
        not_completed: '未保存：该订单尚未完成',
        gone: '未保存：该订单已不存在或不在您的区域',
        row: '未保存：该订单的另一个价格有误',
      },
      paste: {
        done: '已保存 %{saved} 个订单，%{refused} 个被拒绝',
        refused_hint: '被拒绝的价格已在列表中标出原因。',
        not_pasted: '未粘贴',
        too_many: '粘贴内容有 %{rows} 行，一次最多粘贴 %{max} 行',
        too_tall: '粘贴内容有 %{rows} 行，但从当前单元格起只显示了 %{shown} 个订单，请增加每页行数',
        too_wide: '粘贴内容有 %{columns} 列，但当前单元格起只有 %{fit} 个价格列',
        empty: '粘贴内容中没有价格',
      },
      status: {
        saved: '%{order} 已保存',
        pasting: '正在粘贴 %{rows} 个订单的价格…',
      },
    },
  },
  en: {
    pricing_grid: {
      label: 'Order prices',
      hint_title: 'Keyboard',
      hint: 'Arrows move · type a digit or press Enter to edit a price · Tab / Shift+Tab go across the prices · Enter saves and goes down · Esc cancels · Ctrl+V pastes from Excel (empty cells leave a price as it is)',
      cell: {
        stale: 'Someone else changed this order meanwhile: Enter saves your price over theirs, Esc shows theirs',
      },
      refused: {
        stale: 'Not saved: someone else changed this order meanwhile, paste it again',
        not_completed: 'Not saved: this order is not completed',
        gone: 'Not saved: this order no longer exists or is not in your areas',
        row: 'Not saved: another price of this order is wrong',
      },
      paste: {
        done: '%{saved} saved, %{refused} refused',
        refused_hint: 'The refused prices are marked in the list with their reasons.',
        not_pasted: 'Nothing was pasted',
        too_many: 'The block has %{rows} rows; at most %{max} are pasted at once',
        too_tall: 'The block has %{rows} rows, but only %{shown} orders are shown from the focused one: show more rows per page',
        too_wide: 'The block has %{columns} columns, but only %{fit} prices follow the focused cell',
        empty: 'The block holds no price',
      },
      status: {
        saved: '%{order} saved',
        pasting: 'Pasting the prices of %{rows} orders…',
      },
    },
  },
};
export default messages;
