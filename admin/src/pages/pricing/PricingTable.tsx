import { Box, Typography, type SxProps, type Theme } from '@mui/material';
import { useCallback, useMemo, type ReactNode } from 'react';
import { DataTable, useTranslate } from 'react-admin';
import { LocalDateField } from '../../common/LocalDateField';
import { useWithheld } from '../../common/useWithheld';
import { OrderReferenceField } from '../../orders/OrderReferences';
import { GridColumn, type GridColumnProps } from './GridColumn';
import { GridHint } from './GridHint';
import { PriceCell, RowActions, TotalCell } from './PriceCells';
import { useEditingId } from './PriceEditor';
import { PriceGridProvider, usePriceGrid } from './PriceGrid';
import { PriceSource } from './PriceSource';
import { SIDES } from '@kernel/pricing/priceFields';
import type { PricingRecord } from '@kernel/pricing/pricingRecords';

const fieldLabel = (field: string) => `resources.orders.fields.${field}`;

/** The MTM number, with the DN number under it. */
export const OrderNumbers = ({ record }: { record: PricingRecord }) => (
  <Box>
    <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="pricing-mtm">{record.mtmNumber}</Typography>
    <Typography variant="caption" color="text.secondary">{record.dnNumber}</Typography>
  </Box>
);

/** No completed order matches the filters. */
export const PricingEmpty = () => {
  const translate = useTranslate();
  return (
    <Typography sx={{ p: 3, textAlign: 'center' }} color="text.secondary" data-testid="pricing-empty">
      {translate('pricing.empty')}
    </Typography>
  );
};

/** A column of the list; `kind` names the price typed in it (null: read only). Its place in the grid is its index. */
type PricingColumn = Omit<GridColumnProps, 'col'>;

/**
 * The columns, in order: the order (numbers and supplier) and its completion, then the purchase
 * side and the sale side (three typed prices and the MTM price the database sums), the margin and
 * the row's actions; those the person may not see (field groups) left out. A column added here is
 * a grid column like the others.
 */
const columnsFor = (withheld: ReadonlySet<string>): PricingColumn[] => ([
  { source: 'mtmNumber', label: 'pricing.columns.order', kind: null, render: (record) => (
    <>
      <OrderNumbers record={record} />
      <Typography variant="caption" color="text.secondary" component="div"
        sx={{ whiteSpace: 'normal', minWidth: 100, maxWidth: 130 }}>
        <OrderReferenceField source="supplierId" />
      </Typography>
      <PriceSource record={record} />
    </>
  ) },
  { source: 'completionDate', label: fieldLabel('completionDate'), kind: null, children: <LocalDateField source="completionDate" showTime /> },
  ...SIDES.flatMap(({ inputs, total }): PricingColumn[] => [
    // Sorted by the MTM totals; a sort arrow on each part would not leave the table room to fit.
    ...inputs.map((field): PricingColumn => ({ source: field, label: fieldLabel(field), kind: field, align: 'right', disableSort: true,
      render: (record) => <PriceCell record={record} field={field} /> })),
    { source: total, label: fieldLabel(total), kind: null, align: 'right', cellClassName: 'pricing-total', headerClassName: 'pricing-total',
      render: (record) => <TotalCell record={record} field={total} /> },
  ]),
  { source: 'margin', label: 'pricing.columns.margin', kind: null, align: 'right', disableSort: true,
    render: (record) => <TotalCell record={record} field="margin" /> },
  { label: 'pricing.columns.actions', kind: null, render: (record) => <RowActions record={record} /> },
] satisfies PricingColumn[]).filter((column) => !column.source || !withheld.has(column.source));

/**
 * The columns as DataTable's children and their kinds for the grid, made once per person: the same
 * children and the same row styles from render to render let DataTable's memoized rows skip a
 * redraw, so opening an order redraws its row and the one closed, not the page.
 */
function useGridColumns() {
  const withheld = useWithheld();
  return useMemo(() => {
    const columns = columnsFor(withheld);
    return { kinds: columns.map((column) => column.kind),
      children: columns.map((column, col) => <GridColumn key={column.source ?? String(column.label)} {...column} col={col} />) };
  }, [withheld]);
}
const EDITED_ROW = { bgcolor: 'action.selected' };
const OTHER_ROW = {};

const TABLE_SX: SxProps<Theme> = {
  '& .RaDataTable-tableWrapper': { overflowX: 'auto' },
  '& .RaDataTable-rowCell': { whiteSpace: 'nowrap', verticalAlign: 'top', px: 0.75 },
  '& .RaDataTable-rowCell.column-completionDate': { whiteSpace: 'normal', minWidth: 90 },
  // The focused cell: a ring in the theme's primary colour, inside the cell so no neighbour hides it.
  '& [role=gridcell]:focus': { outline: 'none' },
  '& [role=gridcell][aria-selected=true]:focus-within': { boxShadow: (theme) => `inset 0 0 0 2px ${theme.palette.primary.main}` },
  // Chinese headers break between words only, not after every character.
  '& .RaDataTable-headerCell': { lineHeight: 1.3, px: 0.75, fontSize: '0.8125rem', wordBreak: 'keep-all' },
  '& .pricing-total': { bgcolor: 'action.hover' },
};

const PricingDataTable = ({ columns }: { columns: ReactNode }) => {
  const translate = useTranslate();
  const editingId = useEditingId();
  const { tableRef, pasting, onKeyDown, onPaste } = usePriceGrid()!;
  const rowSx = useCallback((record: PricingRecord) => (record.id === editingId ? EDITED_ROW : OTHER_ROW), [editingId]);
  return (
    <DataTable ref={tableRef} rowClick={false} bulkActionButtons={false} empty={<PricingEmpty />}
      role="grid" aria-label={translate('pricing_grid.label')} aria-busy={pasting || undefined}
      onKeyDown={onKeyDown} onPaste={onPaste} rowSx={rowSx} sx={TABLE_SX}>
      {columns}
    </DataTable>
  );
};

/**
 * The completed orders, one per row, as a grid edited from the keyboard (PriceGrid.tsx): its
 * keyboard hint above it.
 */
export const PricingTable = () => {
  const { kinds, children } = useGridColumns();
  return (
    <PriceGridProvider columns={kinds}>
      <GridHint />
      <PricingDataTable columns={children} />
    </PriceGridProvider>
  );
};
