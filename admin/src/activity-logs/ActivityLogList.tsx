import KeyIcon from '@mui/icons-material/Key';
import { Button, Chip, Stack, Typography, type ChipProps } from '@mui/material';
import {
  AutocompleteInput, BooleanInput, DataTable, List, ReferenceInput, SearchInput, SelectInput, TopToolbar,
  useListContext, useLocaleState, useRecordContext, useTranslate, type RaRecord,
} from 'react-admin';
import { DateTimePickerInput } from '../common/DateInputs';
import { ExportCsvButton } from '../common/ExportCsvButton';
import { MailOutboxLink } from '../mail-outbox/MailOutboxLink';
import { LocalDateField } from '../common/LocalDateField';
import { LIST_TABLE_SX, NO_WRAP, usePhone } from '../common/ResponsiveDataTable';
import { ACTION_CHOICES, ENTITY_TYPE_CHOICES, useAuditLabels } from '../common/auditVocabulary';
import { ChangesPanel } from '../common/ChangesPanel';
import { hasChanges, type ActivityLogRecord } from '@kernel/activity/activityLogRecord';
import { LogArchivesButton } from './LogArchivesButton';
import { UndoActionButton } from './UndoActionButton';
import { mayOfferUndo } from '@kernel/activity/undoableActions';
import { LIST_LOAD_ERROR } from '../common/ListLoadError';
import { personName } from '@kernel/users/personName';

const userOption = (user: RaRecord) => `${personName(user)} (${user.username})`;

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
  <DateTimePickerInput key="at_gte" source="at_gte" label="activity_logs.filters.from" parse={toInstant(false)} alwaysOn />,
  <DateTimePickerInput key="at_lte" source="at_lte" label="activity_logs.filters.to" parse={toInstant(true)} alwaysOn />,
  <BooleanInput key="grouped" source="grouped" label="activity_logs.filters.grouped" alwaysOn />,
];

/** An import or a bulk action is one entry at first; its rows are a click away. */
const GROUPED = { grouped: true };

/** How many records the entry's action touched, when it is one action on many (an import, a bulk action). */
const batchSize = (log?: ActivityLogRecord) => Number(log?.actionSize ?? 0);

const ACTION_COLOURS: Record<string, ChipProps['color']> = {
  create: 'success', restore: 'success', register: 'success',
  update: 'info', status_change: 'info', batch_update: 'info', import: 'info', upload: 'info',
  bulk_edit: 'info',
  delete: 'warning', logout: 'default', login: 'default', undo: 'secondary',
  purge: 'error', login_failed: 'error', reset_password: 'secondary', sign_out_everywhere: 'secondary',
};

const ActionChip = () => {
  const log = useRecordContext<ActivityLogRecord>();
  const labels = useAuditLabels();
  if (!log) return null;
  return <Chip size="small" color={ACTION_COLOURS[log.action] ?? 'default'} label={labels.action(log.action)}
    data-testid="action-chip" />;
};

/**
 * The record by the name it had at the time of the change (its id when it had none, or is gone for
 * good); an entry standing for a grouped action says what it did to how many ("导入 2,000 个订单").
 */
const RecordField = () => {
  const log = useRecordContext<ActivityLogRecord>();
  const { filterValues } = useListContext();
  const translate = useTranslate();
  const labels = useAuditLabels();
  const [locale] = useLocaleState();
  if (!log?.entityId) return null;
  const size = batchSize(log);
  if (filterValues.grouped && size > 1) {
    return <>{translate('activity_logs.batch', { action: labels.action(log.action), count: size.toLocaleString(locale === 'cn' ? 'zh-CN' : 'en'),
      type: log.entityType ? labels.entityType(log.entityType) : '' })}</>;
  }
  return <>{log.entityLabel ?? `#${log.entityId}`}</>;
};

/**
 * An entry opened: the rows of its grouped action a click away, its undo within 24 hours (the
 * server says whether this user may), then the fields it changed.
 */
const EntryPanel = () => {
  const log = useRecordContext<ActivityLogRecord>();
  const { filterValues, setFilters } = useListContext();
  const translate = useTranslate();
  const size = batchSize(log);
  return (
    <>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
        {log?.actionId && filterValues.grouped && size > 1 && (
          <Button size="small" sx={{ mt: 1 }} data-testid="batch-rows"
            onClick={() => setFilters({ actionId: log.actionId, grouped: false })}>
            {translate('activity_logs.batch_rows', { count: size.toLocaleString() })}
          </Button>
        )}
        {log?.actionId && mayOfferUndo(log.action, log.at) && <UndoActionButton actionId={log.actionId} />}
      </Stack>
      <ChangesPanel />
    </>
  );
};

const isExpandable = (log: ActivityLogRecord) => hasChanges(log) || batchSize(log) > 1;

/**
 * Who acted, by name; the username when the account has no name (or no longer exists); and the API
 * token a customer's system acted through, by its name ("via ERP link").
 */
const UserField = () => {
  const log = useRecordContext<ActivityLogRecord>();
  const translate = useTranslate();
  return (
    <>
      {log?.userName ?? log?.username ?? ''}
      {log?.tokenName && (
        <Chip size="small" variant="outlined" icon={<KeyIcon />} sx={{ ml: 1 }} data-testid="token-chip"
          label={translate('activity_logs.via_token', { name: log.tokenName })} />
      )}
    </>
  );
};

const EntityTypeField = () => {
  const log = useRecordContext<ActivityLogRecord>();
  const labels = useAuditLabels();
  return log?.entityType ? <>{labels.entityType(log.entityType)}</> : null;
};

const Column = DataTable.Col<ActivityLogRecord>;

/** On a phone one column tells the entry: what was done to what, then when and by whom. */
const PhoneEntry = () => (
  <Stack sx={{ gap: 0.5, alignItems: 'flex-start' }}>
    <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
      <ActionChip />
      <EntityTypeField />
      <RecordField />
    </Stack>
    <Typography variant="caption" color="text.secondary">
      <LocalDateField source="at" showTime variant="inherit" /> · <UserField />
    </Typography>
  </Stack>
);

/** The log's export, and for admins its archived months and the way to the mail outbox (whose retries the log records). */
const ActivityLogActions = () => (
  <TopToolbar>
    <LogArchivesButton />
    <MailOutboxLink />
    <ExportCsvButton />
  </TopToolbar>
);

/** Who did what and when; each row opens to the fields it changed, before and after. */
const ActivityLogList = () => {
  const phone = usePhone();
  // Read-only: the log is append-only (no create, edit, delete or bulk action).
  return (
    <List {...LIST_LOAD_ERROR} filters={FILTERS} filterDefaultValues={GROUPED} actions={<ActivityLogActions />} exporter={false}
      sort={{ field: 'at', order: 'DESC' }} perPage={25}>
      <DataTable bulkActionButtons={false} expand={<EntryPanel />} isRowExpandable={isExpandable} rowClick="expand"
        sx={[LIST_TABLE_SX, { '& .RaDataTable-rowCell': NO_WRAP }]}>
        <Column source="at">{phone ? <PhoneEntry /> : <LocalDateField source="at" showTime />}</Column>
        {!phone && <Column source="username" field={UserField} />}
        {!phone && <Column source="action" field={ActionChip} />}
        {!phone && <Column source="entityType" field={EntityTypeField} />}
        {!phone && <Column source="entityId" field={RecordField} disableSort />}
        {!phone && <Column source="ip" disableSort />}
      </DataTable>
    </List>
  );
};

export default ActivityLogList;
