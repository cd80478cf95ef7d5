import EditNoteIcon from '@mui/icons-material/EditNote';
import {
  Alert, AlertTitle, Box, Button as MuiButton, Checkbox, CircularProgress, Dialog, DialogActions, DialogContent,
  DialogContentText, DialogTitle, Typography, useMediaQuery, type Theme,
} from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import {
  Form, maxLength, required, TextInput, useListContext, useRefresh, useTranslate, type Identifier, type Validator,
} from 'react-admin';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import { BULK_EDIT_FIELDS, type BulkEditChanges, type BulkEditField } from '@kernel/orders/bulkEdit';
import { isBeforePickup } from '@kernel/orders/dateOrder';
import { DatePickerInput } from '../common/DateInputs';
import { useSelectionMatching } from '../common/listSelection';
import { useErrorText } from '../common/useServerErrors';
import { answerOf, fieldMessage, type FieldError } from '../providers/errorMessages';
import { isPermissionError } from '../providers/permissionNotice';
import { useAppDataProvider } from '../providers/dataProvider';
import { BulkActionButton } from './BulkActionButton';
import { useNotifyUndoable } from '../common/useUndoableNotify';
import { OrderReferenceInput } from './OrderReferences';
import { REFERENCES, type OrderReference } from './orderModel';

/** The dialog's values: the new value of each field, and which fields are ticked to change. */
type BulkEditValues = BulkEditChanges & { edit?: Partial<Record<BulkEditField, boolean>> };

const tickedFields = (values: BulkEditValues) => BULK_EDIT_FIELDS.filter((field) => values.edit?.[field] === true);

/** The changes the ticked fields make; an emptied optional field clears it. */
const changesOf = (values: BulkEditValues): BulkEditChanges =>
  Object.fromEntries(tickedFields(values).map((field) => [field, values[field] === '' ? null : values[field] ?? null]));

// The order form's own rules (OrderInputs.tsx), for the ticked fields only (a date picker still
// validates when disabled).
const REQUIRED: Partial<Record<BulkEditField, string>> = {
  pickupWarehouseId: 'order_validation.warehouse_required',
  assignedUserId: 'order_validation.assigned_user_required',
  deliveryAreaId: 'order_validation.delivery_area_required',
  pickupDate: 'order_validation.pickup_date_required',
  mosDate: 'order_validation.mos_date_required',
};
const mosNotBeforePickup = (value: string | null, values: BulkEditValues) =>
  (values.edit?.mosDate && values.edit.pickupDate && isBeforePickup(value, values.pickupDate)
    ? { message: 'order_validation.mos_before_pickup', args: { min: values.pickupDate } } : undefined);
const whenTicked = (field: BulkEditField, rule: Validator): Validator => (value, values, props) =>
  ((values as BulkEditValues).edit?.[field] ? rule(value, values, props) : undefined);

const isReference = (field: BulkEditField): field is OrderReference => field in REFERENCES;

/** The order form's input of one field, enabled while the field is ticked. */
const FieldInput = ({ field, disabled }: { field: BulkEditField; disabled: boolean }) => {
  const needed = REQUIRED[field];
  const validate = needed ? [whenTicked(field, required(needed))] : [];
  if (isReference(field)) {
    return <OrderReferenceInput source={field} activeOnly disabled={disabled} validate={validate}
      helperText={!needed && !disabled ? 'bulk_edit.empty_clears' : false} />;
  }
  if (field === 'notes') {
    return <TextInput source="notes" disabled={disabled} validate={whenTicked('notes', maxLength(2000))} multiline minRows={2}
      helperText={disabled ? false : 'bulk_edit.empty_clears'} />;
  }
  return <DatePickerInput source={field} disabled={disabled}
    validate={field === 'mosDate' ? [...validate, mosNotBeforePickup] : validate} />;
};

/** One field of the dialog: its tick, then its input, which takes the focus when ticked. */
const FieldRow = ({ field }: { field: BulkEditField }) => {
  const translate = useTranslate();
  const { setFocus } = useFormContext();
  const { field: tick } = useController({ name: `edit.${field}`, defaultValue: false });
  const justTicked = useRef(false);
  useEffect(() => {
    if (!tick.value || !justTicked.current) return;
    justTicked.current = false;
    setFocus(field);
  }, [tick.value, field, setFocus]);
  const label = translate(`resources.orders.fields.${field}`);
  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5 }} data-testid={`bulk-edit-row-${field}`}>
      <Checkbox checked={tick.value === true} sx={{ mt: 1 }}
        onChange={(event) => { justTicked.current = event.target.checked; tick.onChange(event.target.checked); }}
        slotProps={{ input: { 'aria-label': translate('bulk_edit.change_field', { field: label }), name: `edit.${field}` } }} />
      <Box sx={{ flex: 1, minWidth: 0 }}><FieldInput field={field} disabled={tick.value !== true} /></Box>
    </Box>
  );
};

/**
 * The server's refusal in the person's language: its code's text (which orders), then each field's
 * reason. A bulk edit's reason has a text of its own per code; a bad input says the form's.
 */
