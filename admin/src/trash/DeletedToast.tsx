import { useCallback } from 'react';
import type { Identifier } from 'react-admin';
import { useNotifyUndoable } from '../common/useUndoableNotify';

/**
 * After a delete: says where the records went (the seed's confirmation says "cannot be undone",
 * the trash says otherwise) and offers Undo for 10 seconds, which takes them all out of the trash
 * in one request (docs/undo.md); `onUndone` then brings up to date what the undo changed beyond the list.
 */
export function useDeletedToast() {
  const notifyUndoable = useNotifyUndoable();
  return useCallback((ids: Identifier[], actionId: string, onUndone?: () => unknown) => {
    const one = ids.length === 1;
    notifyUndoable(one ? 'trash.deleted.moved' : 'trash.deleted.moved_many', { actionId, type: 'info', onUndone,
      messageArgs: { count: ids.length }, undoneKey: one ? 'trash.deleted.restored' : 'trash.notifications.restored_many' });
  }, [notifyUndoable]);
}
