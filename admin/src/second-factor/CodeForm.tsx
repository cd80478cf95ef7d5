import KeyIcon from '@mui/icons-material/Key';
import { Button, Stack, TextField } from '@mui/material';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { useErrorText } from '../common/useServerErrors';
import { fieldMessages } from '../providers/errorMessages';
import { browserRefusal, passkeysSupported } from './passkey';

export interface CodeFormProps {
  /** Sends the code; a refusal shows under the field (a wrong code) or as its text (429, the server's others). */
  onCode: (code: string) => Promise<unknown>;
  submitLabel: string;
  /** An app's six digits only (setting one up), or a recovery code too. */
  digitsOnly?: boolean;
  /** More buttons beside the submit (back, cancel). */
  actions?: ReactNode;
  /** Signing with a passkey instead of a code (a button, where the browser has WebAuthn); refused as a code is. */
  onPasskey?: () => Promise<unknown>;
  /** One without an app: the passkey comes first, the field takes a recovery code. */
  passkeyFirst?: boolean;
  testId: string;
}

/**
 * One code field and its button: a second step's code, the first code of an app being set up, or a
 * check before a sensitive action. The field is the browser's one-time-code field, focused, and
 * empties after a refusal so the next code is typed afresh.
 */
export const CodeForm = ({ onCode, submitLabel, digitsOnly = false, actions, onPasskey, passkeyFirst = false, testId }: CodeFormProps) => {
  const translate = useTranslate();
  const errorText = useErrorText();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    if (!code.trim()) {
      setError(translate('validation.required'));
      return;
    }
    await run(() => onCode(code.trim()));
  };
  const run = async (send: () => Promise<unknown>) => {
    setPending(true);
    setError(undefined);
    try {
      await send();
    } catch (refusal) {
      const fields = fieldMessages('second_factor', refusal);
      const field = fields.code ?? fields.passkey;
      const browser = browserRefusal(refusal);
      setError(field ? translate(field.key, field.args) : browser ? translate(browser) : errorText(refusal));
      setCode('');
    } finally {
      setPending(false);
    }
  };
  const passkey = onPasskey && passkeysSupported() ? (
    <Button startIcon={<KeyIcon />} disabled={pending} onClick={() => void run(onPasskey)} data-testid="use-passkey"
      variant={passkeyFirst ? 'contained' : 'text'} autoFocus={passkeyFirst}>
      {translate('second_factor.use_passkey')}
    </Button>
  ) : null;
  const help = digitsOnly ? 'second_factor.enrol_code_help' : passkeyFirst ? 'second_factor.recovery_help' : 'second_factor.code_help';
  return (
    <Stack component="form" spacing={2} onSubmit={(event) => void submit(event)} noValidate data-testid={testId}>
      {passkeyFirst && passkey}
      <TextField name="code" label={translate('second_factor.code')} value={code} autoFocus={!passkeyFirst} fullWidth
        onChange={(event) => setCode(event.target.value)} error={Boolean(error)}
        helperText={error ?? translate(help)}
        slotProps={{ htmlInput: { autoComplete: 'one-time-code', inputMode: digitsOnly ? 'numeric' : 'text', maxLength: 20,
          spellCheck: false, autoCapitalize: 'none', sx: { fontFamily: 'monospace', letterSpacing: '0.1em' } } }} />
      <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1} sx={{ justifyContent: 'flex-end' }}>
        {actions}
        {!passkeyFirst && passkey}
        <Button type="submit" variant={passkeyFirst ? 'outlined' : 'contained'} disabled={pending}>
          {translate(pending ? 'second_factor.verifying' : submitLabel)}
        </Button>
      </Stack>
    </Stack>
  );
};