const Refusal = ({ error }: { error: unknown }) => {
  const translate = useTranslate();
  const errorText = useErrorText();
  const fields = Object.entries((answerOf(error).body.fields ?? {}) as Record<string, FieldError>);
  const reason = (field: string, problem: FieldError) => {
    const own = `bulk_edit.refused.${problem.code}`;
    const { key, args } = fieldMessage('orders', field, problem);
    return translate(own, { _: translate(key, args), ...problem.params });
  };
  const fieldLabel = (field: string) => (field === 'ids' || field.startsWith('ids.') ? translate('bulk_edit.selection')
    : translate(`resources.orders.fields.${field.replace(/^changes\./, '')}`, { _: field }));
  return (
    <Alert severity="error" sx={{ mb: 2 }} data-testid="bulk-edit-refusal" role="alert">
      <AlertTitle sx={{ mb: 0 }}>{errorText(error)}</AlertTitle>
      {fields.length > 0 && (
        <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5 }}>
          {fields.map(([field, problem]) => (
            <li key={field} data-testid={`bulk-edit-refusal-${field.replace(/^changes\./, '')}`}>
              {translate('app.label_value', { label: fieldLabel(field), value: reason(field.replace(/^changes\./, ''), problem) })}
            </li>
          ))}
        </Box>
      )}
    </Alert>
  );
};

/** How many orders the ticked fields change, or that none is ticked yet; Save waits for a tick. */
const DialogFoot = ({ count, saving, onCancel }: { count: number; saving: boolean; onCancel: () => void }) => {
  const translate = useTranslate();
  const ticked = tickedFields(useWatch<BulkEditValues>() as BulkEditValues).length > 0;
  return (
    <DialogActions sx={{ px: 3, pb: 2, gap: 1, flexWrap: 'wrap' }}>
      <Typography variant="body2" color={ticked ? 'text.primary' : 'text.secondary'} sx={{ mr: 'auto' }}
        data-testid="bulk-edit-count" aria-live="polite">
        {ticked ? translate('bulk_edit.will_change', { smart_count: count }) : translate('bulk_edit.none_ticked')}
      </Typography>
      <MuiButton onClick={onCancel} disabled={saving}>{translate('ra.action.cancel')}</MuiButton>
      <MuiButton type="submit" variant="contained" disabled={saving || !ticked} data-testid="bulk-edit-save"
        startIcon={saving ? <CircularProgress size={16} color="inherit" /> : undefined}>
        {translate(saving ? 'bulk_edit.saving' : 'bulk_edit.save')}
      </MuiButton>
    </DialogActions>
  );
};

/** The form between the paper and its parts lays them out as the paper would: only the fields scroll, the foot stays in view. */
const FORM_IN_PAPER = { '& .MuiDialog-paper > form': { display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0 } };

const BulkEditDialog = ({ onClose }: { onClose: () => void }) => {
  const translate = useTranslate();
  const notifyUndoable = useNotifyUndoable();
  const refresh = useRefresh();
  const dataProvider = useAppDataProvider();
  const { selectedIds, onUnselectItems } = useListContext();
  // "All N matching" the filter, while the selection is a "Select all" untouched since: the server checks it still is.
  const matching = useSelectionMatching();
  // A phone, upright or on its side (where the list still shows its table): the dialog takes the screen.
  const phone = useMediaQuery((theme: Theme) => `${theme.breakpoints.down('sm')}, (max-height: 500px)`);
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<unknown>();
  // A stray click beside the dialog keeps what was ticked and typed: Cancel or Esc closes it.

  const save = async (values: BulkEditValues) => {
    const changes = changesOf(values);
    if (Object.keys(changes).length === 0) return;
    setSaving(true);
    setRefusal(undefined);
    try {
      const result = await dataProvider.bulkEditOrders(selectedIds as Identifier[], changes, matching);
      notifyUndoable('bulk_edit.toast.updated', { actionId: result.actionId, messageArgs: { smart_count: result.updated } });
      onUnselectItems();
      refresh();
      onClose();
    } catch (error) {
      // A refused permission has said so already (the global notice); anything else stays in the dialog, its values kept.
      if (!isPermissionError(error)) setRefusal(error);
      setSaving(false);
    }
  };

  return (
    <Dialog open onClose={(_event, reason) => { if (!saving && reason !== 'backdropClick') onClose(); }}
      fullWidth maxWidth="sm" fullScreen={phone} sx={FORM_IN_PAPER}
      aria-labelledby="bulk-edit-title" data-testid="bulk-edit-dialog">
      <Form<BulkEditValues> onSubmit={save as never} noValidate>
        <DialogTitle id="bulk-edit-title">{translate('bulk_edit.title', { smart_count: selectedIds.length })}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{translate('bulk_edit.intro')}</DialogContentText>
          {refusal !== undefined && <Refusal error={refusal} />}
          {BULK_EDIT_FIELDS.map((field) => <FieldRow key={field} field={field} />)}
        </DialogContent>
        <DialogFoot count={selectedIds.length} saving={saving} onCancel={onClose} />
      </Form>
    </Dialog>
  );
};

/** "Edit selected": the ticked fields set on every selected order in one request, all or nothing. */
export const BulkEditButton = () => (
  <BulkActionButton label="bulk_edit.action" icon={<EditNoteIcon />} testId="bulk-edit"
    dialog={(onClose) => <BulkEditDialog onClose={onClose} />} />
);
