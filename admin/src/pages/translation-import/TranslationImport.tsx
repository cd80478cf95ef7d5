import PublishIcon from '@mui/icons-material/Publish';
import {
  Alert, AlertTitle, Box, Button, Card, CardContent, CircularProgress, Divider, Stack, Typography,
} from '@mui/material';
import { useState } from 'react';
import { Confirm, Title, useTranslate } from 'react-admin';
import { FileButton } from '../../common/FileButton';
import { useMayEditTranslations } from '../../translations/translationModel';
import { FormatHelp } from './FormatHelp';
import { ImportPreview } from './ImportPreview';
import { useTranslationImport } from './useTranslationImport';

/**
 * /translation-import: pick a CSV or JSON file, see the server's preview (new, changed with
 * before → after, each bad row's errors), then apply it after a confirmation. Everyone signed
 * in may open the page (no page key: docs/routes-and-pages.md#route-table); only admins and managers may import.
 */
const TranslationImport = () => {
  const translate = useTranslate();
  const mayEdit = useMayEditTranslations();
  const { file, report, problem, applied, busy, choose, apply } = useTranslationImport();
  const [confirming, setConfirming] = useState(false);
  const canApply = Boolean(mayEdit && report && report.errors.length === 0 && report.added.length + report.changed.length > 0);

  return (
    <Box sx={{ py: 2 }}>
      <Title title={translate('menu.translation_import')} />
      <Typography variant="h5" component="h1" sx={{ mb: 1 }} data-testid="page-title">{translate('menu.translation_import')}</Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>{translate('translation_import.intro')}</Typography>
      {!mayEdit && <Alert severity="info" sx={{ mb: 2 }} data-testid="import-read-only">{translate('translation_import.read_only')}</Alert>}
      <Card>
        <CardContent>
          <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, alignItems: { sm: 'center' } }}>
            <FileButton disabled={!mayEdit || busy} onFile={choose} accept=".csv,.json,text/csv,application/json" testId="import-file"
              label={translate(file || report ? 'translation_import.choose_another' : 'translation_import.choose_file')} />
            {busy && <CircularProgress size={24} />}
            {file && (
              <Typography variant="body2" color="text.secondary" data-testid="import-file-name">
                {busy && !report ? translate('translation_import.reading', { name: file.name })
                  : translate('translation_import.file', { name: file.name, count: file.rows.length })}
              </Typography>
            )}
            <Box sx={{ flex: 1 }} />
            {report && (
              <Button variant="contained" color="primary" startIcon={<PublishIcon />} disabled={!canApply || busy}
                onClick={() => setConfirming(true)} data-testid="import-apply">
                {translate('translation_import.apply')}
              </Button>
            )}
          </Stack>
          {problem && <Alert severity="error" sx={{ mt: 2 }} data-testid="import-problem">{problem}</Alert>}
          {applied && (
            <Alert severity="success" sx={{ mt: 2 }} data-testid="import-applied">
              <AlertTitle>{translate('translation_import.applied_title')}</AlertTitle>
              {translate('translation_import.applied', { added: applied.added.length, changed: applied.changed.length })}
            </Alert>
          )}
          {report && <Box sx={{ mt: 2 }}><ImportPreview report={report} /></Box>}
          <Divider sx={{ my: 3 }} />
          <FormatHelp />
        </CardContent>
      </Card>
      <Confirm isOpen={confirming} title="translation_import.confirm.title" content="translation_import.confirm.body"
        translateOptions={{ added: report?.added.length ?? 0, changed: report?.changed.length ?? 0 }}
        confirm="translation_import.apply" loading={busy}
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          setConfirming(false);
          await apply();
        }} />
    </Box>
  );
};

export default TranslationImport;
