import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import { Box, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { LocalDateField } from '../common/LocalDateField';
import { STATUS_COLOURS, StatusChip } from './StatusChip';
import type { OrderEvent } from '@kernel/orders/orderRecords';

/** One change: the status moved from → to, by whom and when, with its note. */
const TimelineEntry = ({ event, last }: { event: OrderEvent; last: boolean }) => {
  const translate = useTranslate();
  return (
    <Box component="li" sx={{ display: 'flex', gap: 1.5, listStyle: 'none' }} data-testid="timeline-entry">
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', pt: 0.75 }}>
        <Box sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: STATUS_COLOURS[event.toStatus] }} />
        {!last && <Box sx={{ flex: 1, width: 2, bgcolor: 'divider', mt: 0.5 }} />}
      </Box>
      <Box sx={{ pb: last ? 0 : 2, minWidth: 0 }}>
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
          {event.fromStatus
            ? <><StatusChip status={event.fromStatus} /><ArrowForwardIcon fontSize="small" color="action" /></>
            : <Typography variant="body2">{translate('orders.timeline.created')}</Typography>}
          <StatusChip status={event.toStatus} />
        </Stack>
        <Typography variant="caption" color="text.secondary" component="div" sx={{ mt: 0.5 }}>
          {event.userName || translate('orders.timeline.unknown_user')}
          {' · '}
          <LocalDateField record={{ id: event.id, at: event.at }} source="at" showTime variant="caption" />
        </Typography>
        {event.note && (
          <Typography variant="body2" sx={{ mt: 0.5, whiteSpace: 'pre-wrap', fontStyle: 'italic' }}>{event.note}</Typography>
        )}
      </Box>
    </Box>
  );
};

/** The order's history of status changes, oldest first. */
export const OrderTimeline = ({ events }: { events: readonly OrderEvent[] }) => {
  const translate = useTranslate();
  if (events.length === 0) return <Typography variant="body2" color="text.secondary">{translate('orders.timeline.empty')}</Typography>;
  return (
    <Box component="ol" sx={{ m: 0, p: 0 }} data-testid="order-timeline">
      {events.map((event, i) => <TimelineEntry key={event.id} event={event} last={i === events.length - 1} />)}
    </Box>
  );
};
