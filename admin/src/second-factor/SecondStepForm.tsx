import KeyIcon from '@mui/icons-material/Key';
import { Alert, Button, CircularProgress, Divider, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useLogin, useTranslate } from 'react-admin';
import type { SecondStep } from '@kernel/auth/secondFactor';
import { useErrorText } from '../common/useServerErrors';
import { useAppDataProvider, type CurrentUser } from '../providers/dataProvider';
import { CodeForm } from './CodeForm';
import { browserRefusal, enrolPasskeyAtSignIn, passkeyProof, passkeysSupported } from './passkey';
import { RecoveryCodes } from './RecoveryCodes';
import { TotpSetup } from './TotpSetup';

/**
 * The sign-in's second step, in the sign-in card after a right password: a code of one's app (or a
 * recovery code), or, where one's role requires a factor and one has none, setting up an app by
 * its QR code, whose first code signs in and brings the recovery codes, shown before going on, or
 * adding a passkey instead.
 */
export const SecondStepForm = ({ step, onBack }: { step: SecondStep; onBack: () => void }) => {
  const translate = useTranslate();
  const login = useLogin();
  const dataProvider = useAppDataProvider();
  const back = <Button onClick={onBack}>{translate('second_factor.back')}</Button>;
  if (step.secondFactor === 'verify') {
    const hasApp = step.factors.includes('totp');
    return (
      <Stack spacing={2}>
        <Typography variant="h6" component="h2">{translate('second_factor.step_title')}</Typography>
        <Typography variant="body2" color="text.secondary">
          {translate(hasApp ? 'second_factor.step_intro' : 'second_factor.step_intro_passkey')}
        </Typography>
        <CodeForm testId="second-step-form" submitLabel="second_factor.verify" onCode={(code) => login({ code })} actions={back}
          onPasskey={step.factors.includes('passkey') ? async () => login(await passkeyProof(dataProvider, true)) : undefined}
          passkeyFirst={!hasApp} />
      </Stack>
    );
  }
  return <EnrolAtSignIn back={back} />;
};

const EnrolAtSignIn = ({ back }: { back: ReactNode }) => {
  const translate = useTranslate();
  const login = useLogin();
  const errorText = useErrorText();
  const dataProvider = useAppDataProvider();
  // Asked once: each ask replaces the app being set up, whose QR code the person may have scanned.
  const { data: enrolment, error } = useQuery({ queryKey: ['second-step-enrolment'], queryFn: () => dataProvider.secondStepEnrolment(),
    staleTime: Infinity, gcTime: 0, retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false });
  const [signedIn, setSignedIn] = useState<CurrentUser & { recoveryCodes?: string[] }>();
  const [passkeyError, setPasskeyError] = useState<string>();
  if (signedIn?.recoveryCodes) {
    return <RecoveryCodes codes={signedIn.recoveryCodes} onDone={() => void login({ signedIn })} />;
  }
  const enrolled = async (user: CurrentUser & { recoveryCodes?: string[] }) => {
    if (user.recoveryCodes) setSignedIn(user);
    else await login({ signedIn: user });
  };
  const enrolPasskey = async () => {
    setPasskeyError(undefined);
    try {
      await enrolled(await enrolPasskeyAtSignIn(dataProvider));
    } catch (refusal) {
      const browser = browserRefusal(refusal);
      setPasskeyError(browser ? translate(browser) : errorText(refusal));
    }
  };
  return (
    <Stack spacing={2} data-testid="enrol-at-sign-in">
      <Typography variant="h6" component="h2">{translate('second_factor.enrol_title')}</Typography>
      <Typography variant="body2" color="text.secondary">{translate('second_factor.enrol_intro')}</Typography>
      {error ? <Alert severity="error">{errorText(error)}</Alert> : null}
      {enrolment ? <TotpSetup enrolment={enrolment} /> : !error && <CircularProgress sx={{ alignSelf: 'center' }} />}
      <CodeForm testId="second-step-form" submitLabel="second_factor.verify" digitsOnly actions={back}
        onCode={async (code) => enrolled(await dataProvider.secondStep({ code }))} />
      {passkeysSupported() && (
        <>
          <Divider>{translate('second_factor.or')}</Divider>
          {passkeyError ? <Alert severity="warning">{passkeyError}</Alert> : null}
          <Button variant="outlined" startIcon={<KeyIcon />} onClick={() => void enrolPasskey()} data-testid="enrol-passkey">
            {translate('second_factor.enrol_passkey')}
          </Button>
        </>
      )}
    </Stack>
  );
};
