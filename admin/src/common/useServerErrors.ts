import { useCallback } from 'react';
import { useNotify, useResourceContext, useTranslate } from 'react-admin';
import { isPermissionError } from '../providers/permissionNotice';
import { answerOf, codeOf, describeError, fieldMessages, formErrorText } from '../providers/errorMessages';

/** A failed call's text in the person's language (docs/error-codes.md#how-the-admin-treats-them). */
export function useErrorText() {
  const translate = useTranslate();
  return useCallback((error: unknown) => describeError(translate, error), [translate]);
}

/** The form's root error of a save refused as stale, beside the notified one: the form then offers a reload (LiveRecordNotice). */
export const STALE_SAVE = 'staleSave';

/**
 * What a form shows of a failed save, or undefined when the answer is not about the form: each
 * field's code as its message under the input (react-admin translates it when it renders), and
 * the root error react-admin notifies instead of its "the form is not valid": a stale version,
 * which names no input, or a refusal more specific than bad input that also names fields.
 */
export function useFormErrors(resourceName?: string) {
  const errorText = useErrorText();
  const resource = useResourceContext({ resource: resourceName }) ?? '';
  return useCallback((error: unknown): Record<string, unknown> | undefined => {
    const code = codeOf(error);
    const root = { serverError: errorText(error) };
    if (code === 'version_conflict') return { root: { ...root, [STALE_SAVE]: root.serverError } };
    const fields = Object.entries(fieldMessages(resource, error));
    if (fields.length === 0) return undefined;
    const errors: Record<string, unknown> = Object.fromEntries(fields.map(([field, message]) => [field, formErrorText(message)]));
    return code === 'invalid_input' ? errors : { ...errors, root };
  }, [errorText, resource]);
}

/**
 * The onError of a resource's mutations. react-admin hands the answer's `errors` object to the
 * form (its create and edit controllers return `body.errors`), so that becomes what the form
 * shows; an answer that is not about the form is notified.
 */
export function useServerErrors(resourceName?: string) {
  const notice = useErrorNotice();
  const formErrors = useFormErrors(resourceName);
  return useCallback((error: unknown) => {
    const errors = isPermissionError(error) ? undefined : formErrors(error);
    if (errors) answerOf(error).body.errors = errors as never;
    else notice(error);
  }, [notice, formErrors]);
}

/** The onError of a call that is no form's save (a delete, a bulk or quick action): the answer notified. */
export function useErrorNotice() {
  const notify = useNotify();
  const errorText = useErrorText();
  return useCallback((error: unknown) => {
    if (!isPermissionError(error)) notify(errorText(error), { type: 'error' });
  }, [notify, errorText]);
}
