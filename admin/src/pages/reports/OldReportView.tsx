import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import LockIcon from '@mui/icons-material/Lock';
import { Alert, Button, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { useReportRun } from './reportApi';
import { LoadingFailed } from './ReportStates';
import { ReportTabs } from './ReportTabs';
import { ReportView } from './ReportView';
import { reportView, type ReportViewKey } from './reportViews';
import { useReportFormat } from './useReportFormat';

/** One old snapshot (`?run=ID&view=…`): the same reports as the live ones, read-only, exportable. */
export const OldReportView = ({ runId, view }: { runId: number; view: ReportViewKey }) => {
  const translate = useTranslate();
  const format = useReportFormat();
  const { data: run, error } = useReportRun(runId);
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Button component={Link} to="/reports/old-reports" size="small" startIcon={<ArrowBackIcon />} data-testid="old-report-back">
          {translate('reports.old.back')}
        </Button>
        {run && (
          <Typography variant="subtitle1" sx={{ fontWeight: 600 }} data-testid="old-report-title">
            {translate('reports.old.title', { time: format.dateTime(run.runAt) })}
          </Typography>
        )}
      </Stack>
      {error ? <LoadingFailed /> : (
        <>
          <Alert severity="info" icon={<LockIcon fontSize="inherit" />} variant="outlined">
            {translate('reports.old.read_only')}
          </Alert>
          <ReportTabs current={view} hrefOf={(key) => `/reports/old-reports?run=${runId}&view=${key}`} />
          <ReportView key={view} view={reportView(view)} runId={runId} />
        </>
      )}
    </Stack>
  );
};
