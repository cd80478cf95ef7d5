import { Box, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import {
  Button, DeleteButton, EditBase, Form, SaveButton, useNotify, useTranslate,
} from 'react-admin';
import { useErrorNotice, useServerErrors } from '../common/useServerErrors';
import { KEEP_UNSAVED_EDITS, LiveRecordNotice } from '../live/LiveRecordNotice';
import { reloadCatalogs } from '../providers/i18nProvider';
import { TranslationTextInputs, validatePlaceholders } from './TranslationInputs';
import { messageId, type TranslationRecord } from './translationModel';
import { DeletedRecordNotice, useDeletedRecord } from '../live/DeletedRecordNotice';

interface Props {
  entry: TranslationRecord | null;
  onClose: () => void;
}

/**
 * One entry's form. An entry someone deletes while it is open, or deleted before it was opened
 * from a list not yet refreshed, gives way to who deleted it and when (DeletedRecordNotice).
 */
const TranslationEditor = ({ entry, onClose }: { entry: TranslationRecord; onClose: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const onError = useServerErrors('translations');
  const onDeleteError = useErrorNotice();
  const { deletion, queryOptions } = useDeletedRecord('translations', entry.id);
  const done = (notice: string) => async () => {
    await reloadCatalogs();
    notify(notice, { type: 'success', messageArgs: { id: messageId(entry) } });
    onClose();
  };
  const title = (
    <DialogTitle id="translation-edit-title">{translate('translations.edit_title', { id: messageId(entry) })}</DialogTitle>
  );

  if (deletion) {
    return (
      <>
        {title}
        <DialogContent><DeletedRecordNotice resource="translations" {...deletion} onClose={onClose} /></DialogContent>
      </>
    );
  }
  return (
    <EditBase resource="translations" id={entry.id} mutationMode="pessimistic" redirect={false} queryOptions={queryOptions}
      mutationOptions={{ onSuccess: done('translations.notifications.saved'), onError }}>
      <Form validate={validatePlaceholders} resetOptions={KEEP_UNSAVED_EDITS}>
        {title}
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
  );
};

/**
 * Edits one entry's texts in place on the list. The save is pessimistic (a stale version shows
 * at once); afterwards the catalogs are reloaded, so the running screens show the new text.
 */
export const TranslationEditDialog = ({ entry, onClose }: Props) => (
  <Dialog open={Boolean(entry)} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="translation-edit-title"
    data-testid="translation-edit">
    {entry && <TranslationEditor key={entry.id} entry={entry} onClose={onClose} />}
  </Dialog>
);
