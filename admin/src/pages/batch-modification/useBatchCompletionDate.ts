import { useCallback } from 'react';
import { useLogoutIfAccessDenied, useRefresh, useTranslate, type Identifier } from 'react-admin';
import { useNotifyUndoable } from '../../common/useUndoableNotify';
import { useToast } from '../../layout/useToast';
import { isPermissionError } from '../../providers/permissionNotice';
import { useAppDataProvider } from '../../providers/dataProvider';
import { answerOf, codeOf, errorMessage, fieldMessages, type ErrorMessage } from '../../providers/errorMessages';
import type { SelectionMatching } from '../../common/listSelection';

/** The fields of the batch call a message can belong to. */
export type BatchField = 'ids' | 'completionDate';
/** Field → message. */
export type BatchErrors = Partial<Record<BatchField, ErrorMessage>>;

export type BatchOutcome =
  | { status: 'updated'; updated: number }
  | { status: 'invalid'; errors: BatchErrors }
  /** Reported by a toast (or by the global permission notice); nothing changed. */
  | { status: 'failed' };

/** The answer's errors of the dialog's two fields (docs/order-status-flow.md#batch-modification-completion-date). */
function batchErrors(error: unknown): BatchErrors {
  const { ids, completionDate } = fieldMessages('batch-modification', error);
  return { ...(ids && { ids }), ...(completionDate && { completionDate }) };
}

/**
 * POST /api/orders/batch-completion-date, all or nothing, with the customer's toasts
 * (docs/admin-screens.md#notices): success offers Undo and refreshes every order query so the new dates show; a 401
 * says the session expired and signs out.
 */
export function useBatchCompletionDate() {
  const toast = useToast();
  const notifyUndoable = useNotifyUndoable();
  const translate = useTranslate();
  const refresh = useRefresh();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const dataProvider = useAppDataProvider();

  return useCallback(async (ids: Identifier[], completionDate: Date, matching?: SelectionMatching): Promise<BatchOutcome> => {
    try {
      const { updated, actionId } = await dataProvider.batchCompletionDate(ids, completionDate, matching);
      notifyUndoable('batch_modification.toast.success', { actionId, titleKey: 'batch_modification.toast.success_title',
        messageArgs: { smart_count: updated } });
      refresh();
      return { status: 'updated', updated };
    } catch (error) {
      // The global permission-denied notice has already spoken.
      if (isPermissionError(error)) return { status: 'failed' };
      // Bad input (400), or a selection holding orders that are not completed (409): said in the
      // dialog, which stays open with the selection as it was, so those orders can be unticked.
      const errors = batchErrors(error);
      if (Object.keys(errors).length > 0) return { status: 'invalid', errors };
      // "All N matching" the search no longer is (409 selection_changed): said the same way.
      if (codeOf(error) === 'selection_changed') return { status: 'invalid', errors: { ids: errorMessage(error) } };
      if (answerOf(error).status === 401) {
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
  }, [toast, notifyUndoable, translate, refresh, logoutIfAccessDenied, dataProvider]);
}
