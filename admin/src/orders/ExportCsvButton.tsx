import DownloadIcon from '@mui/icons-material/Download';
import { Button } from '@mui/material';
import { useListContext, useLocaleState, useTranslate } from 'react-admin';

/** The CSV of the whole filtered list, streamed by the server in the UI's language (replaces react-admin's exporter). */
export const exportCsvUrl = (filter: object, locale: string) =>
  `/api/orders/export.csv?${new URLSearchParams({ filter: JSON.stringify(filter), locale })}`;

export const ExportCsvButton = () => {
  const { filterValues, total } = useListContext();
  const [locale] = useLocaleState();
  const translate = useTranslate();
  return (
    <Button size="small" startIcon={<DownloadIcon />} href={exportCsvUrl(filterValues, locale)} download
      disabled={total === 0} data-testid="export-csv">
      {translate('orders.actions.export_csv')}
    </Button>
  );
};
