import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DownloadIcon from '@mui/icons-material/Download';
import { Alert, AlertTitle, Box, Button, Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useCopy } from '../common/useCopy';

/**
 * Recovery codes as the server answers them, this one time: the warning, the codes in two columns,
 * and buttons to copy them, download them as a text file, and leave.
 */
export const RecoveryCodes = ({ codes, onDone, doneLabel = 'second_factor.saved' }: { codes: string[]; onDone: () => void; doneLabel?: string }) => {
  const translate = useTranslate();
  const copyText = useCopy();
  const text = `${codes.join('\n')}\n`;
  // Refused (no HTTPS), the codes stay selectable for the keyboard's copy.
  const copy = () => copyText(text, 'second_factor.copied');
  const download = () => {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    link.download = 'recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(link.href);
  };
  return (
    <Stack spacing={2} data-testid="recovery-codes">
      <Alert severity="warning">
        <AlertTitle>{translate('second_factor.recovery_title')}</AlertTitle>
        {translate('second_factor.recovery_intro')}
      </Alert>
      <Box component="ol" sx={{ m: 0, px: 2, py: 1.5, display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 2, rowGap: 0.5,
        listStylePosition: 'inside', fontFamily: 'monospace', fontSize: { xs: '0.85rem', sm: '1rem' }, whiteSpace: 'nowrap',
        bgcolor: 'action.hover', borderRadius: 1, userSelect: 'all' }}>
        {codes.map((code) => <li key={code} data-testid="recovery-code">{code}</li>)}
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <Button startIcon={<ContentCopyIcon />} onClick={() => void copy()}>{translate('second_factor.copy')}</Button>
        <Button startIcon={<DownloadIcon />} onClick={download}>{translate('second_factor.download')}</Button>
        <Box sx={{ flex: 1 }} />
        <Button variant="contained" onClick={onDone}>{translate(doneLabel)}</Button>
      </Stack>
    </Stack>
  );
};
