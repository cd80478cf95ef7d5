import {
  Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField,
} from '@mui/material';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslate, type Identifier } from 'react-admin';
import { useBatchCompletionDate, type BatchErrors } from './useBatchCompletionDate';

/**
 * What is wrong with the picked date-time, as a message key. The native picker's value stays
 * empty while it is only partly filled in, so its validity tells "invalid" from "missing".
 */
function dateProblem(input: HTMLInputElement | null): string | undefined {
  if (!input) return 'batch_modification.validation.no_date';
  const { badInput, rangeOverflow, rangeUnderflow } = input.validity;
  if (badInput || rangeOverflow || rangeUnderflow) return 'batch_modification.validation.invalid_date';
  if (!input.value) return 'batch_modification.validation.no_date';
  if (Number.isNaN(new Date(input.value).getTime())) return 'batch_modification.validation.invalid_date';
  return undefined;
}

function clientErrors(ids: Identifier[], input: HTMLInputElement | null): BatchErrors {
  const errors: BatchErrors = {};
  if (ids.length === 0) errors.ids = 'batch_modification.validation.no_selection';
  const date = dateProblem(input);
  if (date) errors.completionDate = date;
  return errors;
}

interface Props {
  ids: Identifier[];
  onClose: () => void;
  onUpdated: () => void;
}

/**
 * The date-time picker that sets the completion date of the selected orders in one call. The
 * picked local time is sent as an instant; the dialog stays open on a failure so the user can retry.
 */
export const CompletionDateDialog = ({ ids, onClose, onUpdated }: Props) => {
  const translate = useTranslate();
  const update = useBatchCompletionDate();
  const input = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState('');
  const [errors, setErrors] = useState<BatchErrors>({});
  const [saving, setSaving] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = clientErrors(ids, input.current);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setSaving(true);
    const outcome = await update(ids, new Date(value));
    setSaving(false);
    if (outcome.status === 'updated') onUpdated();
    if (outcome.status === 'invalid') setErrors(outcome.errors);
  };

  return (
    <Dialog open onClose={saving ? undefined : onClose} fullWidth maxWidth="xs"
      aria-labelledby="batch-dialog-title" data-testid="batch-dialog">
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle id="batch-dialog-title">{translate('batch_modification.dialog.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2.5 }}>
            {translate('batch_modification.dialog.text', { smart_count: ids.length })}
          </DialogContentText>
          {errors.ids && <Alert severity="error" sx={{ mb: 2 }}>{translate(errors.ids)}</Alert>}
          <TextField type="datetime-local" name="completionDate" inputRef={input} autoFocus fullWidth required
            label={translate('batch_modification.dialog.completion_date')} value={value}
            onChange={(event) => { setValue(event.target.value); setErrors({}); }}
            error={Boolean(errors.completionDate)}
            helperText={errors.completionDate ? translate(errors.completionDate) : ' '}
            slotProps={{ inputLabel: { shrink: true },
              htmlInput: { min: '1900-01-01T00:00', max: '9999-12-31T23:59', 'data-testid': 'completion-date-input' } }} />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={saving}>{translate('ra.action.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={saving} data-testid="batch-confirm"
            startIcon={saving ? <CircularProgress size={16} color="inherit" /> : undefined}>
            {translate('batch_modification.dialog.confirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
