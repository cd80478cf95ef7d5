import RefreshIcon from '@mui/icons-material/Refresh';
import { Alert, Box, Button, Card, CardHeader, LinearProgress, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { AreaDelayTable } from './AreaDelayTable';
import { DelayTotals } from './DelayTotals';
import { LateOrdersList } from './LateOrdersList';
import { useDelayCounts, useRefreshMonitoring, type Selection } from './processMonitoringApi';

/**
 * Process monitoring (docs/order-status-flow.md#delays): the pulling-out delay, MOS delay and delayed
 * orders of the user's delivery areas (a regional dispatcher's own only: the server narrows),
 * counted per area; each count opens the orders behind it.
 */
const ProcessMonitoringPage = () => {
  const translate = useTranslate();
  const { data, isPending, isError } = useDelayCounts();
  const { refresh, refreshing } = useRefreshMonitoring();
  const [selection, setSelection] = useState<Selection | null>(null);
  const close = () => setSelection(null);
  return (
    <Box sx={{ py: 2 }} data-testid="process-monitoring">
      <Title title={translate('menu.process_monitoring')} />
      <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 1, mb: 2 }}>
        <Box sx={{ flexGrow: 1 }}>
          <Typography variant="h5" component="h1" data-testid="page-title">{translate('menu.process_monitoring')}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {translate('process_monitoring.intro', { today: data?.today ?? '…' })}
          </Typography>
        </Box>
        <Button startIcon={<RefreshIcon />} onClick={refresh} disabled={refreshing} sx={{ flexShrink: 0 }}>
          {translate('process_monitoring.refresh')}
        </Button>
      </Stack>
      {isError && <Alert severity="error" sx={{ mb: 2 }}>{translate('process_monitoring.load_error')}</Alert>}
      <DelayTotals counts={data} selection={selection} onSelect={setSelection} />
      {selection?.deliveryAreaId === null && (
        <Box sx={{ mt: 2 }}>
          <LateOrdersList key={selection.kind} selection={selection} onClose={close}
            title={`${translate(`process_monitoring.kinds.${selection.kind}`)} · ${translate('process_monitoring.all_areas')}`} />
        </Box>
      )}
      <Card sx={{ mt: 2 }}>
        <CardHeader title={translate('process_monitoring.by_area')} subheader={translate('process_monitoring.by_area_hint')}
          slotProps={{ title: { variant: 'subtitle1', fontWeight: 600 }, subheader: { variant: 'body2' } }} />
        {isPending ? <LinearProgress /> : data && (
          <AreaDelayTable areas={data.areas} selection={selection} onSelect={setSelection} onClose={close} />
        )}
      </Card>
    </Box>
  );
};

export default ProcessMonitoringPage;
