import { Stack, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { ReportFrame } from './ReportFrame';
import { ReportTabs } from './ReportTabs';
import { ReportView } from './ReportView';
import { reportView, type ReportViewKey } from './reportViews';

/** The reports centre at /reports and /reports/daily|weekly|monthly|trend|billings, on the latest snapshot. */
const ReportsPage = ({ view }: { view: ReportViewKey }) => {
  const translate = useTranslate();
  const definition = reportView(view);
  return (
    <ReportFrame>
      <Title title={translate(definition.title)} />
      <Stack spacing={2}>
        <Typography variant="h5" component="h1" data-testid="page-title">
          {view === 'billings' ? translate(definition.title)
            : `${translate(definition.title)} · ${translate(`reports.views.${view}`)}`}
        </Typography>
        <ReportTabs current={view} hrefOf={(key) => reportView(key).path} />
        <ReportView key={view} view={definition} />
      </Stack>
    </ReportFrame>
  );
};

export default ReportsPage;
