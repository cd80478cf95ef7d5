import { CreateButton, TopToolbar } from 'react-admin';
import { ExportCsvButton } from './ExportCsvButton';
import { ResponsiveColumnsButton } from './ResponsiveDataTable';

/**
 * A list's action bar: the columns button where the table hides columns, Create where records are
 * made from the list, and the CSV export every list has.
 */
export const ListActions = ({ columns = false, create = false }: { columns?: boolean; create?: boolean }) => (
  <TopToolbar>
    {columns && <ResponsiveColumnsButton />}
    {create && <CreateButton />}
    <ExportCsvButton />
  </TopToolbar>
);
