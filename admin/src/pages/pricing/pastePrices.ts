import type { useNotifyUndoable } from '../../common/useUndoableNotify';
import type { Identifier } from 'react-admin';
import { MAX_PASTE_ROWS, readBlock, readPastedAmount } from '@kernel/pricing/pasteBlock';
import type { ToastVariant } from '../../layout/useToast';
import { fieldMessage, type ErrorMessage } from '../../providers/errorMessages';
import { PRICE_INPUTS, type PriceInput } from '@kernel/pricing/priceFields';
import type { PasteAnswer, PasteRow, PricingRecord } from '@kernel/pricing/pricingRecords';

/** Why a pasted cell was not saved, with the text that was pasted into it. */
export interface CellMark {
  message: ErrorMessage;
  text: string;
}

/** Marks by cell: `${order id}:${price}`. */
export type CellMarks = Record<string, CellMark>;

export const markKey = (id: Identifier, field: PriceInput) => `${id}:${field}`;

/** A block that cannot be pasted where the grid's focus is, with the message that says why. */
export type PastePlan = { refused: ErrorMessage } | { rows: PasteRow[]; texts: Map<Identifier, Partial<Record<PriceInput, string>>> };

/**
 * The request for a block pasted at an order's price (or at its first price, from a cell that is
 * no price): its cells fill the prices the grid shows (`inputs`, in their order: a role that sees
 * one side has only its three) rightwards and the orders shown downwards. A cell that is an amount
 * as a spreadsheet shows one ("¥1,234.50") goes as the amount, any other text as it is, for the
 * server to refuse its row with the reason; an empty cell leaves its price as it is.
 */
export function planPaste(text: string, records: PricingRecord[], row: number, field: PriceInput | undefined,
  inputs: readonly PriceInput[]): PastePlan {
  const block = readBlock(text);
  const first = field ? inputs.indexOf(field) : 0;
  const width = Math.max(...block.map((cells) => cells.length));
  const shown = records.length - row;
  if (block.length > MAX_PASTE_ROWS) return { refused: { key: 'pricing_grid.paste.too_many', args: { rows: block.length, max: MAX_PASTE_ROWS } } };
  if (block.length > shown) return { refused: { key: 'pricing_grid.paste.too_tall', args: { rows: block.length, shown } } };
  if (width > inputs.length - first) {
    return { refused: { key: 'pricing_grid.paste.too_wide', args: { columns: width, fit: inputs.length - first } } };
  }
  const rows: PasteRow[] = [];
  const texts = new Map<Identifier, Partial<Record<PriceInput, string>>>();
  block.forEach((cells, index) => {
    const record = records[row + index];
    const prices: Partial<Record<PriceInput, string>> = {};
    cells.forEach((cell, column) => {
      const read = readPastedAmount(cell);
      if (read === undefined) return;
      prices[inputs[first + column]] = 'amount' in read ? read.amount : cell.trim();
    });
    if (Object.keys(prices).length === 0) return;
    rows.push({ id: record.id, version: record.version, ...prices });
    texts.set(record.id, Object.fromEntries(cells.map((cell, column) => [inputs[first + column], cell.trim()])));
  });
  if (rows.length === 0) return { refused: { key: 'pricing_grid.paste.empty' } };
  return { rows, texts };
}

/** The message of a whole row's refusal (`version`, `id`), said on each of its pasted prices. */
const ROW_REASONS: Record<string, string> = {
  stale_version: 'pricing_grid.refused.stale',
  not_completed: 'pricing_grid.refused.not_completed',
  unknown_id: 'pricing_grid.refused.gone',
};

/** The refused rows' cells, each with its reason in the person's language and the text pasted into it. */
export function refusalMarks(answer: PasteAnswer, texts: Map<Identifier, Partial<Record<PriceInput, string>>>): CellMarks {
  const marks: CellMarks = {};
  for (const { id, fields } of answer.refused) {
    const pasted = texts.get(id) ?? {};
    for (const [field, problem] of Object.entries(fields)) {
      if ((PRICE_INPUTS as readonly string[]).includes(field)) {
        marks[markKey(id, field as PriceInput)] = { message: fieldMessage('pricing', field, problem), text: pasted[field as PriceInput] ?? '' };
        continue;
      }
      const message = { key: ROW_REASONS[problem.code] ?? 'pricing.toast.failure', args: problem.params };
      for (const [price, text] of Object.entries(pasted)) {
        if (text) marks[markKey(id, price as PriceInput)] = { message, text };
      }
    }
    // A row is saved whole or not at all: its other pasted prices say they were not saved either.
    for (const [price, text] of Object.entries(pasted)) {
      const key = markKey(id, price as PriceInput);
      if (text && !marks[key]) marks[key] = { message: { key: 'pricing_grid.refused.row' }, text };
    }
  }
  return marks;
}

type Toast = (options: { variant: ToastVariant; title: string; description?: string }) => void;
type NotifyUndoable = ReturnType<typeof useNotifyUndoable>;
type Translate = (key: string, args?: Record<string, unknown>) => string;

/**
 * The toast after a paste: "19 saved, 1 refused", with the Undo of the paste's action for 10 s
 * when something was saved (docs/undo.md).
 */
export function announcePaste(toast: Toast, notifyUndoable: NotifyUndoable, translate: Translate, answer: PasteAnswer): void {
  const saved = answer.saved.length;
  const refused = answer.refused.length;
  const args = { saved, refused };
  if (answer.actionId && saved > 0) {
    notifyUndoable(refused > 0 ? 'pricing_grid.paste.refused_hint' : 'pricing_grid.paste.done', { actionId: answer.actionId,
      messageArgs: args, titleKey: refused > 0 ? 'pricing_grid.paste.done' : undefined, type: refused > 0 ? 'info' : 'success' });
    return;
  }
  toast({ variant: saved === 0 ? 'destructive' : 'success', title: translate('pricing_grid.paste.done', args),
    description: refused > 0 ? translate('pricing_grid.paste.refused_hint') : undefined });
}
