import { Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import type { Dayjs } from 'dayjs';
import { useState, type FormEvent } from 'react';
import { useTranslate, type Identifier } from 'react-admin';
import { DateTimePickerField } from '../../common/DateInputs';
import type { SelectionMatching } from '../../common/listSelection';
import { useBatchCompletionDate, type BatchErrors } from './useBatchCompletionDate';

/** What is wrong with the picked date-time, as a message key: nothing picked, or what the picker refuses (half typed, out of range). */
function dateProblem(value: Dayjs | null, refused: boolean): string | undefined {
  if (!value) return 'batch_modification.validation.no_date';
  if (!value.isValid() || refused) return 'batch_modification.validation.invalid_date';
  return undefined;
}

function clientErrors(ids: Identifier[], value: Dayjs | null, refused: boolean): BatchErrors {
  const errors: BatchErrors = {};
  if (ids.length === 0) errors.ids = { key: 'batch_modification.validation.no_selection' };
  const date = dateProblem(value, refused);
  if (date) errors.completionDate = { key: date };
  return errors;
}

interface Props {
  ids: Identifier[];
  /** The selection is "all N matching" the search: the server checks it still is. */
  matching?: SelectionMatching;
  onClose: () => void;
  onUpdated: () => void;
}

/**
 * The date-time picker that sets the completion date of the selected orders in one call. The
 * picked local time is sent as an instant; the dialog stays open on a failure so the user can retry.
 */
export const CompletionDateDialog = ({ ids, matching, onClose, onUpdated }: Props) => {
  const translate = useTranslate();
  const update = useBatchCompletionDate();
  const [value, setValue] = useState<Dayjs | null>(null);
  const [refused, setRefused] = useState(false);
  const [errors, setErrors] = useState<BatchErrors>({});
  const [saving, setSaving] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = clientErrors(ids, value, refused);
    setErrors(problems);
    if (Object.keys(problems).length > 0 || !value) return;
    setSaving(true);
    const outcome = await update(ids, value.toDate(), matching);
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
          {errors.ids && (
            <Alert severity="error" sx={{ mb: 2 }} data-testid="batch-refusal">{translate(errors.ids.key, errors.ids.args)}</Alert>
          )}
          <DateTimePickerField name="completionDate" autoFocus testId="completion-date-input"
            label={translate('batch_modification.dialog.completion_date')} value={value}
            onChange={(picked) => { setValue(picked); setErrors({}); }} onError={setRefused}
            error={Boolean(errors.completionDate)}
            helperText={errors.completionDate ? translate(errors.completionDate.key, errors.completionDate.args) : ' '} />
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
