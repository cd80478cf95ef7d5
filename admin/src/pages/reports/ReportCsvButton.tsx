import DownloadIcon from '@mui/icons-material/Download';
import { Button } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';

/** Downloads the server's CSV of what is shown, in the UI's language (DESIGN.md §6: streamed, with a BOM). */
export const ReportCsvButton = ({ urlFor, disabled, testId = 'report-export' }: {
  urlFor: (lang: string) => string; disabled?: boolean; testId?: string;
}) => {
  const [locale] = useLocaleState();
  const translate = useTranslate();
  return (
    <Button size="small" variant="outlined" startIcon={<DownloadIcon />} href={urlFor(locale)} download
      disabled={disabled} data-testid={testId} sx={{ whiteSpace: 'nowrap' }}>
      {translate('reports.actions.export_csv')}
    </Button>
  );
};
