import { Tab, Tabs } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { REPORT_VIEWS, type ReportViewKey } from './reportViews';

/** The reports as links (routes on the live reports, `?view=` on an old one); scrolls on a phone. */
export const ReportTabs = ({ current, hrefOf }: { current: ReportViewKey; hrefOf: (view: ReportViewKey) => string }) => {
  const translate = useTranslate();
  return (
    <Tabs value={current} variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile
      sx={{ borderBottom: 1, borderColor: 'divider', minHeight: 40 }} data-testid="report-tabs">
      {REPORT_VIEWS.map((view) => (
        <Tab key={view.key} value={view.key} label={translate(`reports.views.${view.key}`)} component={Link}
          to={hrefOf(view.key)} sx={{ minHeight: 40, textTransform: 'none' }} data-testid={`report-tab-${view.key}`} />
      ))}
    </Tabs>
  );
};
