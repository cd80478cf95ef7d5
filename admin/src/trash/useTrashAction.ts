import { useCallback, useState } from 'react';
import { useNotify, useRefresh } from 'react-admin';
import { useErrorText } from '../common/useServerErrors';
import { isPermissionError } from '../providers/permissionNotice';
import { useAppDataProvider } from '../providers/dataProvider';
import type { TrashRecord } from './trashModel';

export type TrashAction = 'restore' | 'purge';

const METHOD: Record<TrashAction, 'restoreFromTrash' | 'purgeFromTrash'> = {
  restore: 'restoreFromTrash',
  purge: 'purgeFromTrash',
};

/**
 * Restores or purges trash records one after the other, then refreshes every list (a restored
 * record is back in its own resource) and says what happened. A refusal (a name clash on
 * restore: 409) is said in the person's language; a permission error has its global notice.
 */
export function useTrashAction(action: TrashAction) {
  const notify = useNotify();
  const refresh = useRefresh();
  const errorText = useErrorText();
  const dataProvider = useAppDataProvider();
  const [pending, setPending] = useState(false);

  const run = useCallback(async (records: Array<Pick<TrashRecord, 'id' | 'name'>>): Promise<boolean> => {
    setPending(true);
    const failures: string[] = [];
    let done = 0;
    for (const record of records) {
      try {
        await dataProvider[METHOD[action]](record.id);
        done += 1;
      } catch (error) {
        if (isPermissionError(error)) break;
        failures.push(errorText(error));
      }
    }
    setPending(false);
    refresh();
    if (failures.length > 0) {
      notify(`trash.errors.${action}_failed`, { type: 'error', multiLine: true,
        messageArgs: { message: failures.join('\n') } });
    }
    if (done > 0) {
      const one = records.length === 1;
      notify(`trash.notifications.${action}d${one ? '' : '_many'}`, { type: 'success',
        messageArgs: { count: done, name: one ? records[0].name ?? '' : '' } });
    }
    return failures.length === 0;
  }, [action, notify, refresh, errorText, dataProvider]);

  return { run, pending };
}
