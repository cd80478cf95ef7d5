import { useQueryClient } from '@tanstack/react-query';
import {
  createContext, useCallback, useContext, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore,
  type ClipboardEvent, type KeyboardEvent, type ReactNode, type RefObject,
} from 'react';
import { HttpError, useListContext, useNotificationContext, useTranslate, type Identifier } from 'react-admin';
import { useToast } from '../../layout/useToast';
import { useAppDataProvider } from '../../providers/dataProvider';
import { describeError, isPermissionRefusal } from '../../providers/errorMessages';
import { queryKeys } from '../../providers/queryKeys';
import { createStore, type Store } from './createStore';
import { editingIdOf, isDirty, usePriceEditor } from './PriceEditor';
import { useNotifyUndoable } from '../../common/useUndoableNotify';
import { announcePaste, planPaste, refusalMarks, type CellMarks } from './pastePrices';
import type { PriceInput } from '@kernel/pricing/priceFields';
import type { PasteAnswer, PricingRecord } from '@kernel/pricing/pricingRecords';

/** What a grid column holds: the price a person types there, or null for a cell that is only read. */
export type GridColumnKind = PriceInput | null;

/** The focused cell: its order and column, and the row it was in, kept should the order leave the list. */
interface Position {
  id: Identifier;
  col: number;
  row: number;
}

/** How the focus lands in a cell moved to: on the cell, or in its input (text selected, or the caret at the end). */
type Landing = 'cell' | 'select' | 'caret';

const cellKey = (id: Identifier, col: number) => `${id}:${col}`;

interface Grid {
  tableRef: RefObject<HTMLTableElement | null>;
  /** The focused cell's key, which each cell reads for itself: moving the focus redraws two cells, not the grid. */
  focusStore: Store<string | undefined>;
  columns: readonly GridColumnKind[];
  marks: CellMarks;
  /** What the grid last did (a row saved, a paste under way), for its status line. */
  status?: { key: string; args?: Record<string, unknown> };
  pasting: boolean;
  /** A cell took the focus (a click, or the focus moved into its input). */
  focused: (id: Identifier, col: number) => void;
  /** Starts editing at a cell, keeping its price. */
  edit: (id: Identifier, col: number) => void;
  /** Arrows, Enter, typing and Tab on a focused cell. */
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
  /** Enter, Tab and Escape in a price being typed. */
  onEditKeyDown: (event: KeyboardEvent<HTMLElement>, record: PricingRecord, field: PriceInput) => void;
  onPaste: (event: ClipboardEvent<HTMLElement>) => void;
}

const GridContext = createContext<Grid | undefined>(undefined);

/** The pricing grid around a cell or price, or undefined outside it (the phone's cards). */
export const usePriceGrid = (): Grid | undefined => useContext(GridContext);

/** Whether the cell is the grid's focused one: the one tab stop of the grid. */
export function useGridFocus(id: Identifier, col: number): boolean {
  const grid = usePriceGrid();
  const key = cellKey(id, col);
  return useSyncExternalStore(grid?.focusStore.subscribe ?? noSubscription, () => grid?.focusStore.get() === key);
}
const noSubscription = () => () => undefined;

const STARTS_TYPING = /^[0-9.]$/;

/**
 * The pricing list as a grid (docs/pricing.md#the-keyboard-grid), after the WAI-ARIA grid pattern:
 * one tab stop (the focused cell), arrows move between cells, Enter or a digit starts typing a
 * price (a digit replaces it, Enter keeps it), Tab and Shift+Tab go across the six prices and on
 * to the next or previous order, Enter saves the order and goes down to the column its editing
 * started in, Escape drops what was typed. Ctrl/Cmd+V pastes a spreadsheet block from the
 * focused price in one request. The focus follows the order, not the row number, so a list
 * reloaded under it (a saved order leaving "pricing not set only") keeps it in place.
 */
