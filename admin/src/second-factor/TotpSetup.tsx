import { Box, CircularProgress, Stack, Typography } from '@mui/material';
import { lazy, Suspense } from 'react';
import { useTranslate } from 'react-admin';
import type { TotpEnrolment } from '@kernel/auth/secondFactor';

// The barcode library (≈ 0.9 MB) comes with the first QR code, not with the user menu or the sign-in page.
const Barcode = lazy(() => import('../common/Barcode').then(({ Barcode: barcode }) => ({ default: barcode })));
const QR_SIZE = 176;

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
        <Suspense fallback={<Box sx={{ width: QR_SIZE, height: QR_SIZE, display: 'grid', placeItems: 'center' }}><CircularProgress /></Box>}>
          <Barcode kind="qrcode" text={enrolment.uri} style={{ width: QR_SIZE, height: QR_SIZE }} />
        </Suspense>
      </Box>
      <Typography variant="caption" color="text.secondary">{translate('second_factor.secret')}</Typography>
      <Typography component="code" data-testid="totp-secret" data-secret={enrolment.secret}
        sx={{ fontFamily: 'monospace', fontSize: '0.95rem', wordBreak: 'break-all', userSelect: 'all' }}>{key}</Typography>
    </Stack>
  );
};
