import CloseIcon from '@mui/icons-material/Close';
import UndoIcon from '@mui/icons-material/Undo';
import { Alert, AlertTitle, Button, IconButton } from '@mui/material';
import { forwardRef, useCallback } from 'react';
import { useCloseNotification, useNotify, useRefresh, useTranslate } from 'react-admin';
import { useToast } from '../layout/useToast';
import { useAppDataProvider } from '../providers/dataProvider';
import { useUndoFailureNotice } from './UndoRefusal';

/** How long the toast offers its Undo (docs/undo.md). */
export const UNDO_TOAST_MS = 10_000;

export interface UndoableOptions {
  /** The action id the server answered (or the one the admin sent as X-Action-Id). */
  actionId: string;
  messageArgs?: Record<string, unknown>;
  /** A title above the message, as the app's other toasts have. */
  titleKey?: string;
  type?: 'success' | 'info' | 'warning';
  /** What the toast after a successful undo says (default undo.done with the count); its args get `count`. */
  undoneKey?: string;
  /** What an undo changes beyond the records on screen, brought up to date after it (a translation's: the catalogs). */
  onUndone?: () => unknown;
}

interface UndoableToastProps extends UndoableOptions {
  messageKey: string;
}

/** The toast of a change that can be undone: its message, an Undo button and a close button. */
const UndoableToast = forwardRef<HTMLDivElement, UndoableToastProps>(
  ({ messageKey, actionId, messageArgs, titleKey, type = 'success', undoneKey = 'undo.done', onUndone }, ref) => {
    const close = useCloseNotification();
    const translate = useTranslate();
    const toast = useToast();
    const refresh = useRefresh();
    const onError = useUndoFailureNotice();
    const dataProvider = useAppDataProvider();
    const undo = async () => {
      close();
      try {
        const { undone } = await dataProvider.undoAction(actionId);
        await onUndone?.();
        toast({ title: translate(undoneKey, { count: undone, smart_count: undone }), variant: 'success' });
      } catch (error) {
        // A refusal names the records changed since (errors.changed_since), or each record a rule
        // refuses with its reason (undo_refused), in the person's language.
        onError(error);
      }
      refresh();
    };
    return (
      <Alert ref={ref} id="app-toast" tabIndex={-1} variant="filled" severity={type} onClose={close} data-testid="toast"
        // An `action` replaces the Alert's own close button, so it brings its own.
        action={(
          <>
            <Button color="inherit" size="small" startIcon={<UndoIcon />} onClick={() => void undo()} data-testid="toast-undo">
              {translate('undo.action')}
            </Button>
            <IconButton onClick={close} color="inherit" size="small" aria-label={translate('ra.action.close')}>
              <CloseIcon fontSize="small" />
            </IconButton>
          </>
        )}
        sx={{ minWidth: 300, maxWidth: 520, boxShadow: 6 }}>
        {titleKey && <AlertTitle sx={{ mb: 0.5 }}>{translate(titleKey, messageArgs)}</AlertTitle>}
        {translate(messageKey, messageArgs)}
      </Alert>
    );
  });

/**
 * Shows a change's toast with an Undo button for 10 seconds (docs/undo.md): the bulk delete and
 * status move of the order list, a delete, the batch completion date, the import, and any other
 * action the server answers an `actionId` for. `notifyUndoable('trash.deleted.moved', { actionId })`.
 */
export function useNotifyUndoable() {
  const notify = useNotify();
  return useCallback((messageKey: string, options: UndoableOptions) => {
    notify(<UndoableToast messageKey={messageKey} {...options} />,
      { type: options.type ?? 'success', autoHideDuration: UNDO_TOAST_MS });
  }, [notify]);
}
