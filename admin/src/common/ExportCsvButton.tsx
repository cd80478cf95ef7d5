import DownloadIcon from '@mui/icons-material/Download';
import { Button, useListContext, useLocaleState, type SortPayload } from 'react-admin';

/**
 * The server's CSV of the whole filtered list (docs/api-conventions.md#list-exports): in the
 * list's sort order, the UI's language and the browser's time zone, streamed whatever its length.
 */
export const exportCsvUrl = (resource: string, filter: object, sort: SortPayload, locale: string) =>
  `/api/${resource}/export.csv?${new URLSearchParams({ filter: JSON.stringify(filter),
    sort: JSON.stringify([sort.field, sort.order]), locale, tz: Intl.DateTimeFormat().resolvedOptions().timeZone })}`;

/** Downloads the list's CSV (replaces react-admin's exporter, which wrote the records' raw fields in the browser). */
export const ExportCsvButton = ({ label = 'ra.action.export' }: { label?: string }) => {
  const { resource, filterValues, sort, total } = useListContext();
  const [locale] = useLocaleState();
  return (
    // A link: the server's Content-Disposition makes it a download under the server's file name.
    <Button label={label} href={exportCsvUrl(resource, filterValues, sort, locale)} disabled={total === 0}
      data-testid="export-csv">
      <DownloadIcon />
    </Button>
  );
};
