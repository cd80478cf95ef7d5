import { useCallback, useState } from 'react';
import { useNotify, useRefresh } from 'react-admin';
import { useNotifyUndoable } from '../common/useUndoableNotify';
import { useErrorText } from '../common/useServerErrors';
import { isPermissionError } from '../providers/permissionNotice';
import { useAppDataProvider } from '../providers/dataProvider';
import type { TrashRecord } from './trashModel';

type Picked = Pick<TrashRecord, 'id' | 'name'>;

/** A trash row's record type and id, from its list id ("supplier:7"). */
const typeAndId = (id: string): [string, number] => {
  const at = id.lastIndexOf(':');
  return [id.slice(0, at), Number(id.slice(at + 1))];
};

/**
 * What the trash's buttons share: a pending flag, a refresh of every list after (a restored record
 * is back in its own resource) and the refusals said in the person's language (a name clash on
 * restore: 409); a permission error has its global notice and stops the rest.
 */
function useTrashRun(action: 'restore' | 'purge', work: (records: Picked[], failed: (error: unknown) => boolean) => Promise<Picked[]>) {
  const notify = useNotify();
  const refresh = useRefresh();
  const errorText = useErrorText();
  const [pending, setPending] = useState(false);
  /** Answers the records done: those refused stay selected. */
  const run = useCallback(async (records: Picked[]): Promise<Picked[]> => {
    setPending(true);
    const failures: string[] = [];
    const failed = (error: unknown) => {
      if (isPermissionError(error)) return true;
      failures.push(errorText(error));
      return false;
    };
    const done = await work(records, failed);
    setPending(false);
    refresh();
    if (failures.length > 0) {
      notify(`trash.errors.${action}_failed`, { type: 'error', multiLine: true, messageArgs: { message: failures.join('\n') } });
    }
    return done;
  }, [action, work, notify, refresh, errorText]);
  return { run, pending };
}

/**
 * Restores records from the trash: one request per record type, all of them under one action
 * (X-Action-Id), so the toast's Undo puts back in the trash what the click took out. A type
 * whose records cannot all come back (a name clash) restores none of them and is named.
 */
export function useTrashRestore() {
  const dataProvider = useAppDataProvider();
  const notifyUndoable = useNotifyUndoable();
  const work = useCallback(async (records: Picked[], failed: (error: unknown) => boolean) => {
    const byType = new Map<string, Picked[]>();
    for (const record of records) {
      const [type] = typeAndId(String(record.id));
      byType.set(type, [...byType.get(type) ?? [], record]);
    }
    const restored: Picked[] = [];
    let actionId: string;
    try {
      actionId = await dataProvider.newAction();
    } catch (error) {
      failed(error);
      return restored;
    }
    for (const [type, group] of byType) {
      try {
        await dataProvider.restoreFromTrash(type, group.map((record) => typeAndId(String(record.id))[1]), actionId);
        restored.push(...group);
      } catch (error) {
        if (failed(error)) break;
      }
    }
    if (restored.length > 0) {
      const one = restored.length === 1;
      notifyUndoable(`trash.notifications.restored${one ? '' : '_many'}`,
        { actionId, messageArgs: { count: restored.length, name: one ? restored[0].name ?? '' : '' } });
    }
    return restored;
  }, [dataProvider, notifyUndoable]);
  return useTrashRun('restore', work);
}

/** Purges one record for good (administrators: the server refuses anyone else). */
export function useTrashPurge() {
  const dataProvider = useAppDataProvider();
  const notify = useNotify();
  const work = useCallback(async ([record]: Picked[], failed: (error: unknown) => boolean) => {
    try {
      await dataProvider.purgeFromTrash(String(record.id));
    } catch (error) {
      failed(error);
      return [];
    }
    notify('trash.notifications.purged', { type: 'success', messageArgs: { name: record.name ?? '' } });
    return [record];
  }, [dataProvider, notify]);
  return useTrashRun('purge', work);
}
