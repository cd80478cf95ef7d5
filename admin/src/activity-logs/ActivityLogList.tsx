import { Chip, type ChipProps } from '@mui/material';
import {
  AutocompleteInput, DataTable, DateTimeInput, ExportButton, List, ReferenceInput, SearchInput, SelectInput, TopToolbar,
  useRecordContext, type RaRecord,
} from 'react-admin';
import { LocalDateField } from '../common/LocalDateField';
import { hasChanges, type ActivityLogRecord } from './activityLogModel';
import { ACTION_CHOICES, ENTITY_TYPE_CHOICES, useAuditLabels } from './auditVocabulary';
import { ChangesPanel } from './ChangesPanel';
import { csvExporter } from '../common/csvExporter';

const userOption = (user: RaRecord) => `${user.firstName} ${user.lastName} (${user.username})`.trim();

/**
 * The inputs give local "yyyy-MM-ddThh:mm"; the server compares instants, so send ISO time. The
 * upper bound takes in its whole minute: "until 10:00" includes what happened at 10:00:30.
 */
const toInstant = (endOfMinute: boolean) => (value: string) => {
  if (!value) return '';
  const time = new Date(value).getTime();
  return Number.isNaN(time) ? '' : new Date(time + (endOfMinute ? 59_999 : 0)).toISOString();
};

const FILTERS = [
  <SearchInput key="q" source="q" alwaysOn />,
  // user-options, not users: a director reads the log without the users page.
  <ReferenceInput key="userId" source="userId" reference="user-options" sort={{ field: 'username', order: 'ASC' }}
    alwaysOn>
    <AutocompleteInput optionText={userOption} label="resources.activity-logs.fields.username" sx={{ minWidth: 220 }} />
  </ReferenceInput>,
  <SelectInput key="action" source="action" choices={ACTION_CHOICES} alwaysOn />,
  <SelectInput key="entityType" source="entityType" choices={ENTITY_TYPE_CHOICES} alwaysOn />,
  <DateTimeInput key="at_gte" source="at_gte" label="activity_logs.filters.from" parse={toInstant(false)} alwaysOn />,
  <DateTimeInput key="at_lte" source="at_lte" label="activity_logs.filters.to" parse={toInstant(true)} alwaysOn />,
];

const ACTION_COLOURS: Record<string, ChipProps['color']> = {
  create: 'success', restore: 'success', register: 'success',
  update: 'info', status_change: 'info', batch_update: 'info', import: 'info', upload: 'info',
  delete: 'warning', logout: 'default', login: 'default',
  purge: 'error', login_failed: 'error', reset_password: 'secondary', sign_out_everywhere: 'secondary',
};

const ActionChip = () => {
  const log = useRecordContext<ActivityLogRecord>();
  const labels = useAuditLabels();
  if (!log) return null;
  return <Chip size="small" color={ACTION_COLOURS[log.action] ?? 'default'} label={labels.action(log.action)}
    data-testid="action-chip" />;
};

const EntityTypeField = () => {
  const log = useRecordContext<ActivityLogRecord>();
  const labels = useAuditLabels();
  return log?.entityType ? <>{labels.entityType(log.entityType)}</> : null;
};

// Read-only: the log is append-only (no create, edit, delete or bulk action).
const ListActions = () => <TopToolbar><ExportButton /></TopToolbar>;

const Column = DataTable.Col<ActivityLogRecord>;

/** Who did what and when; each row opens to the fields it changed, before and after. */
const ActivityLogList = () => (
  <List filters={FILTERS} actions={<ListActions />} exporter={csvExporter}
    sort={{ field: 'at', order: 'DESC' }} perPage={25}>
    <DataTable bulkActionButtons={false} expand={<ChangesPanel />} isRowExpandable={hasChanges} rowClick="expand"
      sx={{ '& .RaDataTable-headerCell, & .RaDataTable-rowCell': { whiteSpace: 'nowrap' } }}>
      <Column source="at"><LocalDateField source="at" showTime /></Column>
      <Column source="username" />
      <Column source="action" field={ActionChip} />
      <Column source="entityType" field={EntityTypeField} />
      <Column source="entityId" disableSort />
      <Column source="ip" disableSort />
    </DataTable>
  </List>
);

export default ActivityLogList;
