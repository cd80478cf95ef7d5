import RestorePageIcon from '@mui/icons-material/RestorePage';
import {
  Box, Button, List, ListItem, ListItemButton, ListItemText, Table, TableBody, TableCell, TableHead, TableRow, ToggleButton,
  ToggleButtonGroup, Typography,
} from '@mui/material';
import { useState } from 'react';
import { useCanAccess, useGetList, useTranslate, type RaRecord } from 'react-admin';
import { useDateFormat } from '../common/dateFormat';
import { useAuditLabels } from '../common/auditVocabulary';
import { LoggedValue } from '../common/LoggedValue';
import { isBeforeAfter, type ActivityLogRecord } from '@kernel/activity/activityLogRecord';

/** How many of a record's latest changes the panel lists. */
const SHOWN = 50;

type Side = 'before' | 'after';

/**
 * Entries of a record's life rather than of its values: their other side is no record at all, so
 * they are shown, as the record was then, but cannot be put back (the form would empty).
 */
const LIFE: Readonly<Record<string, Side>> = { create: 'after', import: 'after', restore: 'after', delete: 'before', purge: 'before' };

/** The fields of a log row that can be put back: logged with before and after, and on the form. */
const restorable = (log: ActivityLogRecord, fields: readonly string[]) => Object.entries(log.changes ?? {})
  .filter(([field, change]) => fields.includes(field) && isBeforeAfter(change));

/** Then (the change's before or after) beside now, and the button that puts then back in the form. */
const Compare = ({ log, record, fields, entityType, onPutBack }: {
  log: ActivityLogRecord; record: RaRecord; fields: readonly string[]; entityType: string;
  onPutBack?: (values: Record<string, unknown>) => void;
}) => {
  const translate = useTranslate();
  const labels = useAuditLabels();
  const life = LIFE[log.action];
  const [chosenSide, setSide] = useState<Side>('after');
  const side = life ?? chosenSide;
  const changes = restorable(log, fields);
  if (changes.length === 0) {
    return <Typography variant="body2" color="text.secondary" sx={{ p: 1 }}>{translate('history.nothing_to_put_back')}</Typography>;
  }
  const then = Object.fromEntries(changes.map(([field, change]) => [field, (change as Record<Side, unknown>)[side] ?? null]));
  return (
    <Box sx={{ p: 1 }} data-testid="history-compare">
      {life ? (
        <Typography variant="body2" color="text.secondary" data-testid="history-life">{translate('history.life_event')}</Typography>
      ) : (
        <ToggleButtonGroup size="small" exclusive value={side} onChange={(_event, value: Side | null) => value && setSide(value)}>
          <ToggleButton value="before" data-testid="history-before">{translate('history.before_change')}</ToggleButton>
          <ToggleButton value="after" data-testid="history-after">{translate('history.after_change')}</ToggleButton>
        </ToggleButtonGroup>
      )}
      <Table size="small" sx={{ mt: 1 }}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('activity_logs.columns.field')}</TableCell>
            <TableCell>{translate('history.then')}</TableCell>
            <TableCell>{translate('history.now')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {Object.entries(then).map(([field, value]) => (
            <TableRow key={field} sx={{ '& td': { verticalAlign: 'top' } }}>
              <TableCell sx={{ fontWeight: 500 }}>{labels.field(entityType, field)}</TableCell>
              <TableCell>
                <LoggedValue entityType={entityType} field={field} value={value} names={log.referenceNames?.[field] ?? {}} />
              </TableCell>
              <TableCell><LoggedValue entityType={entityType} field={field} value={record[field]} /></TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {onPutBack && !life && (
        <Button size="small" variant="outlined" startIcon={<RestorePageIcon />} sx={{ mt: 1 }} data-testid="history-put-back"
          onClick={() => onPutBack(then)}>
          {translate('history.put_back')}
        </Button>
      )}
    </Box>
  );
};

/**
 * A record's history (docs/undo.md#a-records-history): its activity-log rows, newest first; one
 * chosen shows its values then (before or after that change) beside now, and "Put back these
 * values" hands them to the form, whose Save is a normal edit with the version check. Shown only
 * to those who may read the activity log.
 */
export const RecordHistory = ({ entityType, record, fields, onPutBack }: {
  entityType: string;
  record: RaRecord;
  /** The fields the form edits: only these can be put back. */
  fields: readonly string[];
  onPutBack?: (values: Record<string, unknown>) => void;
}) => {
  const translate = useTranslate();
  const labels = useAuditLabels();
  const format = useDateFormat();
  const [chosen, setChosen] = useState<ActivityLogRecord['id'] | null>(null);
  const { canAccess } = useCanAccess({ resource: 'activity-logs', action: 'list' });
  const { data: logs = [] } = useGetList<ActivityLogRecord>('activity-logs', {
    filter: { entityType, entityId: String(record.id) }, sort: { field: 'at', order: 'DESC' }, pagination: { page: 1, perPage: SHOWN },
  }, { enabled: canAccess === true });
  if (!canAccess) return null;
  if (logs.length === 0) return <Typography variant="body2" color="text.secondary">{translate('history.empty')}</Typography>;
  return (
    <List dense disablePadding data-testid="record-history">
      {logs.map((log) => (
        // A list item each (the list holds items only, for screen readers), its compare below its line.
        <ListItem key={log.id} disablePadding sx={{ display: 'block' }}>
          <ListItemButton selected={chosen === log.id} onClick={() => setChosen(chosen === log.id ? null : log.id)}
            data-testid="history-entry">
            <ListItemText primary={`${labels.action(log.action)} · ${log.userName ?? log.username ?? ''}`}
              secondary={`${format.dateTime(log.at)} · ${Object.keys(log.changes ?? {}).map((field) => labels.field(entityType, field)).join(', ')}`}
              slotProps={{ secondary: { sx: { whiteSpace: 'normal', wordBreak: 'break-word' } } }} />
          </ListItemButton>
          {chosen === log.id && (
            <Compare log={log} record={record} fields={fields} entityType={entityType} onPutBack={onPutBack} />
          )}
        </ListItem>
      ))}
    </List>
  );
};
