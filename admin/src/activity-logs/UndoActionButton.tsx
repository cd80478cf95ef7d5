import UndoIcon from '@mui/icons-material/Undo';
import {
  Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocaleState, useRefresh, useTranslate } from 'react-admin';
import { useAuditLabels } from '../common/auditVocabulary';
import { formatDate } from '../common/dateFormat';
import { useErrorText } from '../common/useServerErrors';
import { UndoRefusal, useUndoFailureNotice } from '../common/UndoRefusal';
import { useToast } from '../layout/useToast';
import { useAppDataProvider } from '../providers/dataProvider';

/**
 * The confirmation of an undo: what the action was (its kind, how many records, who and when), as
 * the server tells it now, and why it cannot be undone when it cannot; Confirm undoes it.
 */
const UndoDialog = ({ actionId, onClose }: { actionId: string; onClose: () => void }) => {
  const translate = useTranslate();
  const labels = useAuditLabels();
  const [locale] = useLocaleState();
  const dataProvider = useAppDataProvider();
  const errorText = useErrorText();
  const onError = useUndoFailureNotice();
  const toast = useToast();
  const refresh = useRefresh();
  const [running, setRunning] = useState(false);
  const { data: summary, error } = useQuery({ queryKey: ['actions', actionId], queryFn: () => dataProvider.describeAction(actionId),
    gcTime: 0 });

  const confirm = async () => {
    setRunning(true);
    try {
      const { undone } = await dataProvider.undoAction(actionId);
      toast({ title: translate('undo.done', { count: undone }), variant: 'success' });
    } catch (failure) {
      onError(failure);
    }
    refresh();
    onClose();
  };

  return (
    <Dialog open onClose={running ? undefined : onClose} fullWidth maxWidth="sm" data-testid="undo-dialog"
      onClick={(event) => event.stopPropagation()}>
      <DialogTitle>{translate('undo.confirm_title')}</DialogTitle>
      <DialogContent>
        {!summary && !error && (
          <Typography sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
            <CircularProgress size={18} /> {translate('undo.checking')}
          </Typography>
        )}
        {error && <Alert severity="error">{errorText(error)}</Alert>}
        {summary && (
          <>
            <DialogContentText data-testid="undo-summary">
              {translate('undo.confirm_body', { action: labels.action(summary.action), count: summary.records })}
            </DialogContentText>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {translate('undo.by', { name: summary.userName ?? summary.username ?? '', at: formatDate(summary.at, locale, 'dateTime') })}
            </Typography>
            {summary.refusal && (
              <Alert severity="warning" sx={{ mt: 2 }} data-testid="undo-refusal">
                <UndoRefusal error={{ status: 409, body: summary.refusal }} />
              </Alert>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={running}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" startIcon={<UndoIcon />} onClick={() => void confirm()}
          disabled={running || !summary?.undoable} data-testid="undo-confirm">
          {translate('undo.action')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

/** "Undo this action" on an activity-log entry: the confirmation first (docs/undo.md). */
export const UndoActionButton = ({ actionId }: { actionId: string }) => {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" startIcon={<UndoIcon />} sx={{ mt: 1 }} data-testid="undo-action"
        onClick={(event) => { event.stopPropagation(); setOpen(true); }}>
        {translate('undo.this_action')}
      </Button>
      {open && <UndoDialog actionId={actionId} onClose={() => setOpen(false)} />}
    </>
  );
};
