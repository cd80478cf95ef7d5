import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import {
  Alert, AlertTitle, AppBar, Box, Button, Card, CardContent, Chip, CircularProgress, List, ListItem, ListItemText, Stack, Toolbar,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { HttpError, LocalesMenuButton, useLocaleState, useStore, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import type { TrackedOrder } from '@kernel/tracking/trackedOrder';
import { useDateFormat } from '../../common/dateFormat';
import { ThemeSwitch } from '../../layout/ThemeSwitch';
import { OrderProgress } from '../../orders/OrderProgress';
import { useAppDataProvider } from '../../providers/dataProvider';
import { LANGUAGES } from '../../providers/i18nProvider';

/**
 * A visitor who never chose a language gets the browser's: Chinese for zh-*, else English. A choice
 * made here (the switch) is kept as the back-office keeps it.
 */
function useBrowserLanguage(): void {
  const [chosen] = useStore<string | undefined>('locale');
  const [, setLocale] = useLocaleState();
  useEffect(() => {
    if (chosen === undefined) setLocale(navigator.language.toLowerCase().startsWith('zh') ? 'cn' : 'en');
  }, [chosen, setLocale]);
}

/** One fact of the order: its name above, its value below. */
const Fact = ({ label, value, testId }: { label: string; value: string; testId: string }) => (
  <Box sx={{ minWidth: 140 }}>
    <Typography variant="caption" color="text.secondary">{label}</Typography>
    <Typography variant="body1" data-testid={testId}>{value || '—'}</Typography>
  </Box>
);

const Tracked = ({ order }: { order: TrackedOrder }) => {
  const translate = useTranslate();
  const { date: formatDate, dateTime: formatDateTime } = useDateFormat();
  const status = translate(`order_status.${order.status}`);
  return (
    <Card>
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', mb: 2 }}>
          <Box>
            <Typography variant="caption" color="text.secondary">{translate('tracking.dn')}</Typography>
            <Typography variant="h5" component="p" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }} data-testid="tracked-dn">
              {order.dnNumber}
            </Typography>
          </Box>
          <Chip color={order.status === 'completed' ? 'success' : order.status === 'cancelled' ? 'error' : 'primary'} label={status}
            aria-label={`${translate('tracking.status')}: ${status}`} data-testid="tracked-status" />
        </Stack>
        <OrderProgress status={order.status} events={order.timeline} attachments={order.papers.map((kind) => ({ kind }))} hints={false} />
        <Stack direction="row" sx={{ gap: 3, flexWrap: 'wrap', mt: 3 }}>
          <Fact label={translate('tracking.area')} value={order.deliveryAreaName ?? ''} testId="tracked-area" />
          <Fact label={translate('tracking.pickup_date')} value={formatDate(order.pickupDate)} testId="tracked-pickup" />
          <Fact label={translate('tracking.mos_date')} value={formatDate(order.mosDate)} testId="tracked-mos" />
          {order.completionDate && (
            <Fact label={translate('tracking.completion_date')} value={formatDateTime(order.completionDate)} testId="tracked-completed" />
          )}
        </Stack>
        <Typography variant="subtitle1" component="h2" sx={{ mt: 3 }}>{translate('tracking.timeline')}</Typography>
        <List dense data-testid="tracked-timeline">
          {[...order.timeline].reverse().map((event) => (
            <ListItem key={`${event.at}-${event.toStatus}`} disableGutters>
              <ListItemText primary={translate(`order_status.${event.toStatus}`)} secondary={formatDateTime(event.at)} />
            </ListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  );
};

/**
 * The public page of a tracking link (/t/:token, docs/tracking-links.md): phone first, no sign-in,
 * outside the back-office layout, in the browser's language with a switch. It shows only what the
 * server tells anyone holding the link: no price, no person, no contact, no note.
 */
const TrackingPage = () => {
  const { token = '' } = useParams();
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  useBrowserLanguage();
  useEffect(() => {
    const robots = document.createElement('meta');
    robots.name = 'robots';
    robots.content = 'noindex, nofollow';
    document.head.appendChild(robots);
    return () => robots.remove();
  }, []);
  const { data, error, isPending, refetch } = useQuery({ queryKey: ['track', token], queryFn: () => dataProvider.trackOrder(token), retry: false });
  const missing = error instanceof HttpError && error.status === 404;
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }} data-testid="tracking-page">
      <AppBar position="sticky" color="secondary">
        <Toolbar sx={{ gap: 1 }}>
          <LocalShippingIcon />
          <Typography variant="h6" component="h1" noWrap sx={{ flexGrow: 1, minWidth: 0 }}>{translate('tracking.title')}</Typography>
          <LocalesMenuButton languages={LANGUAGES} />
          <ThemeSwitch />
        </Toolbar>
      </AppBar>
      <Box sx={{ p: { xs: 1.5, sm: 3 }, maxWidth: 960, mx: 'auto' }}>
        {isPending && <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}><CircularProgress aria-label={translate('ra.page.loading')} /></Box>}
        {missing && (
          <Alert severity="info" data-testid="tracking-not-found">
            <AlertTitle>{translate('tracking.not_found_title')}</AlertTitle>
            {translate('tracking.not_found_body')}
          </Alert>
        )}
        {error && !missing && (
          <Alert severity="error" action={<Button color="inherit" onClick={() => void refetch()}>{translate('tracking.retry')}</Button>}>
            {translate('tracking.failed')}
          </Alert>
        )}
        {data && <Tracked order={data} />}
      </Box>
    </Box>
  );
};

export default TrackingPage;
