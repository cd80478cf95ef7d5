import { useCallback } from 'react';
import { useLogoutIfAccessDenied, useRefresh, useTranslate, type Identifier } from 'react-admin';
import { useToast } from '../../layout/useToast';
import { ApiError, apiRequest, PermissionError } from '../../providers/apiRequest';

/** The fields of the batch call a message can belong to. */
export type BatchField = 'ids' | 'completionDate';
/** A message key and its arguments. */
export interface BatchMessage {
  key: string;
  args?: Record<string, string>;
}
/** Field → message. */
export type BatchErrors = Partial<Record<BatchField, BatchMessage>>;

export type BatchOutcome =
  | { status: 'updated'; updated: number }
  | { status: 'invalid'; errors: BatchErrors }
  /** Reported by a toast (or by the global permission notice); nothing changed. */
  | { status: 'failed' };

/** The server's field reasons (api/src/orders/routes.ts, the seed's words) as message keys. */
const SERVER_REASONS: Record<string, string> = {
  'Please select at least one order for batch modification': 'batch_modification.validation.no_selection',
  'Please select a new completion date': 'batch_modification.validation.no_date',
  'Please select a valid date and time': 'batch_modification.validation.invalid_date',
};

/** The server's refusal of orders that are not completed names them after this (their MTM numbers). */
const NOT_COMPLETED = 'Not completed: ';

function toMessage(reason: string): BatchMessage {
  if (reason.startsWith(NOT_COMPLETED)) {
    return { key: 'batch_modification.validation.not_completed', args: { orders: reason.slice(NOT_COMPLETED.length) } };
  }
  return { key: SERVER_REASONS[reason] ?? reason };
}

function toMessages(fields: Record<string, string>): BatchErrors {
  const errors: BatchErrors = {};
  for (const field of ['ids', 'completionDate'] as const) {
    if (fields[field]) errors[field] = toMessage(fields[field]);
  }
  return errors;
}

/**
 * POST /api/orders/batch-completion-date, all or nothing, with the seed's toasts (spec §8): success
 * refreshes every order query so the new dates show; a 401 says the session expired and signs out.
 */
export function useBatchCompletionDate() {
  const toast = useToast();
  const translate = useTranslate();
  const refresh = useRefresh();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();

  return useCallback(async (ids: Identifier[], completionDate: Date): Promise<BatchOutcome> => {
    try {
      const res = await apiRequest('POST', '/api/orders/batch-completion-date',
        { ids, completionDate: completionDate.toISOString() });
      const { updated } = (await res.json()) as { updated: number };
      toast({ variant: 'success', title: translate('batch_modification.toast.success_title'),
        description: translate('batch_modification.toast.success', { smart_count: updated }) });
      refresh();
      return { status: 'updated', updated };
    } catch (error) {
      // The global permission-denied notice has already spoken.
      if (error instanceof PermissionError) return { status: 'failed' };
      // Bad input (400), or a selection holding orders that are not completed (409): said in the
      // dialog, which stays open with the selection as it was, so those orders can be unticked.
      if (error instanceof ApiError && (error.status === 400 || error.status === 409)
        && Object.keys(error.fieldErrors).length > 0) {
        return { status: 'invalid', errors: toMessages(error.fieldErrors) };
      }
      if (error instanceof ApiError && error.status === 401) {
        toast({ variant: 'destructive', title: translate('auth.session_expired_title'),
          description: translate('auth.session_expired') });
        // The auth provider forgets the user first, so react-admin adds no notice of its own: it
        // only signs out and returns to the login page.
        await logoutIfAccessDenied(error);
        return { status: 'failed' };
      }
      toast({ variant: 'destructive', title: translate('batch_modification.toast.failure_title'),
        description: translate('batch_modification.toast.failure') });
      return { status: 'failed' };
    }
  }, [toast, translate, refresh, logoutIfAccessDenied]);
}
