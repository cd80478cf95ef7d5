import InsightsIcon from '@mui/icons-material/Insights';
import { AppBar, Box, Button, Card, CardContent, Chip, Tab, Tabs, Toolbar, Typography } from '@mui/material';
import { useState } from 'react';
import { LocalesMenuButton, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { ThemeSwitch } from '../../layout/ThemeSwitch';
import { LANGUAGES } from '../../providers/i18nProvider';

const SECTIONS = ['overview', 'order_status', 'suppliers', 'logistics', 'analytics', 'reports'] as const;

/** The public monitoring dashboard (no sign-in); its figures arrive with the reports release. */
const MonitoringDashboard = () => {
  const translate = useTranslate();
  const [section, setSection] = useState<(typeof SECTIONS)[number]>('overview');
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <AppBar position="static" color="primary" enableColorOnDark>
        <Toolbar sx={{ gap: 1 }}>
          <InsightsIcon />
          <Typography variant="h6" component="h1" sx={{ flexGrow: 1 }}>{translate('monitoring.title')}</Typography>
          <Chip label={translate('app.public_access')} size="small" sx={{ bgcolor: 'rgba(255,255,255,0.2)', color: 'inherit' }} />
          <LocalesMenuButton languages={LANGUAGES} />
          <ThemeSwitch />
        </Toolbar>
        <Tabs value={section} onChange={(_e, value) => setSection(value)} textColor="inherit" variant="scrollable"
          scrollButtons="auto" slotProps={{ indicator: { sx: { bgcolor: 'common.white' } } }}>
          {SECTIONS.map((s) => <Tab key={s} value={s} label={translate(`monitoring.${s}`)} />)}
        </Tabs>
      </AppBar>
      <Box sx={{ p: 3, maxWidth: 1200, mx: 'auto' }}>
        <Typography color="text.secondary" sx={{ mb: 2 }}>{translate('monitoring.subtitle')}</Typography>
        <Card>
          <CardContent sx={{ py: 5, textAlign: 'center' }}>
            <Typography variant="h6" gutterBottom>{translate(`monitoring.${section}`)}</Typography>
            <Typography color="text.secondary" sx={{ mb: 3 }}>{translate('monitoring.coming')}</Typography>
            <Button component={Link} to="/" variant="contained">{translate('monitoring.sign_in')}</Button>
          </CardContent>
        </Card>
      </Box>
    </Box>
  );
};

export default MonitoringDashboard;
