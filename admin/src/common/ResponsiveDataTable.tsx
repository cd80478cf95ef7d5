import { useMediaQuery, type Theme } from '@mui/material';
import { forwardRef, isValidElement, type KeyboardEvent } from 'react';
import {
  BulkActionsToolbar, ColumnsButton, DataTable, DataTableBody, DataTableRow, type DataTableBodyProps,
  type DataTableProps, type DataTableRowProps, type RaRecord, type SimpleListProps,
} from 'react-admin';
import { SelectAllMatchingButton } from './listSelection';
import { PhoneList, type PhoneLines } from './PhoneList';

export type { PhoneLines };

/** A phone: a table of several columns does not fit, so lists show one record per row. */
export const usePhone = () => useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

/**
 * A table that is still too wide scrolls inside its own box; headers keep to one line. Cells may
 * wrap: the columns meant to stay on one line (numbers, dates, chips) say so themselves.
 */
export const LIST_TABLE_SX = {
  '& .RaDataTable-tableWrapper': { overflowX: 'auto' },
  '& .RaDataTable-headerCell': { whiteSpace: 'nowrap' },
  '& .RaDataTable-clickableRow:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
} as const;

/** Enter on a focused row opens it, as a click does. */
const openOnEnter = (event: KeyboardEvent<HTMLTableRowElement>) => {
  if (event.key === 'Enter' && event.target === event.currentTarget) event.currentTarget.click();
};

/** A row a keyboard reaches (Tab) and opens (Enter): react-admin's row opens on a click only. */
const KeyboardRow = forwardRef<HTMLTableRowElement, DataTableRowProps>((props, ref) => (
  <DataTableRow ref={ref} tabIndex={0} onKeyDown={openOnEnter} {...props} />
));

const KeyboardBody = (props: DataTableBodyProps) => <DataTableBody row={KeyboardRow} {...props} />;

/** One line of text that is not broken (codes, dates, numbers, chips). */
export const NO_WRAP = { whiteSpace: 'nowrap' } as const;

/** A table's cells keep to one line, except the named columns' (names of places and companies). */
export const oneLineCellsExcept = (...sources: string[]) => ({
  '& .RaDataTable-rowCell': NO_WRAP,
  [sources.map((source) => `& td.column-${source}`).join(', ')]: { whiteSpace: 'normal', minWidth: 120 },
});

export type ResponsiveDataTableProps<R extends RaRecord> = DataTableProps<R> & { phone: PhoneLines<R> };

/**
 * A list's records: the table with its columns on a wider screen, a simple list of one record per
 * row on a phone (where there is no room for columns), whose "Select" offers the table's bulk
 * actions (PhoneList). `rowClick` is a path (`edit`, `show`) or a function. Lists whose rows are
 * selected or expanded on a phone without a mode (batch modification, trash, activity logs) keep
 * their table there, with one column telling the record.
 */
export function ResponsiveDataTable<R extends RaRecord>({ phone: lines, rowClick, sx, ...table }: ResponsiveDataTableProps<R>) {
  const phone = usePhone();
  if (phone) {
    // The table's own bar, or its buttons in react-admin's; none where the table names none.
    const { bulkActionButtons: buttons, bulkActionsToolbar: toolbar } = table;
    const bulkActions = buttons ? toolbar ?? (isValidElement(buttons)
      ? <BulkActionsToolbar selectAllButton={<SelectAllMatchingButton />}>{buttons}</BulkActionsToolbar> : undefined) : undefined;
    // The same row click on a phone; SimpleList types its function for any record.
    return <PhoneList<R> lines={lines} rowClick={rowClick as SimpleListProps<R>['rowClick']} bulkActions={bulkActions} />;
  }
  return <DataTable<R> rowClick={rowClick} body={rowClick ? KeyboardBody : undefined} {...table}
    sx={[LIST_TABLE_SX, ...(Array.isArray(sx) ? sx : [sx])]} />;
}

/** The columns chooser, where a list shows columns (not on a phone). */
export const ResponsiveColumnsButton = () => (usePhone() ? null : <ColumnsButton />);
