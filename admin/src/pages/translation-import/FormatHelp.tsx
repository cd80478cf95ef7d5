import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

const Sample = ({ text }: { text: string }) => (
  <Box component="pre" sx={{ m: 0, mb: 1.5, p: 1.5, borderRadius: 1, bgcolor: 'action.hover', fontSize: 12,
    fontFamily: 'monospace', whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
    {text}
  </Box>
);

/** The two file formats the import reads, with a sample of each (translationFile.ts). */
export const FormatHelp = () => {
  const translate = useTranslate();
  return (
    <Box>
      <Typography variant="subtitle2" gutterBottom>{translate('translation_import.formats.title')}</Typography>
      <Typography variant="body2" gutterBottom>{translate('translation_import.formats.csv')}</Typography>
      <Sample text={translate('translation_import.formats.csv_sample')} />
      <Typography variant="body2" gutterBottom>{translate('translation_import.formats.json')}</Typography>
      <Sample text={translate('translation_import.formats.json_sample')} />
      <Typography variant="body2" color="text.secondary">{translate('translation_import.formats.empty_cells')}</Typography>
    </Box>
  );
};
