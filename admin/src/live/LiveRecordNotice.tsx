import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import {
  RecordContextProvider, useDataProvider, useRecordContext, useResourceContext, useTranslate,
} from 'react-admin';
import { useFormContext } from 'react-hook-form';
import type { LiveChange } from '@kernel/live/liveChange';
import type { ActivityLogRecord } from '@kernel/activity/activityLogRecord';
import { recordType } from '../common/auditVocabulary';
import { ChangesPanel } from '../common/ChangesPanel';
import { STALE_SAVE } from '../common/useServerErrors';
import { queryKeys } from '../providers/queryKeys';
import { TAB_ID } from '../providers/tabId';
import { useClockTime } from './DeletedRecordNotice';
import { LiveConflicts } from './LiveConflicts';
import { holdRecord, LIVE_CHANGE_EVENT } from './LiveUpdates';
import { agreedFields, conflictsOf, differences, type Conflicts } from './recordMerge';

/**
 * The `resetOptions` of every form that holds a LiveRecordNotice. When its record changes (a
 * reload), react-admin resets the form to it: the fields the person changed keep their values,
 * the others take the new record's, and the new record, with its version, becomes the form's
 * base, so the next save goes through; the conflict marks set just before stay.
 */
export const KEEP_UNSAVED_EDITS = { keepDirtyValues: true, keepErrors: true } as const;

/** The mark on a field both changed; the choice is offered above the fields (LiveConflicts). */
const CONFLICT_MARK = { type: 'conflict', message: 'live.conflict_mark' };

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
 * Inside the form of an edit page, which holds `resetOptions={KEEP_UNSAVED_EDITS}`: when someone
 * else (or the same person in another tab) changes the record on screen, says so at once, before
 * the save meets the 409 (docs/live-updates.md); a save refused as stale (the notice missed, or no
 * stream) offers the same reload. Compare shows each field as it was opened and as it is now.
 * Reload merges the new version into the form: their changes come in, the person's unsaved edits
 * stay, and each field both changed to different values is marked, keeping the person's value
 * until they pick theirs or their own; a field both set alike is theirs again. Values read as
 * the form shows them (LoggedValue: a reference by its name, a choice by its label).
 */
export const LiveRecordNotice = () => {
  const record = useRecordContext();
  const resource = useResourceContext() ?? '';
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider();
  const translate = useTranslate();
  const clockTime = useClockTime();
  const { getValues, setValue, setError, clearErrors, resetField, formState } = useFormContext();
  const staleSave = Boolean(formState.errors.root?.[STALE_SAVE]);
  const [change, setChange] = useState<LiveChange | null>(null);
  const [comparison, setComparison] = useState<ActivityLogRecord['changes'] | null>(null);
  const [conflicts, setConflicts] = useState<Conflicts>({});
  const recordId = record?.id;

  // Read past react-admin's cache: the form keeps the version it was opened with.
  const readNow = async () => (await dataProvider.getOne(resource, { id: recordId })).data;
  const compare = async () => {
    if (record) setComparison(differences(record, await readNow()));
  };
  const reload = async () => {
    setChange(null);
    setComparison(null);
    const theirs = await readNow().catch(() => null);
    // Gone meanwhile: react-admin says so, as for any record it cannot read.
    if (!theirs) return void queryClient.invalidateQueries({ queryKey: queryKeys.record(resource) });
    clearErrors('root');
    // The form takes the record it shows (the merge below).
    queryClient.setQueriesData({ queryKey: queryKeys.record(resource, recordId) }, theirs);
  };

  // The merge of every new version of the record the form is given: the reload's, and one read
  // again by the person's own action (a status change from the order detail while editing), which
  // would otherwise take another person's change in unmarked, and the next save over it. It runs
  // before react-admin resets the form to the new record (the form is its ancestor, and effects
  // run from the leaves up), and the reset is the merge itself (KEEP_UNSAVED_EDITS).
  const shownRecord = useRef(record);
  useEffect(() => {
    const base = shownRecord.current;
    shownRecord.current = record;
    if (!base || !record || base === record || base.id !== record.id) return;
    const mine = getValues();
    const found = conflictsOf(base, mine, record);
    const agreed = agreedFields(base, mine, record);
    if (Object.keys(found).length === 0 && agreed.length === 0) return;
    // Saved as the person has it: no longer an edit of theirs (nor a conflict), so the reset takes the record's.
    agreed.forEach((field) => resetField(field, { defaultValue: record[field] }));
    Object.keys(found).forEach((field) => setError(field, CONFLICT_MARK));
    setConflicts((previous) => ({ ...Object.fromEntries(Object.entries(previous).filter(([field]) => !agreed.includes(field))), ...found }));
  }, [record, getValues, resetField, setError]);
  const settle = (field: string) => {
    clearErrors(field);
    setConflicts(({ [field]: _settled, ...rest }) => rest);
  };
  const takeTheirs = (field: string) => {
    setValue(field, conflicts[field].theirs, { shouldDirty: true });
    settle(field);
  };

  useEffect(() => (recordId !== undefined ? holdRecord(queryClient, resource, recordId) : undefined), [queryClient, resource, recordId]);

  useEffect(() => {
    const heard = (event: Event) => {
      const live = (event as CustomEvent<LiveChange>).detail;
      if (recordId === undefined || live.type !== recordType(resource) || live.id !== String(recordId)) return;
      // This tab's own save is no news (the same person's save in another tab is); a delete
      // replaces the whole page (DeletedRecordNotice).
      if (live.tab !== TAB_ID && live.action !== 'delete') setChange(live);
    };
    window.addEventListener(LIVE_CHANGE_EVENT, heard);
    return () => window.removeEventListener(LIVE_CHANGE_EVENT, heard);
  }, [resource, recordId]);

  const time = change && clockTime(change.at);
  return (
    <>
      {change && (
        <Alert severity="warning" role="status" data-testid="live-record-notice" sx={{ mb: 2, width: '100%', boxSizing: 'border-box' }}
          action={(
            <>
              <Button color="inherit" size="small" onClick={() => void compare().catch(() => undefined)}>{translate('live.compare')}</Button>
              <Button color="inherit" size="small" onClick={() => void reload()}>{translate('live.reload')}</Button>
            </>
          )}>
          {translate('live.changed_by', { name: change.by ?? '—', time })}
        </Alert>
      )}
      {staleSave && (
        <Alert severity="error" data-testid="stale-save" sx={{ mb: 2, width: '100%', boxSizing: 'border-box' }}
          action={<Button color="inherit" size="small" onClick={() => void reload()}>{translate('ra.action.refresh')}</Button>}>
          {translate('common.conflict')}
        </Alert>
      )}
      {Object.keys(conflicts).length > 0 && (
        <LiveConflicts type={recordType(resource)} conflicts={conflicts}
          onUseTheirs={takeTheirs} onKeepMine={settle} />
      )}
      {change && comparison && (
        <CompareDialog change={change} changes={comparison} onClose={() => setComparison(null)} onReload={() => void reload()} />
      )}
    </>
  );
};
