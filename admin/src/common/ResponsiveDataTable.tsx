import { useMediaQuery, type Theme } from '@mui/material';
import { forwardRef, type KeyboardEvent } from 'react';
import {
  ColumnsButton, DataTable, DataTableBody, DataTableRow, SimpleList, SimpleListClasses, type DataTableBodyProps,
  type DataTableProps, type DataTableRowProps, type RaRecord, type SimpleListProps,
} from 'react-admin';

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

/**
 * A record's lines on a phone (react-admin's SimpleList texts). A `tertiaryText` function (a chip,
 * a date) is shown at the right of the first line.
 */
export type PhoneLines<R extends RaRecord> = Pick<SimpleListProps<R>, 'primaryText' | 'secondaryText' | 'tertiaryText'>;

export type ResponsiveDataTableProps<R extends RaRecord> = DataTableProps<R> & { phone: PhoneLines<R> };

const PHONE_LIST_SX = { [`& .${SimpleListClasses.tertiary}`]: { opacity: 1, ml: 1 } };

/**
 * A list's records: the table with its columns on a wider screen, a simple list of one record per
 * row on a phone (where there is no room for columns nor for bulk actions). `rowClick` is a path
 * (`edit`, `show`) or a function. Lists whose rows are selected or expanded on a phone too (batch
 * modification, trash, activity logs) keep their table there, with one column telling the record.
 */
export function ResponsiveDataTable<R extends RaRecord>({ phone: lines, rowClick, sx, ...table }: ResponsiveDataTableProps<R>) {
  const phone = usePhone();
  if (phone) {
    // The same row click on a phone; SimpleList types its function for any record.
    return <SimpleList<R> rowClick={rowClick as SimpleListProps['rowClick']} {...lines} sx={PHONE_LIST_SX} />;
  }
  return <DataTable<R> rowClick={rowClick} body={rowClick ? KeyboardBody : undefined} {...table}
    sx={[LIST_TABLE_SX, ...(Array.isArray(sx) ? sx : [sx])]} />;
}

/** The columns chooser, where a list shows columns (not on a phone). */
export const ResponsiveColumnsButton = () => (usePhone() ? null : <ColumnsButton />);
