import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  RecordContextProvider, useDataProvider, useLocaleState, useRecordContext, useResourceContext, useTranslate, type RaRecord,
} from 'react-admin';
import type { LiveChange } from '@kernel/live/liveChange';
import { ChangesPanel } from '../activity-logs/ChangesPanel';
import type { ActivityLogRecord } from '../activity-logs/activityLogModel';
import { TAB_ID } from '../providers/tabId';
import { holdRecord, LIVE_CHANGE_EVENT } from './LiveUpdates';

/** The kind of record a resource holds, as the activity log names it: orders → order, vehicle-types → vehicle_type. */
const recordType = (resource: string) => resource.replace(/s$/, '').replace(/-/g, '_');

/** Bookkeeping that changes with every save: not what anyone changed. */
const BOOKKEEPING = new Set(['id', 'version', 'updatedAt', 'createdAt']);

/** Each field whose value differs between two versions of a record, as the activity log shows a change. */
export function differences(before: RaRecord, after: RaRecord): Record<string, { before: unknown; after: unknown }> {
  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((field) => !BOOKKEEPING.has(field));
  return Object.fromEntries(fields.filter((field) => !same(before[field], after[field]))
    .map((field) => [field, { before: before[field] ?? null, after: after[field] ?? null }]));
}

/** What changed between the version on screen and the one saved now, field by field. */
const CompareDialog = ({ change, changes, onClose, onReload }: {
  change: LiveChange; changes: ActivityLogRecord['changes']; onClose: () => void; onReload: () => void;
}) => {
  const translate = useTranslate();
  const log = { id: change.seq, entityType: change.type, changes } as ActivityLogRecord;
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth data-testid="live-compare">
      <DialogTitle>{translate('live.compare_title', { name: change.by ?? '—' })}</DialogTitle>
      <DialogContent dividers>
        {Object.keys(changes ?? {}).length === 0
          ? <Typography color="text.secondary">{translate('live.compare_none')}</Typography>
          : <RecordContextProvider value={log}><ChangesPanel /></RecordContextProvider>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
        <Button variant="contained" onClick={onReload}>{translate('live.reload')}</Button>
      </DialogActions>
    </Dialog>
  );
};

/**
 * On an edit page: when someone else (or the same person in another tab) changes the record on
 * screen, a form being edited says so at once, before its save meets the 409
 * (docs/live-updates.md). Compare shows each field as it was opened and as it is now; Reload
 * takes the new version and keeps the person's unsaved edits. A record only shown (`holding`
 * false) is not held: it refetches like any query (LiveUpdates).
 */
export const LiveRecordNotice = ({ holding = true }: { holding?: boolean }) => {
  const record = useRecordContext();
  const resource = useResourceContext() ?? '';
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [change, setChange] = useState<LiveChange | null>(null);
  const [comparison, setComparison] = useState<ActivityLogRecord['changes'] | null>(null);
  const reload = () => {
    setChange(null);
    setComparison(null);
    void queryClient.invalidateQueries({ queryKey: [resource, 'getOne'] });
  };
  // Read past react-admin's cache: the form keeps the version it was opened with.
  const compare = async () => {
    if (!record) return;
    const { data } = await dataProvider.getOne(resource, { id: record.id });
    setComparison(differences(record, data));
  };

  const recordId = record?.id;
  useEffect(() => (holding && recordId !== undefined ? holdRecord(resource, recordId) : undefined), [holding, resource, recordId]);

  useEffect(() => {
    const heard = (event: Event) => {
      const live = (event as CustomEvent<LiveChange>).detail;
      if (!holding || !record || live.type !== recordType(resource) || live.id !== String(record.id)) return;
      // This tab's own save is no news (the same person's save in another tab is).
      if (live.tab !== TAB_ID) setChange(live);
    };
    window.addEventListener(LIVE_CHANGE_EVENT, heard);
    return () => window.removeEventListener(LIVE_CHANGE_EVENT, heard);
  }, [record, resource, holding]);

  if (!change) return null;
  const time = new Date(change.at).toLocaleTimeString(locale === 'cn' ? 'zh-CN' : 'en-GB', { hour: '2-digit', minute: '2-digit' });
  return (
    <>
      <Alert severity="warning" role="status" data-testid="live-record-notice" sx={{ mb: 2 }}
        action={(
          <>
            {change.action !== 'delete' && (
              <Button color="inherit" size="small" onClick={() => void compare().catch(() => undefined)}>{translate('live.compare')}</Button>
            )}
            <Button color="inherit" size="small" onClick={reload}>{translate('live.reload')}</Button>
          </>
        )}>
        {translate('live.changed_by', { name: change.by ?? '—', time })}
      </Alert>
      {comparison && <CompareDialog change={change} changes={comparison} onClose={() => setComparison(null)} onReload={reload} />}
    </>
  );
};
