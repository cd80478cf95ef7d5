import DownloadIcon from '@mui/icons-material/Download';
import {
  Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress, Stack, Typography,
  useMediaQuery, type Theme,
} from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { MAX_IMPORT_MB, MAX_IMPORT_ROWS } from '@kernel/orders/orderImport';
import { FileButton } from '../../common/FileButton';
import { ImportReportView } from './ImportReportView';
import { useOrderImport, type ImportStep } from './useOrderImport';

const ACCEPT = '.xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The file button, and a zone a file may be dropped on. */
const FileZone = ({ onFile, label }: { onFile: (file: File) => void; label: string }) => {
  const translate = useTranslate();
  const [over, setOver] = useState(false);
  return (
    <Box onDragOver={(event) => { event.preventDefault(); setOver(true); }} onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        const dropped = event.dataTransfer.files[0];
        if (dropped) onFile(dropped);
      }}
      sx={{ border: 2, borderStyle: 'dashed', borderColor: over ? 'primary.main' : 'divider', borderRadius: 2, p: 3,
        textAlign: 'center', bgcolor: over ? 'action.hover' : 'transparent' }}>
      <FileButton label={label} accept={ACCEPT} testId="order-import-file" onFile={onFile} />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>{translate('order_import.drop')}</Typography>
    </Box>
  );
};

/** The template in each language, as the server writes it for this user. */
const TemplateLinks = () => {
  const translate = useTranslate();
  return (
    <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
      <Typography variant="body2">{translate('order_import.template')}:</Typography>
      {(['cn', 'en'] as const).map((locale) => (
        <Button key={locale} size="small" startIcon={<DownloadIcon />} download data-testid={`order-import-template-${locale}`}
          href={`/api/orders/import/template.xlsx?locale=${locale}`}>
          {translate(`order_import.template_${locale}`)}
        </Button>
      ))}
    </Stack>
  );
};

/** What the server is doing now, with how far it is when that is known (the upload). */
const Progress = ({ state, name }: { state: ImportStep; name: string }) => {
  const translate = useTranslate();
  const text = state.step === 'uploading' ? translate('order_import.uploading', { name, percent: state.percent })
    : state.step === 'checking' ? translate('order_import.checking', { name })
      : state.step === 'importing' ? translate('order_import.importing', { smart_count: state.report.valid }) : null;
  if (!text) return null;
  return (
    <Box role="status" data-testid="order-import-progress">
      <Typography variant="body2" sx={{ mb: 1 }}>{text}</Typography>
      <LinearProgress variant={state.step === 'uploading' ? 'determinate' : 'indeterminate'}
        value={state.step === 'uploading' ? state.percent : undefined} />
    </Box>
  );
};

/**
 * The order import (docs/order-import.md): choose or drop a file (templates at hand), see the
 * server's preview, confirm, see how many were created. Closing is held while the server works.
 */
export const OrderImportDialog = ({ onClose }: { onClose: () => void }) => {
  const translate = useTranslate();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { file, state, problem, choose, confirm, reset, downloadErrors } = useOrderImport();
  const working = state.step === 'uploading' || state.step === 'checking' || state.step === 'importing';
  const report = state.step === 'preview' || state.step === 'importing' || state.step === 'done' ? state.report : null;
  return (
    <Dialog open onClose={working ? undefined : onClose} fullScreen={fullScreen} maxWidth="lg" fullWidth
      aria-labelledby="order-import-title" data-testid="order-import-dialog">
      <DialogTitle id="order-import-title">{translate('order_import.title')}</DialogTitle>
      <DialogContent dividers>
        <Stack sx={{ gap: 2 }}>
          {state.step === 'choose' && (
            <>
              <Typography variant="body2" color="text.secondary">
                {translate('order_import.intro', { mb: MAX_IMPORT_MB, rows: MAX_IMPORT_ROWS.toLocaleString() })}
              </Typography>
              <TemplateLinks />
              <FileZone onFile={choose} label={translate('order_import.choose')} />
            </>
          )}
          {problem && <Alert severity="error" data-testid="order-import-problem">{problem}</Alert>}
          <Progress state={state} name={file?.name ?? ''} />
          {state.step === 'done' && (
            <Alert severity="success" data-testid="order-import-done">
              {translate('order_import.done', { smart_count: state.report.created ?? 0 })}
            </Alert>
          )}
          {report && state.step !== 'done' && <ImportReportView report={report} onDownloadErrors={(format) => void downloadErrors(format)} />}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {(state.step === 'preview' || state.step === 'done') && (
          <Button onClick={reset} data-testid="order-import-another">{translate('order_import.another')}</Button>
        )}
        <Box sx={{ flex: 1 }} />
        <Button onClick={onClose} disabled={working}>{translate(state.step === 'done' ? 'ra.action.close' : 'ra.action.cancel')}</Button>
        {report && state.step !== 'done' && (
          <Button variant="contained" onClick={confirm} disabled={state.step !== 'preview' || report.valid === 0}
            data-testid="order-import-confirm">
            {translate('order_import.confirm', { smart_count: report.valid })}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
};
