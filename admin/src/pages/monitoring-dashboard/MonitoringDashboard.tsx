import InsightsIcon from '@mui/icons-material/Insights';
import LoginIcon from '@mui/icons-material/Login';
import RefreshIcon from '@mui/icons-material/Refresh';
import { AppBar, Box, Button, Chip, Stack, Toolbar, Typography } from '@mui/material';
import { LocalesMenuButton, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { ThemeSwitch } from '../../layout/ThemeSwitch';
import { LANGUAGES } from '../../providers/i18nProvider';
import { AnalyticsSection } from './AnalyticsSection';
import { LogisticsSection } from './LogisticsSection';
import { OrderStatusSection } from './OrderStatusSection';
import { OverviewSection } from './OverviewSection';
import { SupplierSection } from './SupplierSection';
import { TrendSection } from './TrendSection';
import { useRefreshPublicMonitoring } from './monitoringApi';

/** Its menu (docs/admin-screens.md#what-the-pages-hold); each item links to a section of the one page (its id). */
const SECTIONS = ['overview', 'order_status', 'suppliers', 'logistics', 'analytics', 'reports'] as const;

/**
 * The public monitoring dashboard (docs/reports.md#public-monitoring-dashboard): no sign-in, outside the back-office
 * layout, so it has its own language and theme switches. It shows aggregates only, from the
 * public endpoints (api/src/monitoring/publicMonitoring.ts), fetched again on the refresh button.
 */
const MonitoringDashboard = () => {
  const translate = useTranslate();
  const { refresh, refreshing } = useRefreshPublicMonitoring();
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }} data-testid="monitoring-dashboard">
      {/* The back-office app bar's colours (react-admin's: secondary in light, dark grey in dark). */}
      <AppBar position="sticky" color="secondary">
        <Toolbar sx={{ gap: 1 }}>
          <InsightsIcon />
          <Typography variant="h6" component="h1" noWrap sx={{ flexGrow: 1, minWidth: 0 }}>{translate('monitoring.title')}</Typography>
          {/* Outlined: a white wash under white text left 3.1:1, the bar's own colour keeps 4.5:1 (WCAG AA). */}
          <Chip label={translate('app.public_access')} size="small" variant="outlined"
            sx={{ borderColor: 'currentColor', color: 'inherit', display: { xs: 'none', sm: 'flex' } }} />
          <LocalesMenuButton languages={LANGUAGES} />
          <ThemeSwitch />
        </Toolbar>
        {/* In-page links, not tabs: every section stays on the page. */}
        <Box component="nav" aria-label={translate('monitoring.sections')}
          sx={{ display: 'flex', gap: 0.5, px: { xs: 0.5, sm: 1.5 }, pb: 0.5, overflowX: 'auto' }}>
          {SECTIONS.map((s) => (
            <Button key={s} href={`#${s}`} color="inherit" data-testid={`nav-${s}`}
              sx={{ flexShrink: 0, textTransform: 'none', fontSize: '0.95rem', fontWeight: 500 }}>
              {translate(`monitoring.${s}`)}
            </Button>
          ))}
        </Box>
      </AppBar>
      <Box sx={{ p: { xs: 1.5, sm: 3 }, maxWidth: 1200, mx: 'auto' }}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 2, flexWrap: 'wrap' }}>
          <Typography color="text.secondary" variant="body2">{translate('monitoring.subtitle')}</Typography>
          <Stack direction="row" sx={{ gap: 1 }}>
            <Button size="small" startIcon={<RefreshIcon />} onClick={refresh} disabled={refreshing} data-testid="refresh">
              {translate('monitoring.refresh')}
            </Button>
            <Button component={Link} to="/" size="small" startIcon={<LoginIcon />}>{translate('monitoring.sign_in')}</Button>
          </Stack>
        </Stack>
        <Stack spacing={{ xs: 1.5, sm: 2 }}>
          <OverviewSection />
          <OrderStatusSection />
          <SupplierSection />
          <LogisticsSection />
          <AnalyticsSection />
          <TrendSection />
        </Stack>
      </Box>
    </Box>
  );
};

export default MonitoringDashboard;
