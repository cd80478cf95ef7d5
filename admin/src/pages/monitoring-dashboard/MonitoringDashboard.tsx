import InsightsIcon from '@mui/icons-material/Insights';
import LoginIcon from '@mui/icons-material/Login';
import { AppBar, Box, Button, Chip, Stack, Tab, Tabs, Toolbar, Typography } from '@mui/material';
import { useState } from 'react';
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

/** The spec's menu (§2); each item is a section of the one page. */
const SECTIONS = ['overview', 'order_status', 'suppliers', 'logistics', 'analytics', 'reports'] as const;

/**
 * The public monitoring dashboard (spec §2, DESIGN.md §7): no sign-in, outside the back-office
 * layout, so it has its own language and theme switches. It shows aggregates only, from the
 * public endpoints (api/src/monitoring/publicMonitoring.ts), refreshed every minute.
 */
const MonitoringDashboard = () => {
  const translate = useTranslate();
  const [section, setSection] = useState<(typeof SECTIONS)[number]>('overview');
  const go = (id: (typeof SECTIONS)[number]) => {
    setSection(id);
    document.getElementById(id)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }} data-testid="monitoring-dashboard">
      {/* The back-office app bar's colours (react-admin's: secondary in light, dark grey in dark). */}
      <AppBar position="sticky" color="secondary">
        <Toolbar sx={{ gap: 1 }}>
          <InsightsIcon />
          <Typography variant="h6" component="h1" noWrap sx={{ flexGrow: 1, minWidth: 0 }}>{translate('monitoring.title')}</Typography>
          <Chip label={translate('app.public_access')} size="small"
            sx={{ bgcolor: 'rgba(255,255,255,0.2)', color: 'inherit', display: { xs: 'none', sm: 'flex' } }} />
          <LocalesMenuButton languages={LANGUAGES} />
          <ThemeSwitch />
        </Toolbar>
        <Tabs value={section} onChange={(_e, value) => go(value)} textColor="inherit" variant="scrollable"
          scrollButtons="auto" slotProps={{ indicator: { sx: { bgcolor: 'common.white' } } }}>
          {SECTIONS.map((s) => <Tab key={s} value={s} label={translate(`monitoring.${s}`)} data-testid={`tab-${s}`}
            sx={{ textTransform: 'none', fontSize: '0.95rem' }} />)}
        </Tabs>
      </AppBar>
      <Box sx={{ p: { xs: 1.5, sm: 3 }, maxWidth: 1200, mx: 'auto' }}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 2, flexWrap: 'wrap' }}>
          <Typography color="text.secondary" variant="body2">{translate('monitoring.subtitle')}</Typography>
          <Button component={Link} to="/" size="small" startIcon={<LoginIcon />}>{translate('monitoring.sign_in')}</Button>
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
