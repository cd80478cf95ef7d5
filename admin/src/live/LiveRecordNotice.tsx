import { Alert, Button } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useGetIdentity, useLocaleState, useRecordContext, useResourceContext, useTranslate } from 'react-admin';
import type { LiveChange } from '@kernel/live/liveChange';
import { LIVE_CHANGE_EVENT } from './LiveUpdates';

/** The kind of record a resource holds, as the activity log names it: orders → order, vehicle-types → vehicle_type. */
const recordType = (resource: string) => resource.replace(/s$/, '').replace(/-/g, '_');

/**
 * On an edit page: when someone else changes the record on screen, a form being edited says so at
 * once, before its save meets the 409 (docs/live-updates.md); Reload takes their version and keeps
 * the person's unsaved edits. A record only shown (`holding` false) just refetches.
 */
export const LiveRecordNotice = ({ holding = true }: { holding?: boolean }) => {
  const record = useRecordContext();
  const resource = useResourceContext() ?? '';
  const { identity } = useGetIdentity();
  const queryClient = useQueryClient();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [change, setChange] = useState<LiveChange | null>(null);
  const reload = () => {
    setChange(null);
    void queryClient.invalidateQueries({ queryKey: [resource, 'getOne'] });
  };

  useEffect(() => {
    const heard = (event: Event) => {
      const live = (event as CustomEvent<LiveChange>).detail;
      if (!record || live.type !== recordType(resource) || live.id !== String(record.id)) return;
      // One's own save is no news.
      if (identity && String(live.userId) === String(identity.id)) return;
      if (holding) setChange(live);
      else void queryClient.invalidateQueries({ queryKey: [resource, 'getOne'] });
    };
    window.addEventListener(LIVE_CHANGE_EVENT, heard);
    return () => window.removeEventListener(LIVE_CHANGE_EVENT, heard);
  }, [record, resource, identity, holding, queryClient]);

  if (!change) return null;
  const time = new Date(change.at).toLocaleTimeString(locale === 'cn' ? 'zh-CN' : 'en-GB', { hour: '2-digit', minute: '2-digit' });
  return (
    <Alert severity="warning" role="status" data-testid="live-record-notice" sx={{ mb: 2 }}
      action={<Button color="inherit" size="small" onClick={reload}>{translate('live.reload')}</Button>}>
      {translate('live.changed_by', { name: change.by ?? '—', time })}
    </Alert>
  );
};
