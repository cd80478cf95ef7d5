import { Box, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import {
  Button, DeleteButton, EditBase, Form, SaveButton, useNotify, useTranslate,
} from 'react-admin';
import { useErrorNotice, useServerErrors } from '../common/useServerErrors';
import { KEEP_UNSAVED_EDITS, LiveRecordNotice } from '../live/LiveRecordNotice';
import { reloadCatalogs } from '../providers/i18nProvider';
import { TranslationTextInputs, validatePlaceholders } from './TranslationInputs';
import { messageId, type TranslationRecord } from './translationModel';

interface Props {
  entry: TranslationRecord | null;
  onClose: () => void;
}

/**
 * Edits one entry's texts in place on the list. The save is pessimistic (a stale version shows
 * at once); afterwards the catalogs are reloaded, so the running screens show the new text.
 */
export const TranslationEditDialog = ({ entry, onClose }: Props) => {
  const translate = useTranslate();
  const notify = useNotify();
  const onError = useServerErrors('translations');
  const onDeleteError = useErrorNotice();
  const done = (notice: string) => async () => {
    await reloadCatalogs();
    notify(notice, { type: 'success', messageArgs: { id: entry && messageId(entry) } });
    onClose();
  };

  return (
    <Dialog open={Boolean(entry)} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="translation-edit-title"
      data-testid="translation-edit">
      {entry && (
        <EditBase resource="translations" id={entry.id} mutationMode="pessimistic" redirect={false}
          mutationOptions={{ onSuccess: done('translations.notifications.saved'), onError }}>
          <Form validate={validatePlaceholders} resetOptions={KEEP_UNSAVED_EDITS}>
            <DialogTitle id="translation-edit-title">
              {translate('translations.edit_title', { id: messageId(entry) })}
            </DialogTitle>
            <DialogContent>
              <LiveRecordNotice />
              {entry.description && (
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>{entry.description}</Typography>
              )}
              <TranslationTextInputs />
            </DialogContent>
            <DialogActions sx={{ px: 3, pb: 2 }}>
              <DeleteButton mutationMode="pessimistic" redirect={false}
                confirmTitle={translate('translations.delete_confirm.title', { id: messageId(entry) })}
                confirmContent="translations.delete_confirm.body"
                mutationOptions={{ onSuccess: done('translations.notifications.deleted'), onError: onDeleteError }} />
              <Box sx={{ flex: 1 }} />
              <Button label="ra.action.cancel" onClick={onClose} />
              <SaveButton />
            </DialogActions>
          </Form>
        </EditBase>
      )}
    </Dialog>
  );
};
