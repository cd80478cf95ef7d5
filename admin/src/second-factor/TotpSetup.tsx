import { Box, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { TotpEnrolment } from '@kernel/auth/secondFactor';
import { Barcode } from '../common/Barcode';

/** An authenticator app being set up: the QR code of its otpauth:// address, and the key for typing by hand. */
export const TotpSetup = ({ enrolment }: { enrolment: TotpEnrolment }) => {
  const translate = useTranslate();
  // Groups of four, as apps show a key to type.
  const key = enrolment.secret.match(/.{1,4}/g)!.join(' ');
  return (
    <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center' }} data-testid="totp-setup">
      <Typography variant="body2">{translate('second_factor.scan')}</Typography>
      {/* White around the code in the dark theme too: scanners need the quiet zone. */}
      <Box sx={{ bgcolor: '#fff', p: 1.5, borderRadius: 1, lineHeight: 0 }}>
        <Barcode kind="qrcode" text={enrolment.uri} style={{ width: 176, height: 176 }} />
      </Box>
      <Typography variant="caption" color="text.secondary">{translate('second_factor.secret')}</Typography>
      <Typography component="code" data-testid="totp-secret" data-secret={enrolment.secret}
        sx={{ fontFamily: 'monospace', fontSize: '0.95rem', wordBreak: 'break-all', userSelect: 'all' }}>{key}</Typography>
    </Stack>
  );
};
