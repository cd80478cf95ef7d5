import KeyIcon from '@mui/icons-material/Key';
import PhonelinkLockIcon from '@mui/icons-material/PhonelinkLock';
import {
  Alert, Box, Button, CircularProgress, List, ListItem, ListItemIcon, ListItemText, Stack, Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import type { EnrolledFactor, TotpEnrolment } from '@kernel/auth/secondFactor';
import { useDateFormat } from '../common/dateFormat';
import { useErrorNotice, useErrorText } from '../common/useServerErrors';
import { useAppDataProvider } from '../providers/dataProvider';
import { queryKeys } from '../providers/queryKeys';
import { CodeForm } from './CodeForm';
import { RecoveryCodes } from './RecoveryCodes';
import { browserRefusal, createPasskey, passkeysSupported } from './passkey';
import { TotpSetup } from './TotpSetup';
import { useFreshCheck } from './useFreshCheck';

/**
 * One's own two-step sign-in (DESIGN §16): the app and passkeys set up, when each was last used,
 * recovery codes left; setting an app up (QR code, first code, recovery codes) or adding a passkey
 * (the browser's dialog); removing one and renewing the recovery codes, each after a confirmation
 * and, where the server asks, a fresh check.
 */
export const SecondFactorSettings = () => {
  const translate = useTranslate();
  const format = useDateFormat();
  const notify = useNotify();
  const onError = useErrorNotice();
  const errorText = useErrorText();
  const dataProvider = useAppDataProvider();
  const queryClient = useQueryClient();
  const { withFreshCheck, freshCheckDialog } = useFreshCheck();
  const { data: status, isPending, error } = useQuery({ queryKey: queryKeys.secondFactors, queryFn: () => dataProvider.secondFactors(), staleTime: 0 });
  const [setup, setSetup] = useState<TotpEnrolment>();
  const [codes, setCodes] = useState<string[]>();
  const [asking, setAsking] = useState<'remove' | 'renew'>();
  const [removing, setRemoving] = useState<EnrolledFactor>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.secondFactors });

  if (codes) return <RecoveryCodes codes={codes} doneLabel="second_factor.done" onDone={() => setCodes(undefined)} />;
  if (setup) {
    return (
      <Stack spacing={2}>
        <TotpSetup enrolment={setup} />
        <CodeForm testId="totp-confirm-form" submitLabel="second_factor.verify" digitsOnly
          actions={<Button onClick={() => setSetup(undefined)}>{translate('ra.action.cancel')}</Button>}
          onCode={async (code) => {
            const { recoveryCodes } = await dataProvider.confirmTotp(code);
            setSetup(undefined);
            notify('second_factor.setup_done', { type: 'success' });
            if (recoveryCodes) setCodes(recoveryCodes);
            await refresh();
          }} />
      </Stack>
    );
  }
  if (isPending) return <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}><CircularProgress /></Box>;
  if (error || !status) return <Alert severity="error">{translate('second_factor.failed')}{error ? `: ${errorText(error)}` : ''}</Alert>;

  const start = async () => {
    try {
      setSetup(await dataProvider.startTotp());
    } catch (refusal) {
      onError(refusal);
    }
  };
  const addPasskey = async () => {
    try {
      const { recoveryCodes } = await createPasskey(dataProvider);
      notify('second_factor.passkey_added', { type: 'success' });
      if (recoveryCodes) setCodes(recoveryCodes);
    } catch (refusal) {
      const browser = browserRefusal(refusal);
      if (browser) notify(browser, { type: 'warning' });
      else onError(refusal);
    } finally {
      await refresh();
    }
  };
  const hasApp = status.factors.some((factor) => factor.kind === 'totp');
  const adding = (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignSelf: 'flex-start' }}>
      {!hasApp && (
        <Button variant={status.factors.length === 0 ? 'contained' : 'outlined'} startIcon={<PhonelinkLockIcon />} onClick={() => void start()}>
          {translate('second_factor.setup')}
        </Button>
      )}
      {passkeysSupported() && (
        <Button variant="outlined" startIcon={<KeyIcon />} onClick={() => void addPasskey()} data-testid="add-passkey">
          {translate('second_factor.add_passkey')}
        </Button>
      )}
    </Stack>
  );
  const confirmed = async () => {
    const action = asking;
    setAsking(undefined);
    try {
      if (action === 'remove' && removing) {
        const done = await withFreshCheck(() => dataProvider.removeSecondFactor(removing.id).then(() => true));
        if (done) notify('second_factor.removed', { type: 'success' });
      } else if (action === 'renew') {
        const renewed = await withFreshCheck(() => dataProvider.renewRecoveryCodes());
        if (renewed) setCodes(renewed.recoveryCodes);
      }
    } catch (refusal) {
      onError(refusal);
    } finally {
      setRemoving(undefined);
      await refresh();
    }
  };
  return (
    <Stack spacing={2} data-testid="second-factor-settings">
      {status.required && <Alert severity="info">{translate('second_factor.required')}</Alert>}
      {status.factors.length === 0 ? (
        <>
          <Typography variant="body2" color="text.secondary">{translate('second_factor.none')}</Typography>
          {adding}
        </>
      ) : (
        <>
          <List dense disablePadding>
            {status.factors.map((factor) => (
              <ListItem key={factor.id} disableGutters data-testid="second-factor"
                secondaryAction={<Button color="error" onClick={() => { setRemoving(factor); setAsking('remove'); }}>{translate('second_factor.remove')}</Button>}>
                <ListItemIcon>{factor.kind === 'passkey' ? <KeyIcon /> : <PhonelinkLockIcon />}</ListItemIcon>
                <ListItemText primary={translate(`second_factor.factor_${factor.kind}`)}
                  secondary={`${translate('second_factor.added', { time: format.dateTime(factor.createdAt) })} · ${factor.lastUsedAt
                    ? translate('second_factor.last_used', { time: format.dateTime(factor.lastUsedAt) }) : translate('second_factor.never_used')}`} />
              </ListItem>
            ))}
          </List>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
            <Typography variant="body2" sx={{ flex: 1 }} data-testid="recovery-left">
              {translate('second_factor.recovery_left', { smart_count: status.recoveryCodesLeft })}
            </Typography>
            <Button onClick={() => setAsking('renew')}>{translate('second_factor.renew')}</Button>
          </Stack>
          {adding}
        </>
      )}
      <Confirm isOpen={asking !== undefined} onClose={() => { setAsking(undefined); setRemoving(undefined); }} onConfirm={() => void confirmed()}
        title={asking === 'renew' ? 'second_factor.renew_title' : `second_factor.remove_title_${removing?.kind ?? 'totp'}`}
        content={asking === 'renew' ? 'second_factor.renew_body' : `second_factor.remove_body_${removing?.kind ?? 'totp'}`} />
      {freshCheckDialog}
    </Stack>
  );
};
