import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Box, Button, Chip, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { importErrorText } from '@kernel/orders/importErrorText';
import { IMPORT_FIELDS, type OrderImportReport } from '@kernel/orders/orderImport';

/** The errors listed on screen; the answer holds up to 1,000 and says how many there are. */
const ERRORS_LISTED = 200;

const tableSx = { '& td, & th': { whiteSpace: 'nowrap', py: 0.5 }, '& td.wrap': { whiteSpace: 'normal', minWidth: 140 } };

const Scroll = ({ children, testId }: { children: React.ReactNode; testId: string }) => (
  <Box sx={{ overflowX: 'auto', maxHeight: 320, border: 1, borderColor: 'divider', borderRadius: 1 }} data-testid={testId}>
    {children}
  </Box>
);

/** Rows, importable rows and rows with errors, as chips. */
const Summary = ({ report }: { report: OrderImportReport }) => {
  const translate = useTranslate();
  return (
    <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }} data-testid="order-import-summary">
      <Chip variant="outlined" label={translate('order_import.rows', { smart_count: report.rows })} />
      <Chip color={report.valid > 0 ? 'success' : 'default'} label={translate('order_import.valid', { smart_count: report.valid })}
        data-testid="order-import-valid" />
      {report.invalid > 0 && <Chip color="error" label={translate('order_import.invalid', { smart_count: report.invalid })}
        data-testid="order-import-invalid" />}
    </Stack>
  );
};

/** Saves every row with errors (not only those listed here) as a file. */
export type DownloadErrors = (format: 'xlsx' | 'csv') => void;

const ErrorTable = ({ report, onDownload }: { report: OrderImportReport; onDownload: DownloadErrors }) => {
  const translate = useTranslate();
  return (
    <Box>
      <Stack direction="row" sx={{ mb: 1, gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="subtitle2" component="h3" sx={{ flex: 1 }}>{translate('order_import.errors_title')}</Typography>
        <Typography variant="body2" color="text.secondary">{translate('order_import.download_errors')}:</Typography>
        {(['xlsx', 'csv'] as const).map((format) => (
          <Button key={format} size="small" startIcon={<DownloadIcon />} onClick={() => onDownload(format)}
            data-testid={`order-import-errors-${format}`}>
            {translate(`order_import.download_${format}`)}
          </Button>
        ))}
      </Stack>
      <Scroll testId="order-import-errors">
        <Table size="small" stickyHeader sx={tableSx}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('order_import.column_row')}</TableCell>
              <TableCell>{translate('order_import.column_field')}</TableCell>
              <TableCell>{translate('order_import.column_problem')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {report.errors.slice(0, ERRORS_LISTED).map((error) => (
              <TableRow key={`${error.row}-${error.field}`}>
                <TableCell>{error.row}</TableCell>
                <TableCell>{translate(`resources.orders.fields.${error.field}`)}</TableCell>
                <TableCell className="wrap" sx={{ color: 'error.main' }}>{importErrorText(error, translate)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Scroll>
      {report.errorCount > ERRORS_LISTED && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {translate('order_import.errors_more', { smart_count: report.errorCount - ERRORS_LISTED })}
        </Typography>
      )}
    </Box>
  );
};

const SampleTable = ({ report }: { report: OrderImportReport }) => {
  const translate = useTranslate();
  return (
    <Box>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {translate('order_import.sample_title', { smart_count: report.sample.length })}
      </Typography>
      <Scroll testId="order-import-sample">
        <Table size="small" stickyHeader sx={tableSx}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('order_import.column_row')}</TableCell>
              {IMPORT_FIELDS.map((field) => <TableCell key={field}>{translate(`resources.orders.fields.${field}`)}</TableCell>)}
            </TableRow>
          </TableHead>
          <TableBody>
            {report.sample.map(({ row, values }) => (
              <TableRow key={row}>
                <TableCell>{row}</TableCell>
                {IMPORT_FIELDS.map((field) => <TableCell key={field}>{values[field] ?? ''}</TableCell>)}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Scroll>
    </Box>
  );
};

/**
 * What the server says the file would create: the counts, the columns it leaves aside, each
 * error at its row and column in the form's own words, and the first rows as they would be created.
 */
export const ImportReportView = ({ report, onDownloadErrors }: { report: OrderImportReport; onDownloadErrors: DownloadErrors }) => {
  const translate = useTranslate();
  const ignored = report.columns.filter((column) => column.field === null && column.header.trim()).map((column) => column.header);
  return (
    <Stack sx={{ gap: 2 }} data-testid="order-import-preview">
      <Summary report={report} />
      {ignored.length > 0 && (
        <Typography variant="body2" color="text.secondary" data-testid="order-import-ignored">
          {translate('order_import.columns_ignored', { columns: ignored.join(translate('order_import.list_separator')) })}
        </Typography>
      )}
      {report.valid === 0
        ? <Alert severity="warning">{translate('order_import.nothing')}</Alert>
        : report.invalid > 0 && <Alert severity="info">{translate('order_import.skipped', { smart_count: report.valid })}</Alert>}
      {report.errorCount > 0 && <ErrorTable report={report} onDownload={onDownloadErrors} />}
      {report.sample.length > 0 && <SampleTable report={report} />}
    </Stack>
  );
};
