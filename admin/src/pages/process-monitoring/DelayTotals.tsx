import EventBusyIcon from '@mui/icons-material/EventBusy';
import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import WarehouseIcon from '@mui/icons-material/Warehouse';
import { Card, CardActionArea, CardContent, Grid, Skeleton, Stack, Typography } from '@mui/material';
import type { ReactElement } from 'react';
import { useTranslate } from 'react-admin';
import { COUNT_FIELD, DELAY_KINDS, type DelayCounts, type DelayKind, type Selection } from './processMonitoringApi';

const ICONS: Record<DelayKind, ReactElement> = {
  pulling_out: <WarehouseIcon />, mos: <EventBusyIcon />, delayed: <ReportProblemIcon />,
};
const COLOURS: Record<DelayKind, 'warning' | 'error'> = { pulling_out: 'warning', mos: 'warning', delayed: 'error' };

/** The three warnings over all of the user's areas; a card opens the orders behind its count. */
export const DelayTotals = ({ counts, selection, onSelect }: { counts?: DelayCounts; selection: Selection | null;
  onSelect: (selection: Selection) => void }) => {
  const translate = useTranslate();
  return (
    <Grid container spacing={2}>
      {DELAY_KINDS.map((kind) => {
        const count = counts?.totals[COUNT_FIELD[kind]];
        const selected = selection?.kind === kind && selection.deliveryAreaId === null;
        return (
          <Grid key={kind} size={{ xs: 12, sm: 4 }}>
            <Card variant="outlined" sx={{ height: '100%', borderColor: selected ? `${COLOURS[kind]}.main` : undefined,
              borderWidth: selected ? 2 : 1 }}>
              <CardActionArea sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch', justifyContent: 'flex-start' }} data-testid={`total-${kind}`} disabled={!count}
                onClick={() => onSelect({ kind, deliveryAreaId: null })}>
                {/* A phone puts the count beside its label, to keep the three cards short. */}
                <CardContent sx={{ display: 'grid', alignItems: 'center', columnGap: 2,
                  gridTemplateAreas: { xs: '"label count" "definition count"', sm: '"label" "count" "definition"' },
                  gridTemplateColumns: { xs: '1fr auto', sm: '1fr' }, py: { xs: 1.5, sm: 2 } }}>
                  <Stack direction="row" sx={{ gridArea: 'label', alignItems: 'center', gap: 1,
                    color: count ? `${COLOURS[kind]}.main` : 'text.secondary' }}>
                    {ICONS[kind]}
                    <Typography variant="subtitle1" sx={{ fontWeight: 600, color: 'text.primary' }}>
                      {translate(`process_monitoring.kinds.${kind}`)}
                    </Typography>
                  </Stack>
                  <Typography variant="h3" component="p" data-testid={`total-${kind}-count`}
                    sx={{ gridArea: 'count', my: { sm: 1 }, fontWeight: 600, fontSize: { xs: '2.25rem', sm: '3rem' } }}>
                    {count ?? <Skeleton width={64} />}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ gridArea: 'definition' }}>
                    {translate(`process_monitoring.definitions.${kind}`)}
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          </Grid>
        );
      })}
    </Grid>
  );
};
