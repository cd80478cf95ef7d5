import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Button } from '@mui/material';

/**
 * A button that opens the file chooser (the import pages): its input is reset after each choice,
 * so choosing the same file again reads it again.
 */
export const FileButton = ({ label, accept, disabled = false, testId, onFile }: {
  label: string; accept: string; disabled?: boolean; testId: string; onFile: (file: File) => void;
}) => (
  <Button variant="contained" component="label" disabled={disabled} startIcon={<UploadFileIcon />}>
    {label}
    <input hidden type="file" accept={accept} data-testid={testId}
      onChange={(event) => {
        const chosen = event.target.files?.[0];
        event.target.value = '';
        if (chosen) onFile(chosen);
      }} />
  </Button>
);
