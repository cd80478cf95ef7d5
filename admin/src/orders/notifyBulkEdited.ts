import type { useNotify } from 'react-admin';

/** The toast after a bulk edit; the one place its Undo (the answer's action id) will be offered. */
export function notifyBulkEdited(notify: ReturnType<typeof useNotify>, { updated }: { updated: number; actionId: string }) {
  notify('bulk_edit.toast.updated', { type: 'success', messageArgs: { smart_count: updated } });
}