export const PriceGridProvider = ({ columns, children }: { columns: readonly GridColumnKind[]; children: ReactNode }) => {
  const translate = useTranslate();
  const toast = useToast();
  const notifyUndoable = useNotifyUndoable();
  const dataProvider = useAppDataProvider();
  const queryClient = useQueryClient();
  const { resetNotifications } = useNotificationContext();
  // The same from key to key: the grid's handlers (in every cell's context) read its state when called.
  const editor = usePriceEditor();
  const { data, resource } = useListContext<PricingRecord>();
  const tableRef = useRef<HTMLTableElement>(null);
  const [focusStore] = useState(() => createStore<string | undefined>(undefined));
  const [focus, setFocus] = useState<Position>();
  const [landing, setLanding] = useState<{ on: Landing; tick: number }>();
  const [marks, setMarks] = useState<CellMarks>({});
  const [status, setStatus] = useState<Grid['status']>();
  const [pasting, setPasting] = useState(false);
  /** The column the order's editing started in: Enter goes down to it, as a spreadsheet does after Tabs. */
  const editColumn = useRef<number>(undefined);

  const rows = useMemo(() => data ?? [], [data]);
  const prices = useMemo(() => columns.flatMap((kind, col) => (kind ? [col] : [])), [columns]);

  const at = useMemo((): Position | undefined => {
    if (rows.length === 0) return undefined;
    if (!focus) return { id: rows[0].id, col: prices[0] ?? 0, row: 0 };
    const found = rows.findIndex((record) => record.id === focus.id);
    const row = found >= 0 ? found : Math.min(focus.row, rows.length - 1);
    return { id: rows[row].id, col: Math.min(focus.col, columns.length - 1), row };
  }, [rows, focus, prices, columns.length]);

  // Read by the handlers through a ref: a move then re-renders the two cells it concerns, not every cell.
  const atRef = useRef(at);
  useLayoutEffect(() => {
    atRef.current = at;
    focusStore.set(at && cellKey(at.id, at.col));
  }, [focusStore, at]);

  // The focus moves to the cell after it is drawn (an input appears only once its order is edited),
  // and only when the grid moved it: a list reloaded meanwhile takes no focus from elsewhere.
  useLayoutEffect(() => {
    const at = atRef.current;
    if (!landing || !at) return;
    const cell = tableRef.current?.querySelector<HTMLElement>(`[data-grid-cell="${CSS.escape(cellKey(at.id, at.col))}"]`);
    const input = cell?.querySelector<HTMLInputElement>('input');
    if (input && landing.on !== 'cell') {
      input.focus();
      if (landing.on === 'select') input.select();
      else input.setSelectionRange(input.value.length, input.value.length);
    } else {
      cell?.focus();
    }
  }, [landing]);

  const moveTo = useCallback((row: number, col: number, on: Landing = 'cell') => {
    if (rows.length === 0) return;
    const target = Math.max(0, Math.min(row, rows.length - 1));
    setFocus({ id: rows[target].id, col: Math.max(0, Math.min(col, columns.length - 1)), row: target });
    setLanding((current) => ({ on, tick: (current?.tick ?? 0) + 1 }));
  }, [rows, columns.length]);

  const startEditing = useCallback((row: number, col: number, text?: string) => {
    const state = editor.state();
    const record = rows[row];
    const field = columns[col];
    if (!record || !field) return;
    if (editingIdOf(state) !== record.id) {
      if (isDirty(state) || state.saving) {
        toast({ variant: 'info', title: translate('pricing.action.finish_first') });
        return;
      }
      editor.start(record, text === undefined ? undefined : { field, text });
      editColumn.current = col;
    } else if (text !== undefined) {
      editor.change(field, text);
    }
    moveTo(row, col, 'caret');
  }, [editor, rows, columns, moveTo, toast, translate]);

  /** The next (or previous) price from a column, on to the next (previous) order; undefined at the grid's end. */
  const tabFrom = useCallback((row: number, col: number, back: boolean) => {
    const inRow = back ? prices.filter((c) => c < col).at(-1) : prices.find((c) => c > col);
    if (inRow !== undefined) return { row, col: inRow };
    const next = back ? row - 1 : row + 1;
    if (next < 0 || next >= rows.length) return undefined;
    return { row: next, col: back ? prices.at(-1)! : prices[0] };
  }, [prices, rows.length]);

  const onKeyDown = useCallback((event: KeyboardEvent<HTMLElement>) => {
    const target = event.target as HTMLElement;
    const at = atRef.current;
    if (!at || target.dataset.gridCell === undefined || event.altKey) return;
    const { row, col } = at;
    const command = event.ctrlKey || event.metaKey;
    const last = { row: rows.length - 1, col: columns.length - 1 };
    const act = (done: () => void) => {
      event.preventDefault();
      done();
    };
    switch (event.key) {
      case 'ArrowUp': return act(() => moveTo(row - 1, col));
      case 'ArrowDown': return act(() => moveTo(row + 1, col));
      case 'ArrowLeft': return act(() => moveTo(row, col - 1));
      case 'ArrowRight': return act(() => moveTo(row, col + 1));
      case 'Home': return act(() => (command ? moveTo(0, col) : moveTo(row, 0)));
      case 'End': return act(() => (command ? moveTo(last.row, col) : moveTo(row, last.col)));
      case 'PageUp': return act(() => moveTo(row - 10, col));
      case 'PageDown': return act(() => moveTo(row + 10, col));
      case 'Tab': {
        const next = tabFrom(row, col, event.shiftKey);
        // At the grid's first or last price the Tab leaves the grid, as any other Tab would.
        if (next) act(() => moveTo(next.row, next.col));
        return;
      }
      case 'Enter':
      case 'F2':
        return act(() => startEditing(row, columns[col] ? col : prices[0]));
      case 'Delete':
      case 'Backspace':
        if (columns[col]) act(() => startEditing(row, col, ''));
        return;
      default:
        if (!command && STARTS_TYPING.test(event.key) && columns[col]) act(() => startEditing(row, col, event.key));
    }
  }, [rows.length, columns, prices, moveTo, tabFrom, startEditing]);

  const saved = useCallback((record: PricingRecord) => {
    setMarks((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !key.startsWith(`${record.id}:`))));
    setStatus({ key: 'pricing_grid.status.saved', args: { order: record.mtmNumber } });
  }, []);

  const onEditKeyDown = useCallback((event: KeyboardEvent<HTMLElement>, record: PricingRecord, field: PriceInput) => {
    const row = rows.findIndex((r) => r.id === record.id);
    const col = columns.indexOf(field);
    if (row < 0 || col < 0) return;
    const leave = async (to: { row: number; col: number }) => {
      // Toasts queue, five seconds each: twenty orders priced in a row keep only the last one's waiting.
      resetNotifications();
      if (await editor.save()) {
        saved(record);
        moveTo(to.row, to.col);
      }
    };
    if (event.key === 'Enter') {
      event.preventDefault();
      event.stopPropagation();
      if (editor.state().saving) return;
      void leave({ row: row + 1, col: editColumn.current ?? col });
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      editor.cancel();
      moveTo(row, col);
    } else if (event.key === 'Tab') {
      event.preventDefault();
      event.stopPropagation();
      const next = tabFrom(row, col, event.shiftKey);
      if (next?.row === row) moveTo(row, next.col, 'select');
      else if (next && !editor.state().saving) void leave(next);
    }
  }, [editor, rows, columns, moveTo, tabFrom, saved, resetNotifications]);

  const paste = useCallback(async (text: string) => {
    const at = atRef.current;
    const state = editor.state();
    if (!at) return;
    if (isDirty(state) || state.saving) {
      toast({ variant: 'info', title: translate('pricing.action.finish_first') });
      return;
    }
    if (editingIdOf(state) !== undefined) editor.cancel();
    const plan = planPaste(text, rows, at.row, columns[at.col] ?? undefined, columns.filter((kind) => kind !== null));
    if ('refused' in plan) {
      toast({ variant: 'destructive', title: translate('pricing_grid.paste.not_pasted'), description: translate(plan.refused.key, plan.refused.args) });
      return;
    }
    setPasting(true);
    setStatus({ key: 'pricing_grid.status.pasting', args: { rows: plan.rows.length } });
    let answer: PasteAnswer;
    try {
      answer = await dataProvider.pastePrices(plan.rows);
    } catch (error) {
      setStatus(undefined);
      if (!(error instanceof HttpError) || isPermissionRefusal(error)) return;
      toast({ variant: 'destructive', title: translate('pricing_grid.paste.not_pasted'), description: describeError(translate, error) });
      return;
    } finally {
      setPasting(false);
    }
    const byId = new Map(answer.saved.map((record) => [record.id, record]));
    queryClient.setQueriesData<{ data: PricingRecord[] }>({ queryKey: [resource, 'getList'] },
      (list) => list && { ...list, data: list.data.map((record) => byId.get(record.id) ?? record) });
    const pasted = new Set(plan.rows.map((row) => `${row.id}:`));
    setMarks((current) => ({
      ...Object.fromEntries(Object.entries(current).filter(([key]) => !pasted.has(key.slice(0, key.indexOf(':') + 1)))),
      ...refusalMarks(answer, plan.texts),
    }));
    setStatus({ key: 'pricing_grid.paste.done', args: { saved: answer.saved.length, refused: answer.refused.length } });
    announcePaste(toast, notifyUndoable, translate, answer);
    await Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.allPricingStats() }),
      queryClient.invalidateQueries({ queryKey: [resource, 'getList'] })]);
  }, [editor, rows, columns, dataProvider, queryClient, resource, toast, notifyUndoable, translate]);

  const onPaste = useCallback((event: ClipboardEvent<HTMLElement>) => {
    const text = event.clipboardData.getData('text/plain');
    const block = /[\t\n]/.test(text.replace(/\r?\n$/, ''));
    // A single value pasted into a price being typed is typing.
    if ((event.target as HTMLElement).tagName === 'INPUT' && !block) return;
    event.preventDefault();
    if (text && !pasting) void paste(text);
  }, [paste, pasting]);

  const grid = useMemo<Grid>(() => ({
    tableRef, focusStore, columns, marks, status, pasting, onKeyDown, onEditKeyDown, onPaste,
    focused(id, col) {
      const row = rows.findIndex((record) => record.id === id);
      const current = atRef.current;
      if (row >= 0 && (current?.id !== id || current.col !== col)) setFocus({ id, col, row });
    },
    edit(id, col) {
      const row = rows.findIndex((record) => record.id === id);
      if (row >= 0) startEditing(row, col);
    },
  }), [focusStore, columns, marks, status, pasting, onKeyDown, onEditKeyDown, onPaste, rows, startEditing]);

  return <GridContext.Provider value={grid}>{children}</GridContext.Provider>;
};
