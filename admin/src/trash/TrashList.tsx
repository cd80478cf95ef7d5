import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import { Box, Chip, Stack, Typography } from '@mui/material';
import {
  DataTable, List, SearchInput, SelectInput, TextField, useRecordContext, useTranslate,
} from 'react-admin';
import { useAuditLabels } from '../common/auditVocabulary';
import { LocalDateField } from '../common/LocalDateField';
import { LIST_TABLE_SX, NO_WRAP, usePhone } from '../common/ResponsiveDataTable';
import { BulkRestoreButton, PurgeButton, RestoreButton } from './TrashButtons';
import { TRASH_TYPE_CHOICES, type TrashRecord } from './trashModel';
import { LIST_LOAD_ERROR } from '../common/ListLoadError';
import { SelectionFollowsQuery } from '../common/listSelection';
import { ListActions } from '../common/ListActions';

const FILTERS = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="type" source="type" choices={TRASH_TYPE_CHOICES} alwaysOn />,
];

const TypeChip = () => {
  const record = useRecordContext<TrashRecord>();
  const labels = useAuditLabels();
  if (!record) return null;
  return <Chip size="small" variant="outlined" label={labels.entityType(record.type)} data-testid="type-chip" />;
};

const Empty = () => {
  const translate = useTranslate();
  return (
    <Box sx={{ textAlign: 'center', py: 8, color: 'text.secondary' }} data-testid="trash-empty">
      <DeleteSweepIcon sx={{ fontSize: 72, opacity: 0.5 }} />
      <Typography variant="h6">{translate('trash.empty.title')}</Typography>
      <Typography variant="body2">{translate('trash.empty.body')}</Typography>
    </Box>
  );
};

const Column = DataTable.Col<TrashRecord>;

/** On a phone one column tells what was deleted, then when and by whom; the buttons show as icons. */
const PhoneEntry = () => (
  <Stack sx={{ gap: 0.5, alignItems: 'flex-start' }}>
    <TypeChip />
    <TextField source="name" />
    <Typography variant="caption" color="text.secondary">
      <LocalDateField source="deletedAt" showTime variant="inherit" /> · <TextField source="deletedByName" variant="inherit" />
    </Typography>
  </Stack>
);

/** Deleted records of every kind: restore them (one or many), or, as an administrator, purge one. */
const TrashList = () => {
  const phone = usePhone();
  return (
    <List {...LIST_LOAD_ERROR} filters={FILTERS} actions={<ListActions />} exporter={false}
      sort={{ field: 'deletedAt', order: 'DESC' }} perPage={25}
      empty={<Empty />}>
      <SelectionFollowsQuery />
      <DataTable bulkActionButtons={<BulkRestoreButton />} rowClick={false}
        sx={[LIST_TABLE_SX, { '& .RaDataTable-rowCell': { whiteSpace: { sm: 'nowrap' } } }]}>
        {!phone && <Column source="type" field={TypeChip} />}
        <Column source="name">{phone ? <PhoneEntry /> : <TextField source="name" />}</Column>
        {!phone && <Column source="deletedByName" />}
        {!phone && <Column source="deletedAt"><LocalDateField source="deletedAt" showTime /></Column>}
        <Column label="" disableSort align="right" cellSx={() => NO_WRAP}>
          <RestoreButton />
          <PurgeButton />
        </Column>
      </DataTable>
    </List>
  );
};

export default TrashList;
