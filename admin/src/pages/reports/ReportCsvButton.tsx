import DownloadIcon from '@mui/icons-material/Download';
import { Button } from '@mui/material';
import type { MouseEvent } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { useToast } from '../../layout/useToast';
import { useAppDataProvider, type AppDataProvider } from '../../providers/dataProvider';

/**
 * Saves a CSV the server streams under the name given here: the server names every report's file
 * alike, and a browser prefers the server's name to the link's. The bytes are kept as they come
 * (with the BOM that Excel needs).
 */
async function saveCsv(dataProvider: AppDataProvider, url: string, fileName: string): Promise<void> {
  const file = await dataProvider.reportCsv(url);
  const link = document.createElement('a');
  link.href = URL.createObjectURL(file);
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 0);
}

/** Downloads the server's CSV of what is shown, in the UI's language (streamed, with a BOM: docs/reports.md#csv-export). */
export const ReportCsvButton = ({ urlFor, fileName, disabled, testId = 'report-export' }: {
  urlFor: (lang: string) => string; fileName: string; disabled?: boolean; testId?: string;
}) => {
  const [locale] = useLocaleState();
  const translate = useTranslate();
  const toast = useToast();
  const dataProvider = useAppDataProvider();
  const url = urlFor(locale);
  const download = (event: MouseEvent) => {
    event.preventDefault();
    saveCsv(dataProvider, url, fileName).catch(() => toast({ variant: 'destructive', title: translate('reports.errors.loading_failed'),
      description: translate('reports.errors.unable_to_load') }));
  };
  return (
    <Button size="small" variant="outlined" startIcon={<DownloadIcon />} href={url} download={fileName} onClick={download}
      disabled={disabled} data-testid={testId} sx={{ whiteSpace: 'nowrap' }}>
      {translate('reports.actions.export_csv')}
    </Button>
  );
};
