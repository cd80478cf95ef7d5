import { Box, Chip, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { hasChanges, isBeforeAfter, isHiddenChange, type ActivityLogRecord } from '@kernel/activity/activityLogRecord';
import { EDITABLE_FIELDS, PRICE_FIELDS } from '@kernel/orders/orderRecords';
import { useAuditLabels } from './auditVocabulary';
import { LoggedValue, type Names } from './LoggedValue';

/** An order's fields in the order its form and its prices show them; other fields follow, as logged. */
const ORDER_FIELDS: readonly string[] = ['status', ...EDITABLE_FIELDS, 'completionDate', ...PRICE_FIELDS];

function orderedChanges(entityType: string | null, changes: Record<string, unknown>): Array<[string, unknown]> {
  const entries = Object.entries(changes);
  if (entityType !== 'order') return entries;
  const rank = (field: string) => (ORDER_FIELDS.includes(field) ? ORDER_FIELDS.indexOf(field) : ORDER_FIELDS.length);
  return entries.sort(([a], [b]) => rank(a) - rank(b));
}

const ChangeCells = ({ entityType, field, change, names }: {
  entityType: string | null; field: string; change: unknown; names?: Names;
}) => {
  const translate = useTranslate();
  if (isHiddenChange(change)) {
    return <TableCell colSpan={2}><Chip size="small" variant="outlined" label={translate('activity_logs.changed')} /></TableCell>;
  }
  if (isBeforeAfter(change)) {
    return (
      <>
        <TableCell><LoggedValue entityType={entityType} field={field} value={change.before} names={names} /></TableCell>
        <TableCell><LoggedValue entityType={entityType} field={field} value={change.after} names={names} /></TableCell>
      </>
    );
  }
  // A plain fact of the event (a failed login's username), neither before nor after.
  return <TableCell colSpan={2}><LoggedValue entityType={entityType} field={field} value={change} names={names} /></TableCell>;
};

/** The expanded row of the activity log: one line per changed field with its before and after. */
export const ChangesPanel = () => {
  const record = useRecordContext<ActivityLogRecord>();
  const translate = useTranslate();
  const labels = useAuditLabels();
  if (!record) return null;
  if (!hasChanges(record)) {
    return <Typography variant="body2" color="text.secondary" sx={{ p: 1 }}>{translate('activity_logs.no_changes')}</Typography>;
  }
  return (
    <Box sx={{ py: 1, maxWidth: 1000 }} data-testid="changes-panel">
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: '22%' }}>{translate('activity_logs.columns.field')}</TableCell>
            <TableCell sx={{ width: '39%' }}>{translate('activity_logs.columns.before')}</TableCell>
            <TableCell sx={{ width: '39%' }}>{translate('activity_logs.columns.after')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {orderedChanges(record.entityType, record.changes ?? {}).map(([field, change]) => (
            <TableRow key={field} sx={{ '& td': { verticalAlign: 'top' } }}>
              <TableCell sx={{ fontWeight: 500 }}>{labels.field(record.entityType, field)}</TableCell>
              <ChangeCells entityType={record.entityType} field={field} change={change} names={record.referenceNames?.[field]} />
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {record.userAgent && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
          {translate('resources.activity-logs.fields.userAgent')}: {record.userAgent}
        </Typography>
      )}
    </Box>
  );
};
