import { Stack, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { OldReportList } from './OldReportList';
import { OldReportView } from './OldReportView';
import { ReportFrame } from './ReportFrame';
import { REPORT_VIEWS, type ReportViewKey } from './reportViews';

/** /reports/old-reports: the list of snapshots, or with `?run=ID` one of them. */
const OldReports = () => {
  const translate = useTranslate();
  const [params] = useSearchParams();
  const runId = Number(params.get('run'));
  const view = REPORT_VIEWS.find((v) => v.key === params.get('view'))?.key ?? ('overview' satisfies ReportViewKey);
  return (
    <ReportFrame>
      <Title title={translate('menu.old_reports')} />
      <Stack spacing={1} sx={{ mb: 1 }}>
        <Typography variant="h5" component="h1" data-testid="page-title">{translate('menu.old_reports')}</Typography>
        {!runId && <Typography variant="body2" color="text.secondary">{translate('reports.old.intro')}</Typography>}
      </Stack>
      {Number.isInteger(runId) && runId > 0 ? <OldReportView runId={runId} view={view} /> : <OldReportList />}
    </ReportFrame>
  );
};

export default OldReports;
