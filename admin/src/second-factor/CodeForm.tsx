import { Button, Stack, TextField } from '@mui/material';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { useErrorText } from '../common/useServerErrors';
import { fieldMessages } from '../providers/errorMessages';

export interface CodeFormProps {
  /** Sends the code; a refusal shows under the field (a wrong code) or as its text (429, the server's others). */
  onCode: (code: string) => Promise<unknown>;
  submitLabel: string;
  /** An app's six digits only (setting one up), or a recovery code too. */
  digitsOnly?: boolean;
  /** More buttons beside the submit (back, cancel). */
  actions?: ReactNode;
  testId: string;
}

/**
 * One code field and its button: a second step's code, the first code of an app being set up, or a
 * check before a sensitive action. The field is the browser's one-time-code field, focused, and
 * empties after a refusal so the next code is typed afresh.
 */
export const CodeForm = ({ onCode, submitLabel, digitsOnly = false, actions, testId }: CodeFormProps) => {
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
    setPending(true);
    setError(undefined);
    try {
      await onCode(code.trim());
    } catch (refusal) {
      const field = fieldMessages('second_factor', refusal).code;
      setError(field ? translate(field.key, field.args) : errorText(refusal));
      setCode('');
    } finally {
      setPending(false);
    }
  };
  return (
    <Stack component="form" spacing={2} onSubmit={(event) => void submit(event)} noValidate data-testid={testId}>
      <TextField name="code" label={translate('second_factor.code')} value={code} autoFocus fullWidth
        onChange={(event) => setCode(event.target.value)} error={Boolean(error)}
        helperText={error ?? translate(digitsOnly ? 'second_factor.enrol_code_help' : 'second_factor.code_help')}
        slotProps={{ htmlInput: { autoComplete: 'one-time-code', inputMode: digitsOnly ? 'numeric' : 'text', maxLength: 20,
          spellCheck: false, autoCapitalize: 'none', sx: { fontFamily: 'monospace', letterSpacing: '0.1em' } } }} />
      <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1} sx={{ justifyContent: 'flex-end' }}>
        {actions}
        <Button type="submit" variant="contained" disabled={pending}>
          {translate(pending ? 'second_factor.verifying' : submitLabel)}
        </Button>
      </Stack>
    </Stack>
  );
};
