import BookmarkAddIcon from '@mui/icons-material/BookmarkAdd';
import BookmarksIcon from '@mui/icons-material/Bookmarks';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  Button, Dialog, DialogActions, DialogContent, DialogTitle, Divider, IconButton, ListItemIcon, ListItemText, Menu,
  MenuItem, TextField, Tooltip,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Confirm, useListContext, useNotify, useTranslate } from 'react-admin';
import { useErrorNotice } from '../common/useServerErrors';
import { useAppDataProvider, type SavedFilter } from '../providers/dataProvider';
import { queryKeys } from '../providers/queryKeys';

const RESOURCE = 'orders';
const savedFiltersKey = queryKeys.savedFilters(RESOURCE);

function useSavedFilters() {
  const dataProvider = useAppDataProvider();
  return useQuery({ queryKey: savedFiltersKey, queryFn: () => dataProvider.savedFilters(RESOURCE) });
}

/** The dialog naming the current filters as a new preset. */
const SaveDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const notice = useErrorNotice();
  const queryClient = useQueryClient();
  const dataProvider = useAppDataProvider();
  const { filterValues } = useListContext();
  const [name, setName] = useState('');
  const save = useMutation({
    mutationFn: () => dataProvider.saveFilter({ resource: RESOURCE, name: name.trim(), filter: filterValues }),
    onSuccess: () => {
      notify('orders.saved_filters.saved', { type: 'success', messageArgs: { name: name.trim() } });
      queryClient.invalidateQueries({ queryKey: savedFiltersKey });
      setName('');
      onClose();
    },
    onError: notice,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) save.mutate();
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <form onSubmit={submit}>
        <DialogTitle>{translate('orders.saved_filters.save_title')}</DialogTitle>
        <DialogContent>
          <TextField autoFocus fullWidth margin="dense" label={translate('orders.saved_filters.name')} value={name}
            onChange={(event) => setName(event.target.value)} slotProps={{ htmlInput: { maxLength: 60, name: 'presetName' } }} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={!name.trim() || save.isPending}>
            {translate('ra.action.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};

/**
 * Named filter presets per user, kept by the server: apply one, save the current filters under a
 * name, delete one (after a confirmation).
 */
export const SavedFilters = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const dataProvider = useAppDataProvider();
  const { filterValues, setFilters } = useListContext();
  const { data: presets = [] } = useSavedFilters();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState<SavedFilter | null>(null);
  const remove = useMutation({
    mutationFn: (preset: SavedFilter) => dataProvider.deleteSavedFilter(preset.id),
    onSuccess: (_answer, preset) => {
      notify('orders.saved_filters.deleted', { type: 'info', messageArgs: { name: preset.name } });
      queryClient.invalidateQueries({ queryKey: savedFiltersKey });
    },
    onSettled: () => setDeleting(null),
  });
  const apply = (preset: SavedFilter) => {
    // Every filter of the preset is shown, the ones behind "Add filter" too.
    setFilters(preset.filter, Object.fromEntries(Object.keys(preset.filter).map((key) => [key, true])), false);
    setAnchor(null);
  };
  return (
    <>
      <Button size="small" startIcon={<BookmarksIcon />} onClick={(event) => setAnchor(event.currentTarget)}
        data-testid="saved-filters">
        {translate('orders.saved_filters.button')}
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {presets.length === 0 && <MenuItem disabled>{translate('orders.saved_filters.none')}</MenuItem>}
        {presets.map((preset) => (
          <MenuItem key={preset.id} onClick={() => apply(preset)} data-testid="saved-filter">
            <ListItemText>{preset.name}</ListItemText>
            <Tooltip title={translate('ra.action.delete')}>
              <IconButton size="small" edge="end" sx={{ ml: 2 }} aria-label={translate('ra.action.delete')}
                onClick={(event) => { event.stopPropagation(); setAnchor(null); setDeleting(preset); }}>
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </MenuItem>
        ))}
        <Divider />
        <MenuItem disabled={Object.keys(filterValues).length === 0}
          onClick={() => { setAnchor(null); setSaving(true); }}>
          <ListItemIcon><BookmarkAddIcon fontSize="small" /></ListItemIcon>
          <ListItemText>{translate('orders.saved_filters.save_current')}</ListItemText>
        </MenuItem>
      </Menu>
      <SaveDialog open={saving} onClose={() => setSaving(false)} />
      <Confirm isOpen={deleting !== null} loading={remove.isPending} title="orders.saved_filters.delete_title"
        content="orders.saved_filters.delete_confirm" translateOptions={{ name: deleting?.name ?? '' }}
        onConfirm={() => deleting && remove.mutate(deleting)} onClose={() => setDeleting(null)} />
    </>
  );
};
