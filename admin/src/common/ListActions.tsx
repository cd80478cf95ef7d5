import { CreateButton, FilterButton, TopToolbar } from 'react-admin';
import { ExportCsvButton } from './ExportCsvButton';
import { ResponsiveColumnsButton } from './ResponsiveDataTable';

/**
 * A list's action bar: "Add filter" where some filters are not always shown, the columns button
 * where the table hides columns, Create where records are made from the list, and the CSV export
 * every list has.
 */
export const ListActions = ({ filters = false, columns = false, create = false }: { filters?: boolean; columns?: boolean; create?: boolean }) => (
  <TopToolbar>
    {filters && <FilterButton disableSaveQuery />}
    {columns && <ResponsiveColumnsButton />}
    {create && <CreateButton />}
    <ExportCsvButton />
  </TopToolbar>
);
