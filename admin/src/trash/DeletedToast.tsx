import CloseIcon from '@mui/icons-material/Close';
import RestoreFromTrashIcon from '@mui/icons-material/RestoreFromTrash';
import { Alert, Button, IconButton } from '@mui/material';
import { forwardRef, useCallback } from 'react';
import {
  useCanAccess, useCloseNotification, useNotify, useRefresh, useTranslate, type Identifier,
} from 'react-admin';
import { useErrorNotice } from '../common/useServerErrors';
import { useToast } from '../layout/useToast';
import { useAppDataProvider } from '../providers/dataProvider';
import { recordType } from './trashModel';

interface DeletedToastProps {
  resource: string;
  ids: Identifier[];
}

/**
 * Says where deleted records went (the seed's confirmation says "cannot be undone", the trash
 * says otherwise); to those who may open the trash it offers Restore, one request for them all.
 */
const DeletedToast = forwardRef<HTMLDivElement, DeletedToastProps>(({ resource, ids }, ref) => {
  const close = useCloseNotification();
  const translate = useTranslate();
  const toast = useToast();
  const refresh = useRefresh();
  const onError = useErrorNotice();
  const dataProvider = useAppDataProvider();
  const { canAccess } = useCanAccess({ resource: 'trash', action: 'access' });
  const one = ids.length === 1;
  const restore = async () => {
    close();
    try {
      await dataProvider.restoreManyFromTrash(recordType(resource), ids);
      refresh();
      toast({ title: translate(one ? 'trash.deleted.restored' : 'trash.notifications.restored_many', { count: ids.length }),
        variant: 'success' });
    } catch (error) {
      onError(error);
    }
  };
  return (
    <Alert ref={ref} id="app-toast" tabIndex={-1} variant="filled" severity="info" onClose={close} data-testid="toast"
      // An `action` replaces the Alert's own close button, so it brings its own.
      action={canAccess && (
        <>
          <Button color="inherit" size="small" startIcon={<RestoreFromTrashIcon />} onClick={() => void restore()}
            data-testid="toast-restore">
            {translate('trash.actions.restore')}
          </Button>
          <IconButton onClick={close} color="inherit" size="small" aria-label={translate('ra.action.close')}>
            <CloseIcon fontSize="small" />
          </IconButton>
        </>
      )}
      sx={{ minWidth: 300, maxWidth: 480, boxShadow: 6 }}>
      {translate(one ? 'trash.deleted.moved' : 'trash.deleted.moved_many', { count: ids.length })}
    </Alert>
  );
});

/** Shows the toast after a delete; it stays 10 seconds, long enough to reach its Restore. */
export function useDeletedToast() {
  const notify = useNotify();
  return useCallback((resource: string, ids: Identifier[]) => {
    notify(<DeletedToast resource={resource} ids={ids} />, { type: 'info', autoHideDuration: 10_000 });
  }, [notify]);
}
