import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  HttpError, useEvent, useListContext, useLogoutIfAccessDenied, useRefresh, useTranslate, useUpdate, type Identifier,
} from 'react-admin';
import { parseMoney } from '@kernel/pricing/parseMoney';
import { useToast } from '../../layout/useToast';
import { fieldMessages, type ErrorMessage } from '../../providers/errorMessages';
import { queryKeys } from '../../providers/queryKeys';
import { createStore, useStoreValue, type Store } from './createStore';
import { PRICE_INPUTS, type PriceInput } from '@kernel/pricing/priceFields';
import type { PricingRecord } from '@kernel/pricing/pricingRecords';

type Draft = Record<PriceInput, string>;
/** Field → its message. */
type Errors = Partial<Record<PriceInput, ErrorMessage>>;

/** The order being edited as it was when editing started: the draft's base and the version saved against. */
interface Started {
  id: number;
  version: number;
  original: Draft;
  /**
   * A save was refused as stale and the person was told so on the row's prices: the next save
   * goes against the order as the list now holds it, their typed prices over the other change.
   */
  conflicted?: boolean;
}

/** A price typed over the order's as editing starts: the pricing grid's first keystroke. */
export interface FirstKey {
  field: PriceInput;
  text: string;
}

/**
 * What the editor holds, in one store: each cell reads its own part of it (useEditorState), so a
 * key typed redraws the price being typed and its order's totals, not every row of the list.
 */
export interface EditorState {
  /** The order whose prices are being typed, as editing started; one at a time. */
  started?: Started;
  /** The order whose editing just ended: its Edit button takes the keyboard focus back. */
  closedId?: Identifier;
  draft: Draft;
  errors: Errors;
  saving: boolean;
}

/**
 * The editor's actions, the same from one render to the next: each reads the state as it is when
 * called (a handler acts on the keys typed so far, not on the last render's).
 */
export interface Editor {
  /** The state now. */
  state: () => EditorState;
  start: (record: PricingRecord, first?: FirstKey) => void;
  change: (field: PriceInput, value: string) => void;
  cancel: () => void;
  /** Resolves true once saved (or nothing was typed), false when refused: the prices stay typed. */
  save: () => Promise<boolean>;
}

const EditorContext = createContext<{ store: Store<EditorState>; editor: Editor } | undefined>(undefined);

function useEditorContext() {
  const context = useContext(EditorContext);
  if (!context) throw new Error('usePriceEditor outside <PriceEditorProvider>');
  return context;
}

export const usePriceEditor = (): Editor => useEditorContext().editor;

/** The part of the editor's state that `select` reads; the component redraws only when that part changes. */
export const useEditorState = <T,>(select: (state: EditorState) => T): T => useStoreValue(useEditorContext().store, select);

export const editingIdOf = (state: EditorState): Identifier | undefined => state.started?.id;

/** The order being edited; the table reads it for the row's colour. */
export const useEditingId = (): Identifier | undefined => useEditorState(editingIdOf);

const draftOf = (record: PricingRecord) =>
  Object.fromEntries(PRICE_INPUTS.map((field) => [field, record[field] ?? ''])) as Draft;

const changedFields = (draft: Draft, original: Draft) =>
  PRICE_INPUTS.filter((field) => draft[field] !== original[field]);

/** The prices changed from where editing started: what a save would write. */
export const typedOf = ({ started, draft }: EditorState): Partial<Draft> =>
  (started ? Object.fromEntries(changedFields(draft, started.original).map((field) => [field, draft[field]])) : {});

/** Something was typed: other orders cannot be opened until it is saved or cancelled. */
export const isDirty = ({ started, draft }: EditorState): boolean =>
  started !== undefined && changedFields(draft, started.original).length > 0;

/**
 * The changed prices as the PUT sends them, or the message key of each that is wrong. Only what
 * was typed goes out, so a save never writes back prices it merely showed.
 */
function readDraft(draft: Draft, original: Draft): { data: Record<string, string | null> } | { errors: Errors } {
  const data: Record<string, string | null> = {};
  const errors: Errors = {};
  for (const field of changedFields(draft, original)) {
    const parsed = parseMoney(draft[field]);
    if ('problem' in parsed) errors[field] = { key: `pricing.validation.${parsed.problem}` };
    else data[field] = parsed.amount;
  }
  return Object.keys(errors).length > 0 ? { errors } : { data };
}

/**
 * A server 400 read back as the inputs' own messages, when each of its fields is a price; anything
 * else is undefined (the failure toast says it).
 */
function serverErrors(error: unknown): Errors | undefined {
  const fields = Object.entries(fieldMessages('pricing', error));
  if (fields.length === 0 || !fields.every(([field]) => (PRICE_INPUTS as readonly string[]).includes(field))) return undefined;
  return Object.fromEntries(fields);
}

