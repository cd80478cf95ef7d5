import { DataTable, DataTableCell, useDataTableRenderContext, useRecordContext, type DataTableColumnProps } from 'react-admin';
import { useGridFocus, usePriceGrid, type GridColumnKind } from './PriceGrid';
import type { PricingRecord } from '@kernel/pricing/pricingRecords';

export type GridColumnProps = DataTableColumnProps<PricingRecord> & {
  /** The column's place in the grid, counted from 0 as the arrows move. */
  col: number;
  kind: GridColumnKind;
};

/** One cell of the grid: a gridcell, focusable by the roving tab index, read-only unless it holds a price. */
const GridCell = ({ col, kind, ref: _ref, ...props }: GridColumnProps) => {
  const record = useRecordContext<PricingRecord>()!;
  const grid = usePriceGrid()!;
  const focused = useGridFocus(record.id, col);
  return (
    <DataTableCell {...(props as Omit<DataTableColumnProps, 'ref'>)} role="gridcell" tabIndex={focused ? 0 : -1} aria-selected={focused}
      aria-readonly={kind ? undefined : true} data-grid-cell={`${record.id}:${col}`}
      onFocus={() => grid.focused(record.id, col)}
      onDoubleClick={kind ? () => grid.edit(record.id, col) : undefined} />
  );
};

/**
 * A column of the pricing grid: its header and its place among the column choices as any
 * DataTable column, its cells grid cells. A column added to the list of PricingTable takes its
 * place in the grid by this alone.
 */
export const GridColumn = (props: GridColumnProps) => {
  const context = useDataTableRenderContext();
  if (context === 'data') return <GridCell {...props} />;
  const { col: _col, kind: _kind, ...column } = props;
  return <DataTable.Col {...column} />;
};
