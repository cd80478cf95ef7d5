import type { ReactElement, ReactNode } from 'react';
import {
  List, SearchInput, SelectInput, useTranslate, type RaRecord, type SortPayload,
} from 'react-admin';
import { EmptyList } from '../common/EmptyList';
import { ListActions } from '../common/ListActions';
import { ResponsiveDataTable, type PhoneLines } from '../common/ResponsiveDataTable';
import { STATUS_CHOICES, StatusField } from '../common/statuses';
import { LIST_LOAD_ERROR } from '../common/ListLoadError';
import { SelectionFollowsQuery } from '../common/listSelection';
import { BulkDeleteRecordsButton } from '../trash/DeleteToTrashButtons';

// A function, not an element: SimpleList then floats it to the right of the first line.
const statusChip = () => <StatusField />;

export interface MasterDataListProps {
  /** The module's message namespace: `<texts>.titles.list`, `.search`, `.empty.*`, `.messages.bulk_delete_content`. */
  texts: string;
  /** The resource's menu icon, shown large in the empty state. */
  icon: ReactElement;
  sort: SortPayload;
  /** Filters beyond the search and the status, which every master-data list has. */
  filters?: ReactElement[];
  /** Columns left out by default; the columns button shows them. */
  hiddenColumns?: string[];
  /** The lines of a row on a phone, where the table would not fit; the status chip goes on the right. */
  mobile: Pick<PhoneLines<RaRecord>, 'primaryText' | 'secondaryText'>;
  /** The table's columns (`DataTable.Col`). */
  children: ReactNode;
}

/**
 * The list screen shared by the master-data resources: search and status filters, sortable
 * columns, pagination, CSV export, bulk deletion with a confirmation, a click on a row opens the
 * record, an empty state inviting to create the first one, and a simple list on a phone.
 */
export const MasterDataList = ({ texts, icon, sort, filters = [], hiddenColumns, mobile, children }: MasterDataListProps) => {
  const translate = useTranslate();
  const allFilters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate(`${texts}.search`)} sx={{ minWidth: { sm: 320 } }} />,
    <SelectInput key="status" source="status" choices={STATUS_CHOICES} alwaysOn sx={{ minWidth: 140 }} />,
    ...filters,
  ];
  return (
    <List {...LIST_LOAD_ERROR} title={`${texts}.titles.list`} filters={allFilters} actions={<ListActions columns create />} sort={sort}
      perPage={25} exporter={false}
      empty={<EmptyList icon={icon} title={`${texts}.empty.title`} body={`${texts}.empty.body`} />}>
      <SelectionFollowsQuery />
      <ResponsiveDataTable rowClick="edit" hiddenColumns={hiddenColumns} phone={{ ...mobile, tertiaryText: statusChip }}
        bulkActionButtons={<BulkDeleteRecordsButton confirmContent={`${texts}.messages.bulk_delete_content`} />}
        sx={{ '& .RaDataTable-rowCell': { whiteSpace: 'nowrap' } }}>
        {children}
      </ResponsiveDataTable>
    </List>
  );
};
