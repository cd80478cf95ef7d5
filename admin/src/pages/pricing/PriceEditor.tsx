import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import {
  HttpError, useListContext, useLogoutIfAccessDenied, useRefresh, useTranslate, useUpdate, type Identifier,
} from 'react-admin';
import { parseMoney } from '@kernel/pricing/parseMoney';
import { useToast } from '../../layout/useToast';
import { fieldMessages, type ErrorMessage } from '../../providers/errorMessages';
import { queryKeys } from '../../providers/queryKeys';
import { PRICE_INPUTS, type PriceInput, type PricingRecord } from './pricingModel';

type Draft = Record<PriceInput, string>;
/** Field → its message. */
type Errors = Partial<Record<PriceInput, ErrorMessage>>;

/** The order being edited as it was when editing started: the draft's base and the version saved against. */
interface Started {
  id: Identifier;
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

interface Editor {
  /** The order whose prices are being typed; one at a time. */
  editingId?: Identifier;
  /** The order whose editing just ended: its Edit button takes the keyboard focus back. */
  closedId?: Identifier;
  draft: Draft;
  /** The prices changed from where editing started: what a save would write. */
  typed: Partial<Draft>;
  /** Something was typed: other orders cannot be opened until it is saved or cancelled. */
  dirty: boolean;
  errors: Errors;
  saving: boolean;
  start: (record: PricingRecord, first?: FirstKey) => void;
  change: (field: PriceInput, value: string) => void;
  cancel: () => void;
  /** Resolves true once saved (or nothing was typed), false when refused: the prices stay typed. */
  save: () => Promise<boolean>;
}

const EditorContext = createContext<Editor | undefined>(undefined);
/** The order being edited alone: the table reads it for the row's colour without redrawing at each key typed. */
const EditingIdContext = createContext<Identifier | undefined>(undefined);

export const useEditingId = (): Identifier | undefined => useContext(EditingIdContext);

export const usePriceEditor = (): Editor => {
  const editor = useContext(EditorContext);
  if (!editor) throw new Error('usePriceEditor outside <PriceEditorProvider>');
  return editor;
};

const draftOf = (record: PricingRecord) =>
  Object.fromEntries(PRICE_INPUTS.map((field) => [field, record[field] ?? ''])) as Draft;

const changedFields = (draft: Draft, original: Draft) =>
  PRICE_INPUTS.filter((field) => draft[field] !== original[field]);

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
 * reloads the list and keeps the typed prices, each marked with the reason: the next save
 * writes them over the newer version, Escape drops them.
 */
export const PriceEditorProvider = ({ children }: { children: ReactNode }) => {
  const translate = useTranslate();
  const toast = useToast();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const [update] = useUpdate<PricingRecord>();
  const { data } = useListContext<PricingRecord>();
  const [started, setStarted] = useState<Started>();
  const [draft, setDraft] = useState<Draft>({} as Draft);
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const [closedId, setClosedId] = useState<Identifier>();

  const cancel = useCallback(() => {
    setClosedId(started?.id);
    setStarted(undefined);
    setErrors({});
  }, [started]);

  const failed = useCallback(async (error: unknown) => {
    if (!(error instanceof HttpError) || (error as { permission?: boolean }).permission) return;
    const fields = error.status === 400 ? serverErrors(error) : undefined;
    if (fields) {
      setErrors(fields);
      return;
    }
    if (error.status === 401) {
      toast({ variant: 'destructive', title: translate('auth.session_expired_title'), description: translate('auth.session_expired') });
      await logoutIfAccessDenied(error);
      return;
    }
    const stale = error.status === 409 || error.status === 404;
    toast({ variant: 'destructive', title: translate('pricing.toast.failure_title'),
      description: translate(stale ? 'pricing.toast.conflict' : 'pricing.toast.failure') });
    if (!stale) return;
    refresh();
    if (error.status === 404 || !started) {
      cancel();
      return;
    }
    const typed = changedFields(draft, started.original);
    setStarted({ ...started, conflicted: true });
    setErrors(Object.fromEntries(typed.map((field) => [field, { key: 'pricing_grid.cell.stale' }])));
  }, [toast, translate, logoutIfAccessDenied, cancel, refresh, started, draft]);

  const save = useCallback(async () => {
    if (!started) return true;
    const typed = readDraft(draft, started.original);
    if ('errors' in typed) {
      setErrors(typed.errors);
      return false;
    }
    if (Object.keys(typed.data).length === 0) {
      cancel();
      return true;
    }
    const listed = started.conflicted ? data?.find((record) => record.id === started.id) : undefined;
    setSaving(true);
    try {
      await update('pricing', { id: started.id, data: { ...typed.data, version: listed?.version ?? started.version } },
        { mutationMode: 'pessimistic', returnPromise: true });
      cancel();
      toast({ variant: 'success', title: translate('pricing.toast.success') });
      await queryClient.invalidateQueries({ queryKey: queryKeys.allPricingStats() });
      return true;
    } catch (error) {
      await failed(error);
      return false;
    } finally {
      setSaving(false);
    }
  }, [started, draft, data, update, cancel, toast, translate, queryClient, failed]);

  const editor = useMemo<Editor>(() => {
    const changed = started ? changedFields(draft, started.original) : [];
    return {
      editingId: started?.id,
      closedId,
      draft,
      typed: Object.fromEntries(changed.map((field) => [field, draft[field]])),
      dirty: changed.length > 0,
      errors, saving, cancel, save,
      start(record, first) {
        const original = draftOf(record);
        setStarted({ id: record.id, version: record.version, original });
        setDraft(first ? { ...original, [first.field]: first.text } : original);
        setErrors({});
      },
      change(field, value) {
        setDraft((current) => ({ ...current, [field]: value }));
        setErrors(({ [field]: _cleared, ...rest }) => rest);
      },
    };
  }, [started, closedId, draft, errors, saving, cancel, save]);

  return (
    <EditorContext.Provider value={editor}>
      <EditingIdContext.Provider value={started?.id}>{children}</EditingIdContext.Provider>
    </EditorContext.Provider>
  );
};
