import { Button, Dialog, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { codeOf } from '../providers/errorMessages';
import { useAppDataProvider } from '../providers/dataProvider';
import { CodeForm } from './CodeForm';
import { passkeyProof } from './passkey';

/** Asks for a code or a passkey and checks it (POST /api/second-factors/check): `onClose(true)` once checked, `onClose(false)` when cancelled. */
export const FreshCheckDialog = ({ open, onClose }: { open: boolean; onClose: (checked: boolean) => void }) => {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  return (
    <Dialog open={open} onClose={() => onClose(false)} fullWidth maxWidth="xs" data-testid="fresh-check-dialog"
      onClick={(event) => event.stopPropagation()} onKeyDown={(event) => event.stopPropagation()}>
      <DialogTitle>{translate('second_factor.check_title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{translate('second_factor.check_intro')}</DialogContentText>
        {open && (
          <CodeForm testId="fresh-check-form" submitLabel="second_factor.verify"
            onCode={async (code) => { await dataProvider.checkSecondFactor({ code }); onClose(true); }}
            onPasskey={async () => { await dataProvider.checkSecondFactor(await passkeyProof(dataProvider, false)); onClose(true); }}
            actions={<Button onClick={() => onClose(false)}>{translate('ra.action.cancel')}</Button>} />
        )}
      </DialogContent>
    </Dialog>
  );
};

/**
 * Runs a sensitive action (a new API token, new recovery codes, removing a factor) and, where the
 * server asks for a recent second-factor check first (403 `second_factor_required`), asks for a
 * code in a dialog, checks it, and runs the action again. Cancelled, the action answers undefined.
 * `freshCheckDialog` goes somewhere in the caller's tree.
 */
export function useFreshCheck(): { withFreshCheck: <T>(action: () => Promise<T>) => Promise<T | undefined>; freshCheckDialog: ReactNode } {
  const [open, setOpen] = useState(false);
  const answer = useRef<(checked: boolean) => void>(undefined);
  const close = (checked: boolean) => {
    setOpen(false);
    answer.current?.(checked);
  };
  const withFreshCheck = async <T,>(action: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await action();
    } catch (error) {
      if (codeOf(error) !== 'second_factor_required') throw error;
    }
    setOpen(true);
    const checked = await new Promise<boolean>((resolve) => { answer.current = resolve; });
    return checked ? action() : undefined;
  };
  const freshCheckDialog = <FreshCheckDialog open={open} onClose={close} />;
  return { withFreshCheck, freshCheckDialog };
}
