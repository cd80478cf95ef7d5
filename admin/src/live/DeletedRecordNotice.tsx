import { Alert, Button, Stack } from '@mui/material';
import { useEffect, useState } from 'react';
import {
  Title, useCanAccess, useCreatePath, useLocaleState, useNotify, useRedirect, useTranslate, type Identifier,
} from 'react-admin';
import { Link } from 'react-router-dom';
import type { LiveChange } from '@kernel/live/liveChange';
import { answerOf } from '../providers/errorMessages';
import { TAB_ID } from '../providers/tabId';
import { recordType } from '../common/auditVocabulary';
import { LIVE_CHANGE_EVENT } from './LiveUpdates';

/** A moment of today as the person reads a clock: 14:05. */
export function useClockTime() {
  const [locale] = useLocaleState();
  return (at: string) => new Date(at).toLocaleTimeString(locale === 'cn' ? 'zh-CN' : 'en-GB', { hour: '2-digit', minute: '2-digit' });
}

/**
 * The live change that deleted the record on screen, once someone else (or the same person in
 * another tab) deletes it; null until then. The page then shows DeletedRecordNotice in its place,
 * before the refetch would meet a 404 and send the person to the list.
 */
export function useLiveDeletion(resource: string, id: Identifier | undefined): LiveChange | null {
  const [deletion, setDeletion] = useState<LiveChange | null>(null);
  useEffect(() => {
    const heard = (event: Event) => {
      const live = (event as CustomEvent<LiveChange>).detail;
      if (live.action !== 'delete' || live.type !== recordType(resource) || live.id !== String(id)) return;
      // This tab's own delete goes back to the list with its toast.
      if (live.tab !== TAB_ID) setDeletion(live);
    };
    window.addEventListener(LIVE_CHANGE_EVENT, heard);
    return () => window.removeEventListener(LIVE_CHANGE_EVENT, heard);
  }, [resource, id]);
  return deletion;
}

interface Deletion {
  by: string | null;
  at: string | null;
}

/**
 * Whether the record of an edit or detail page is deleted, and by whom and when: told live
 * (useLiveDeletion), or by the 404 of a record in the trash, which says it to those who may open
 * the trash (a bookmark, a link in the activity log). Pass `queryOptions` to the page's <Edit>.
 */
export function useDeletedRecord(resource: string, id: Identifier | undefined) {
  const live = useLiveDeletion(resource, id);
  const [found, setFound] = useState<Deletion | null>(null);
  const notify = useNotify();
  const redirect = useRedirect();
  const onError = (error: unknown) => {
    const params = answerOf(error).body.params;
    if (typeof params?.deletedAt === 'string') return setFound({ by: String(params.deletedBy ?? '') || null, at: params.deletedAt });
    // Any other record it cannot read: react-admin's own answer.
    notify('ra.notification.item_doesnt_exist', { type: 'error' });
    return redirect('list', resource);
  };
  const deletion: Deletion | null = live ? { by: live.by, at: live.at } : found;
  return { deletion, queryOptions: { onError } };
}

/**
 * In place of the page of a deleted record: who deleted it and when, where it is (the trash, for
 * those who may open it) and the way back to the list; the app bar's title says the record is
 * deleted. In a dialog over the list (`onClose`), the list keeps its title and Close replaces the
 * way back.
 */
export const DeletedRecordNotice = ({ resource, by, at, onClose }: {
  resource: string; by: string | null; at: string | null; onClose?: () => void;
}) => {
  const translate = useTranslate();
  const clockTime = useClockTime();
  const createPath = useCreatePath();
  const { canAccess } = useCanAccess({ resource: 'trash', action: 'access' });
  const typeName = translate(`entity_types.${recordType(resource)}`);
  // "此订单" / "This order": the record type's name, in the middle of a sentence.
  const type = typeName.toLocaleLowerCase();
  return (
    <Alert severity="warning" role="status" data-testid="deleted-record-notice" sx={{ mt: onClose ? 0 : 2 }}>
      {!onClose && <Title title={<>{translate('live.deleted_title', { type: typeName })}</>} />}
      {by && at
        ? translate('live.deleted_by', { type, name: by, time: clockTime(at) })
        : translate('live.deleted', { type })}
      <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
        {canAccess && (
          <Button component={Link} to="/trash" variant="outlined" size="small" color="inherit" data-testid="deleted-open-trash">
            {translate('live.open_trash')}
          </Button>
        )}
        {onClose ? (
          <Button onClick={onClose} variant="outlined" size="small" color="inherit">{translate('ra.action.close')}</Button>
        ) : (
          // Labelled on a phone too, where react-admin's list button is a bare icon.
          <Button component={Link} to={createPath({ resource, type: 'list' })} variant="outlined" size="small" color="inherit">
            {translate('ra.action.list')}
          </Button>
        )}
      </Stack>
    </Alert>
  );
};
