import { Box, Chip, Typography } from '@mui/material';
import { DataTable, List, NumberField, useRecordContext, useTranslate } from 'react-admin';
import { ListActions } from '../../common/ListActions';
import { LocalDateField } from '../../common/LocalDateField';
import { NO_WRAP, ResponsiveDataTable, type PhoneLines } from '../../common/ResponsiveDataTable';
import type { ReportRun } from '@kernel/reports/reportData';
import { LIST_LOAD_ERROR } from '../../common/ListLoadError';
import { useDateFormat } from '../../common/dateFormat';

const KindChip = () => {
  const run = useRecordContext<ReportRun>();
  const translate = useTranslate();
  if (!run) return null;
  return <Chip size="small" variant="outlined" color={run.kind === 'manual' ? 'secondary' : 'default'}
    label={translate(`reports.old.kinds.${run.kind}`)} />;
};

const PeriodText = () => {
  const run = useRecordContext<ReportRun>();
  const format = useDateFormat();
  return run ? <>{`${format.date(run.periodFrom)} – ${format.date(run.periodTo)}`}</> : null;
};

const DurationText = () => {
  const run = useRecordContext<ReportRun>();
  const translate = useTranslate();
  return run ? <>{translate('reports.old.duration', { seconds: (run.durationMs / 1000).toFixed(1) })}</> : null;
};

const NoSnapshots = () => {
  const translate = useTranslate();
  return (
    <Box sx={{ textAlign: 'center', py: 6, color: 'text.secondary' }} data-testid="old-reports-empty">
      <Typography variant="body1">{translate('reports.old.empty')}</Typography>
    </Box>
  );
};

const Column = DataTable.Col<ReportRun>;

const RunTime = () => <LocalDateField source="runAt" showTime />;

/** On a phone: when the snapshot was taken and how, then the period it covers. */
const PHONE: PhoneLines<ReportRun> = {
  primaryText: <RunTime />,
  secondaryText: <PeriodText />,
  tertiaryText: () => <KindChip />,
};

/** Every snapshot, newest first; a click opens it read-only. */
export const OldReportList = () => (
  <List {...LIST_LOAD_ERROR} resource="report-runs" storeKey="old_reports" disableSyncWithLocation title={false}
    sort={{ field: 'runAt', order: 'DESC' }} perPage={25} exporter={false}
    actions={<ListActions />} empty={<NoSnapshots />}>
    <ResponsiveDataTable rowClick={(id) => `/reports/old-reports?run=${id}`} bulkActionButtons={false} phone={PHONE}
      sx={{ '& .RaDataTable-rowCell': NO_WRAP }}>
      <Column source="runAt"><RunTime /></Column>
      <Column source="runDate"><LocalDateField source="runDate" /></Column>
      <Column source="kind" field={KindChip} />
      <Column source="period" disableSort field={PeriodText} />
      <Column source="orderCount" align="right"><NumberField source="orderCount" /></Column>
      <Column source="rowCount" align="right"><NumberField source="rowCount" /></Column>
      <Column source="durationMs" align="right" field={DurationText} />
    </ResponsiveDataTable>
  </List>
);
