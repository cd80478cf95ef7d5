import CheckBoxOutlinedIcon from '@mui/icons-material/CheckBoxOutlined';
import { Box, Button, Checkbox, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { SimpleList, SimpleListClasses, useListContext, useTranslate, type RaRecord, type SimpleListProps } from 'react-admin';

/**
 * A record's lines on a phone (react-admin's SimpleList texts). A `tertiaryText` function (a chip,
 * a date) is shown at the right of the first line.
 */
export type PhoneLines<R extends RaRecord> = Pick<SimpleListProps<R>, 'primaryText' | 'secondaryText' | 'tertiaryText'>;

const PHONE_LIST_SX = { [`& .${SimpleListClasses.tertiary}`]: { opacity: 1, ml: 1 } };

/**
 * The bulk actions' bar above the records, its buttons wrapping onto a second line, where on a
 * wider screen it lies over the table's header (`&&`: over react-admin's own rules).
 */
const PHONE_BULK_SX = {
  '&& .RaBulkActionsToolbar-toolbar': { position: 'static', transform: 'none', height: 'auto', flexWrap: 'wrap', py: 0.5 },
  '&& .RaBulkActionsToolbar-collapsed': { display: 'none' },
} as const;

/** Ticked or not; the row around it is what a tap or a key toggles. */
const Tick = ({ checked }: { checked: boolean }) => (
  <Checkbox checked={checked} edge="start" slotProps={{ input: { readOnly: true, tabIndex: -1 } }} />
);

/**
 * A list's records on a phone, one a row. Where the list has bulk actions, "Select" turns the rows
 * into ticks: a tap ticks a record instead of opening it, and the bulk actions' bar acts on the
 * ticked ones as on a wider screen. "Done" leaves, unticking them.
 */
export function PhoneList<R extends RaRecord>({ lines, rowClick, bulkActions }:
  { lines: PhoneLines<R>; rowClick: SimpleListProps<R>['rowClick']; bulkActions?: ReactNode }) {
  const { selectedIds, onToggleItem, onUnselectItems } = useListContext<R>();
  const [selecting, setSelecting] = useState(false);
  const translate = useTranslate();
  if (!bulkActions) return <SimpleList<R> rowClick={rowClick} {...lines} sx={PHONE_LIST_SX} />;

  // A selection made on a wider screen (a phone turned upright) is shown too.
  const on = selecting || selectedIds.length > 0;
  const ticked = (record: R) => selectedIds.includes(record.id);
  const toggleMode = () => {
    if (on) onUnselectItems();
    setSelecting(!on);
  };
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, minHeight: 48 }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
          {on && selectedIds.length === 0 ? translate('common.selection.hint') : null}
        </Typography>
        <Button size="small" startIcon={<CheckBoxOutlinedIcon />} onClick={toggleMode} aria-pressed={on} data-testid="phone-select">
          {translate(on ? 'common.selection.done' : 'common.selection.start')}
        </Button>
      </Box>
      {on && <Box sx={PHONE_BULK_SX}>{bulkActions}</Box>}
      <SimpleList<R> {...lines} sx={PHONE_LIST_SX}
        rowClick={on ? (id) => {
          onToggleItem(id);
          return false;
        } : rowClick}
        leftIcon={on ? (record) => <Tick checked={ticked(record)} /> : undefined}
        rowSx={on ? (record) => (ticked(record) ? { bgcolor: 'action.selected' } : {}) : undefined} />
    </>
  );
}