/**
 * Editing the prices of one order in place: checked as the server checks them, the changed ones
 * saved with the version editing started from (a list reloaded meanwhile does not move it on, so
 * someone else's change answers 409), and the MTM prices and margin shown are the server's answer.
 * The customer's toasts (docs/pricing.md#pricing-management) say how it went. A stale version
 * reloads the list and keeps the typed prices, each marked with the reason, which its toast
 * repeats until the next save or Escape: the next save writes them over the newer version, Escape
 * drops them.
 */
export const PriceEditorProvider = ({ children }: { children: ReactNode }) => {
  const translate = useTranslate();
  const toast = useToast();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const [update] = useUpdate<PricingRecord>();
  const { data } = useListContext<PricingRecord>();
  const [store] = useState(() => createStore<EditorState>({ draft: {} as Draft, errors: {}, saving: false }));
  /** Closes the toast of a stale version, once the person acts on it. */
  const staleToast = useRef<AbortController>(undefined);
  const closeStaleToast = useCallback(() => staleToast.current?.abort(), []);

  const cancel = useCallback(() => {
    closeStaleToast();
    store.set((state) => ({ ...state, closedId: state.started?.id, started: undefined, errors: {} }));
  }, [store, closeStaleToast]);

  /** A refused save of the prices `draft`, typed over `started`. */
  const failed = useCallback(async (error: unknown, started: Started, draft: Draft) => {
    if (!(error instanceof HttpError) || (error as { permission?: boolean }).permission) return;
    const fields = error.status === 400 ? serverErrors(error) : undefined;
    if (fields) {
      store.set((state) => ({ ...state, errors: fields }));
      return;
    }
    if (error.status === 401) {
      toast({ variant: 'destructive', title: translate('auth.session_expired_title'), description: translate('auth.session_expired') });
      await logoutIfAccessDenied(error);
      return;
    }
    const refused = (reason: string, until?: AbortSignal) =>
      toast({ variant: 'destructive', title: translate('pricing.toast.failure_title'), description: translate(reason), until });
    if (error.status !== 409 && error.status !== 404) {
      refused('pricing.toast.failure');
      return;
    }
    refresh();
    if (error.status === 404) {
      refused('pricing_grid.refused.gone');
      cancel();
      return;
    }
    // The toast says what the typed prices say: Enter writes them over the other change.
    staleToast.current = new AbortController();
    refused('pricing_grid.cell.stale', staleToast.current.signal);
    const typed = changedFields(draft, started.original);
    store.set((state) => ({ ...state, started: { ...started, conflicted: true },
      errors: Object.fromEntries(typed.map((field) => [field, { key: 'pricing_grid.cell.stale' }])) }));
  }, [store, toast, translate, logoutIfAccessDenied, cancel, refresh]);

  // The same function from render to render (a list reloaded or a language changed would make another
  // one), so that the editor the cells read stays the same and no cell redraws for it.
  const save = useEvent(async () => {
    const { started, draft } = store.get();
    if (!started) return true;
    const typed = readDraft(draft, started.original);
    if ('errors' in typed) {
      store.set((state) => ({ ...state, errors: typed.errors }));
      return false;
    }
    if (Object.keys(typed.data).length === 0) {
      cancel();
      return true;
    }
    const listed = started.conflicted ? data?.find((record) => record.id === started.id) : undefined;
    closeStaleToast();
    store.set((state) => ({ ...state, saving: true }));
    try {
      await update('pricing', { id: started.id, data: { ...typed.data, version: listed?.version ?? started.version } },
        { mutationMode: 'pessimistic', returnPromise: true });
      cancel();
      toast({ variant: 'success', title: translate('pricing.toast.success') });
      await queryClient.invalidateQueries({ queryKey: queryKeys.allPricingStats() });
      return true;
    } catch (error) {
      await failed(error, started, draft);
      return false;
    } finally {
      store.set((state) => ({ ...state, saving: false }));
    }
  });

  const value = useMemo(() => ({
    store,
    editor: {
      state: store.get,
      cancel, save,
      start(record, first) {
        const original = draftOf(record);
        store.set((state) => ({ ...state, started: { id: record.id, version: record.version, original },
          draft: first ? { ...original, [first.field]: first.text } : original, errors: {} }));
      },
      change(field, value) {
        store.set(({ draft, errors: { [field]: _cleared, ...errors }, ...state }) => ({ ...state, draft: { ...draft, [field]: value }, errors }));
      },
    } satisfies Editor,
  }), [store, cancel, save]);

  return <EditorContext.Provider value={value}>{children}</EditorContext.Provider>;
};
