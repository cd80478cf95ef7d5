import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowRightIcon from '@mui/icons-material/KeyboardArrowRight';
import {
  Box, Button, Collapse, IconButton, Table, TableBody, TableCell, TableHead, TableRow, Typography,
} from '@mui/material';
import { Fragment } from 'react';
import { useTranslate } from 'react-admin';
import { LateOrdersList } from './LateOrdersList';
import { COUNT_FIELD, DELAY_KINDS, type AreaCounts, type DelayKind, type Selection } from './processMonitoringApi';

/** The id of the row under an area's counts, where its late orders open. */
const detailId = (area: AreaCounts) => `late-orders-area-${area.deliveryAreaId}`;

const CountButton = ({ area, kind, selected, onSelect }: { area: AreaCounts; kind: DelayKind; selected: boolean;
  onSelect: (selection: Selection) => void }) => {
  const translate = useTranslate();
  const count = area[COUNT_FIELD[kind]];
  return (
    <Button size="small" disabled={count === 0} variant={selected ? 'contained' : 'text'}
      color={kind === 'delayed' ? 'error' : 'warning'} data-testid={`count-${area.code}-${kind}`}
      aria-label={translate('process_monitoring.count_label', { area: area.name,
        kind: translate(`process_monitoring.kinds.${kind}`), orders: translate('process_monitoring.orders', { smart_count: count }) })}
      aria-controls={detailId(area)}
      onClick={() => onSelect({ kind, deliveryAreaId: area.deliveryAreaId })}
      sx={{ minWidth: 48, fontWeight: 600, fontSize: '1rem', '&.Mui-disabled': { color: 'text.disabled' } }}>
      {count}
    </Button>
  );
};

/**
 * The warnings per delivery area. A count, or the arrow of a row, opens the orders behind it
 * under that row (the arrow opens the area's delayed orders).
 */
export const AreaDelayTable = ({ areas, selection, onSelect, onClose }: { areas: AreaCounts[]; selection: Selection | null;
  onSelect: (selection: Selection) => void; onClose: () => void }) => {
  const translate = useTranslate();
  if (areas.length === 0) {
    return <Typography color="text.secondary" sx={{ p: 2 }}>{translate('process_monitoring.no_areas')}</Typography>;
  }
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" data-testid="area-table"
        sx={{ '& th': { fontWeight: 600, fontSize: { xs: '0.75rem', sm: '0.875rem' }, lineHeight: 1.3 } }}>
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox" />
            <TableCell>{translate('resources.orders.fields.deliveryAreaId')}</TableCell>
            {DELAY_KINDS.map((kind) => (
              <TableCell key={kind} align="center" sx={{ px: { xs: 0.5, sm: 2 } }}>
                {translate(`process_monitoring.kinds.${kind}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {areas.map((area) => {
            const open = selection?.deliveryAreaId === area.deliveryAreaId;
            return (
              <Fragment key={area.deliveryAreaId}>
                <TableRow hover data-testid={`area-${area.code}`} sx={{ '& > td': { borderBottom: open ? 0 : undefined } }}>
                  <TableCell padding="checkbox">
                    <IconButton size="small" disabled={area.delayed === 0} aria-expanded={open} aria-controls={detailId(area)}
                      aria-label={translate(open ? 'process_monitoring.close' : 'process_monitoring.expand')}
                      onClick={() => (open ? onClose() : onSelect({ kind: 'delayed', deliveryAreaId: area.deliveryAreaId }))}>
                      {open ? <KeyboardArrowDownIcon /> : <KeyboardArrowRightIcon />}
                    </IconButton>
                  </TableCell>
                  <TableCell sx={{ minWidth: 96 }}>
                    <Typography variant="body2" sx={{ fontWeight: 500 }}>{area.name}</Typography>
                    <Typography variant="caption" color="text.secondary">{area.code}</Typography>
                  </TableCell>
                  {DELAY_KINDS.map((kind) => (
                    <TableCell key={kind} align="center" sx={{ px: { xs: 0.5, sm: 2 } }}>
                      <CountButton area={area} kind={kind} selected={open && selection?.kind === kind} onSelect={onSelect} />
                    </TableCell>
                  ))}
                </TableRow>
                <TableRow id={detailId(area)}>
                  <TableCell colSpan={2 + DELAY_KINDS.length} sx={{ py: 0, px: { xs: 0, sm: 1 }, borderBottom: open ? undefined : 0 }}>
                    <Collapse in={open} unmountOnExit>
                      {open && selection && (
                        <Box sx={{ my: 1 }}>
                          <LateOrdersList key={selection.kind} selection={selection} onClose={onClose}
                            title={`${translate(`process_monitoring.kinds.${selection.kind}`)} · ${area.name}`} />
                        </Box>
                      )}
                    </Collapse>
                  </TableCell>
                </TableRow>
              </Fragment>
            );
          })}
        </TableBody>
      </Table>
    </Box>
  );
};
