import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import {
  HttpError, useLogoutIfAccessDenied, useRefresh, useTranslate, useUpdate, type Identifier,
} from 'react-admin';
import { parseMoney } from '../../../../api/src/pricing/parseMoney';
import { useToast } from '../../layout/useToast';
import { PRICE_INPUTS, type PriceInput, type PricingRecord } from './pricingModel';

type Draft = Record<PriceInput, string>;
/** Field → a message key (the client's check) or the server's own reason. */
type Errors = Partial<Record<PriceInput, string>>;

interface Editor {
  /** The order whose prices are being typed; one at a time. */
  editingId?: Identifier;
  draft: Draft;
  errors: Errors;
  saving: boolean;
  start: (record: PricingRecord) => void;
  change: (field: PriceInput, value: string) => void;
  cancel: () => void;
  save: (record: PricingRecord) => void;
}

const EditorContext = createContext<Editor | undefined>(undefined);

export const usePriceEditor = (): Editor => {
  const editor = useContext(EditorContext);
  if (!editor) throw new Error('usePriceEditor outside <PriceEditorProvider>');
  return editor;
};

const draftOf = (record: PricingRecord) =>
  Object.fromEntries(PRICE_INPUTS.map((field) => [field, record[field] ?? ''])) as Draft;

/** The typed prices as the PUT sends them, or the message key of each that is wrong. */
function readDraft(draft: Draft): { data: Record<string, string | null> } | { errors: Errors } {
  const data: Record<string, string | null> = {};
  const errors: Errors = {};
  for (const field of PRICE_INPUTS) {
    const parsed = parseMoney(draft[field]);
    if ('problem' in parsed) errors[field] = `pricing.validation.${parsed.problem}`;
    else data[field] = parsed.amount;
  }
  return Object.keys(errors).length > 0 ? { errors } : { data };
}

/**
 * Editing the prices of one order in place: checked as the server checks them, saved with the
 * version it started from, and the MTM prices and margin shown are the server's answer. The
 * seed's toasts (spec §8) say how it went; a stale version reloads the list.
 */
export const PriceEditorProvider = ({ children }: { children: ReactNode }) => {
  const translate = useTranslate();
  const toast = useToast();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const [update] = useUpdate<PricingRecord>();
  const [editingId, setEditingId] = useState<Identifier>();
  const [draft, setDraft] = useState<Draft>({} as Draft);
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);

  const cancel = useCallback(() => {
    setEditingId(undefined);
    setErrors({});
  }, []);

  const failed = useCallback(async (error: unknown) => {
    if (!(error instanceof HttpError) || (error as { permission?: boolean }).permission) return;
    const fields = (error.body as { errors?: Errors } | null)?.errors;
    if (error.status === 400 && fields && Object.keys(fields).length > 0) {
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
    if (stale) {
      cancel();
      refresh();
    }
  }, [toast, translate, logoutIfAccessDenied, cancel, refresh]);

  const save = useCallback(async (record: PricingRecord) => {
    const typed = readDraft(draft);
    if ('errors' in typed) {
      setErrors(typed.errors);
      return;
    }
    setSaving(true);
    try {
      await update('pricing', { id: record.id, data: { ...typed.data, version: record.version }, previousData: record },
        { mutationMode: 'pessimistic', returnPromise: true });
      cancel();
      toast({ variant: 'success', title: translate('pricing.toast.success') });
      await queryClient.invalidateQueries({ queryKey: ['pricing', 'stats'] });
    } catch (error) {
      await failed(error);
    } finally {
      setSaving(false);
    }
  }, [draft, update, cancel, toast, translate, queryClient, failed]);

  const editor = useMemo<Editor>(() => ({
    editingId, draft, errors, saving, cancel, save,
    start(record) {
      setEditingId(record.id);
      setDraft(draftOf(record));
      setErrors({});
    },
    change(field, value) {
      setDraft((current) => ({ ...current, [field]: value }));
      setErrors(({ [field]: _cleared, ...rest }) => rest);
    },
  }), [editingId, draft, errors, saving, cancel, save]);

  return <EditorContext.Provider value={editor}>{children}</EditorContext.Provider>;
};
