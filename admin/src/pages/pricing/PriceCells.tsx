import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import EditIcon from '@mui/icons-material/Edit';
import { Box, CircularProgress, IconButton, TextField, Tooltip, Typography, type SxProps, type Theme } from '@mui/material';
import type { KeyboardEvent } from 'react';
import { useListContext, useTranslate } from 'react-admin';
import { moneyText } from '../../common/moneyText';
import { priceTotals, type PriceTotal } from '@kernel/pricing/priceTotals';
import { editingIdOf, isDirty, typedOf, useEditorState, usePriceEditor } from './PriceEditor';
import { usePriceGrid } from './PriceGrid';
import { markKey } from './pastePrices';
import type { PriceInput } from '@kernel/pricing/priceFields';
import type { PricingRecord } from '@kernel/pricing/pricingRecords';

const money: SxProps<Theme> = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' };

/** An amount the database computed (an MTM price, the margin); a negative margin in the error colour, none as "—". */
export const ComputedMoney = ({ value, strong }: { value: string | null | undefined; strong?: boolean }) => (
  <Typography variant="body2" component="span" data-value={value ?? ''}
    sx={{ ...money, fontWeight: strong ? 600 : 400, color: value?.startsWith('-') ? 'error.main' : undefined }}>
    {moneyText(value)}
  </Typography>
);

/** An MTM price or the margin of the order being typed, as the prices typed so far make it. */
const TypedTotal = ({ record, field }: { record: PricingRecord; field: PriceTotal }) => {
  const value = useEditorState((state) => priceTotals({ ...record, ...typedOf(state) })[field]);
  return <ComputedMoney value={value} strong />;
};

/**
 * An MTM price or the margin, following the prices as they are typed while the order is edited
 * (over the order as it is now, as a save would write only what was typed). Only the edited
 * order's totals read what is typed: a key redraws them and no other row.
 */
export const TotalCell = ({ record, field }: { record: PricingRecord; field: PriceTotal }) => {
  const editing = useEditorState((state) => editingIdOf(state) === record.id);
  if (editing) return <TypedTotal record={record} field={field} />;
  return <ComputedMoney value={priceTotals(record)[field]} strong />;
};

/** A price a paste could not save: the price as it is, then what was pasted and why it was refused. */
const RefusedPrice = ({ value, text, reason }: { value: string | null; text: string; reason: string }) => (
  <Box sx={{ outline: 2, outlineColor: 'error.main', outlineOffset: 1, borderRadius: 0.5, px: 0.25 }}>
    <ComputedMoney value={value} />
    <Typography variant="caption" component="div" color="error" data-testid="cell-refusal"
      sx={{ whiteSpace: 'normal', maxWidth: 120, lineHeight: 1.2, textAlign: 'left' }}>
      “{text}” {reason}
    </Typography>
  </Box>
);

/** A price as saved, or as a paste could not save it. */
const SavedPrice = ({ record, field }: { record: PricingRecord; field: PriceInput }) => {
  const translate = useTranslate();
  const mark = usePriceGrid()?.marks[markKey(record.id, field)];
  if (mark) return <RefusedPrice value={record[field]} text={mark.text} reason={translate(mark.message.key, mark.message.args)} />;
  return <ComputedMoney value={record[field]} />;
};

type PriceCellProps = { record: PricingRecord; field: PriceInput; fullWidth?: boolean; autoFocus?: boolean };

