/**
 * What undoing one logged row does to its record (docs/undo.md#what-can-be-undone): `revert` puts
 * the logged fields back to their `before`, `restore` takes the record out of the trash, `trash`
 * puts it in. Actions not named here cannot be undone: sign-ins and sessions, a purge (the record
 * is gone), an attachment upload, a password reset, a translation import (it names no records).
 */
export const UNDO_OF: Readonly<Record<string, 'revert' | 'restore' | 'trash'>> = {
  update: 'revert',
  status_change: 'revert',
  batch_update: 'revert',
  bulk_edit: 'revert',
  rate_card_apply: 'revert',
  undo: 'revert',
  delete: 'restore',
  create: 'trash',
  import: 'trash',
  restore: 'trash',
};

/**
 * Whether a logged action changed the record it names: what an undo covers, and a purge that took
 * it away. Not a sign-in, a session, a second factor, a password reset or an attachment upload.
 */
export const changesRecord = (action: string): boolean => Object.hasOwn(UNDO_OF, action) || action === 'purge';

/** How long the activity log offers an action's undo. */
export const UNDO_HOURS = 24;

/** Whether an action of this kind, logged at `at`, may still be offered for undo (the server decides the rest). */
export const mayOfferUndo = (action: string, at: string | Date, now = Date.now()): boolean =>
  Object.hasOwn(UNDO_OF, action) && now - new Date(at).getTime() < UNDO_HOURS * 3_600_000;
