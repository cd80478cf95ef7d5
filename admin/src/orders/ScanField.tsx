import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';
import { InputAdornment, TextField, type SxProps, type Theme } from '@mui/material';
import { useRef } from 'react';
import { useTranslate } from 'react-admin';
import type { ScannedOrder } from '@kernel/orders/printing';
import { CameraScanButton } from './CameraScanButton';
import { useScanner } from './useScanner';

/**
 * A box a handheld scanner types into (a code, then Enter), or a person: each Enter looks its code
 * up and hands the order to `onOrder`; the box empties at once for the next scan, whose lookup
 * waits its turn (useScanner). The batch page and the print dialog tick orders with it.
 */
export const ScanField = ({ onOrder, autoFocus = false, sx }: {
  onOrder: (order: ScannedOrder) => unknown; autoFocus?: boolean; sx?: SxProps<Theme>;
}) => {
  const translate = useTranslate();
  const scan = useScanner(onOrder);
  const input = useRef<HTMLInputElement>(null);
  return (
    <TextField size="small" label={translate('scan.field')} autoFocus={autoFocus} inputRef={input} sx={sx}
      placeholder={translate('scan.field_hint')} autoComplete="off"
      onKeyDown={(event) => {
        if (event.key !== 'Enter' || !input.current) return;
        event.preventDefault();
        scan(input.current.value);
        input.current.value = '';
      }}
      slotProps={{
        htmlInput: { 'data-testid': 'scan-field', spellCheck: false },
        input: {
          startAdornment: <InputAdornment position="start"><QrCodeScannerIcon fontSize="small" /></InputAdornment>,
          endAdornment: <CameraScanButton onCode={scan} />,
        },
      }} />
  );
};