/** The input of a price being typed, where Enter saves and Escape cancels (in the grid, its keys: PriceGrid.tsx). */
const PriceInputField = ({ record, field, fullWidth, autoFocus }: PriceCellProps) => {
  const translate = useTranslate();
  const editor = usePriceEditor();
  const grid = usePriceGrid();
  const value = useEditorState((state) => state.draft[field]);
  const error = useEditorState((state) => state.errors[field]);
  const saving = useEditorState((state) => state.saving);
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (grid) {
      grid.onEditKeyDown(event, record, field);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      void editor.save();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      editor.cancel();
    }
  };
  return (
    // In the grid the input keeps the focus while its order saves, so that no keystroke falls outside it.
    <TextField size="small" value={value} autoFocus={grid ? false : autoFocus}
      disabled={saving && !grid} slotProps={{ formHelperText: { sx: { whiteSpace: 'normal', mx: 0, minWidth: 150, maxWidth: 200 } },
        htmlInput: { readOnly: saving, inputMode: 'decimal', name: field,
        'data-testid': `price-${field}`, tabIndex: grid ? -1 : undefined,
        'aria-label': translate(`resources.orders.fields.${field}`),
        style: { textAlign: 'right', fontVariantNumeric: 'tabular-nums', fontSize: '0.875rem', paddingLeft: 6, paddingRight: 6 } } }}
      onChange={(event) => editor.change(field, event.target.value)} onKeyDown={onKeyDown}
      placeholder="0.00" error={Boolean(error)} helperText={error ? translate(error.key, error.args) : undefined}
      sx={{ width: fullWidth ? '100%' : 80 }} />
  );
};

/**
 * One typed price: its text, or while its order is being edited an input. The phone cards
 * stretch it over their grid cell. Each cell reads only whether its own order is edited, so a key
 * typed redraws the one input it goes into.
 */
export const PriceCell = (props: PriceCellProps) => {
  const editing = useEditorState((state) => editingIdOf(state) === props.record.id);
  return editing ? <PriceInputField {...props} /> : <SavedPrice record={props.record} field={props.field} />;
};

/**
 * Opens the order's prices. In the grid it is for the mouse: the keyboard has the grid's keys and
 * its one tab stop.
 */
const EditButton = ({ record }: { record: PricingRecord }) => {
  const translate = useTranslate();
  const editor = usePriceEditor();
  const dirty = useEditorState(isDirty);
  const saving = useEditorState((state) => state.saving);
  const closed = useEditorState((state) => state.closedId === record.id);
  const grid = usePriceGrid();
  const inGrid = Boolean(grid);
  // The grid opens the order at its first price, with the focus in it.
  const start = () => (grid ? grid.edit(record.id, grid.columns.findIndex(Boolean)) : editor.start(record));
  const { isFetching } = useListContext();
  return (
    <Tooltip title={translate(dirty ? 'pricing.action.finish_first' : 'pricing.action.edit')}>
      <span>
        <IconButton size="small" color="primary" onClick={start}
          disabled={saving || dirty || isFetching} autoFocus={!inGrid && closed} tabIndex={inGrid ? -1 : undefined}
          aria-label={translate('pricing.action.edit')} data-testid="edit-prices">
          <EditIcon fontSize="small" />
        </IconButton>
      </span>
    </Tooltip>
  );
};

/** The edited order's save and cancel. */
const SaveOrCancel = () => {
  const translate = useTranslate();
  const editor = usePriceEditor();
  const saving = useEditorState((state) => state.saving);
  const tabIndex = usePriceGrid() ? -1 : undefined;
  return (
    <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center' }}>
      <Tooltip title={translate('pricing.action.save')}>
        <span>
          <IconButton size="small" color="primary" onClick={() => editor.save()} disabled={saving} tabIndex={tabIndex}
            aria-label={translate('pricing.action.save')} data-testid="save-prices">
            {saving ? <CircularProgress size={18} /> : <CheckIcon fontSize="small" />}
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title={translate('pricing.action.cancel')}>
        <span>
          <IconButton size="small" onClick={editor.cancel} disabled={saving} tabIndex={tabIndex}
            aria-label={translate('pricing.action.cancel')} data-testid="cancel-prices">
            <CloseIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
    </Box>
  );
};

/**
 * Edit, or save and cancel while editing; only one order is edited at a time, and another one
 * cannot be opened while typed prices are unsaved, nor while the list is loading: rows on screen
 * then are the previous filter's, and the page under way, read before the save, would replace
 * what the save answered.
 */
export const RowActions = ({ record }: { record: PricingRecord }) => {
  const editing = useEditorState((state) => editingIdOf(state) === record.id);
  return editing ? <SaveOrCancel /> : <EditButton record={record} />;
};
