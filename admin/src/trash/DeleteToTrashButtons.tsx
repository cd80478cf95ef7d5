import DeleteIcon from '@mui/icons-material/Delete';
import { isValidElement, useState, type MouseEvent } from 'react';
import {
  Button, Confirm, useDeleteMany, useGetRecordRepresentation, useListContext, useRecordContext, useRedirect,
  useResourceContext, useTranslate, type Identifier,
} from 'react-admin';
import { useErrorNotice } from '../common/useServerErrors';
import { useAppDataProvider } from '../providers/dataProvider';
import { useDeletedToast } from './DeletedToast';

/**
 * What a delete and its undo change beyond the records on screen, brought up to date after each:
 * a translation's, the texts of every screen (reloadCatalogs).
 */
type AlsoChanged = () => unknown;

/**
 * Deletes `ids` after the module's own confirmation (the seed's words), waiting for the server's
 * answer, then says they went to the trash with an Undo (DeletedToast) instead of react-admin's
 * "deleted". Its requests share one action id, the one the Undo names.
 */
const DeleteConfirmButton = ({ ids, title, titleOptions, content, onDeleted, alsoChanged }: {
  ids: Identifier[]; title: string; titleOptions: Record<string, unknown>; content: string; onDeleted: () => void;
  alsoChanged?: AlsoChanged;
}) => {
  const resource = useResourceContext() ?? '';
  const [open, setOpen] = useState(false);
  const [deleteMany, { isPending }] = useDeleteMany();
  const [asking, setAsking] = useState(false);
  const dataProvider = useAppDataProvider();
  const deletedToast = useDeletedToast();
  const onError = useErrorNotice();
  const stop = (event: MouseEvent) => event.stopPropagation();
  const confirm = async () => {
    // One action id from the server for all the deletes, the one the toast's Undo names.
    setAsking(true);
    const actionId = await dataProvider.newAction().catch((error: unknown) => { onError(error); setOpen(false); });
    setAsking(false);
    if (!actionId) return;
    return deleteMany(resource, { ids, meta: { actionId } }, {
      mutationMode: 'pessimistic',
      onSuccess: async () => {
        await alsoChanged?.();
        deletedToast(ids, actionId, alsoChanged);
        onDeleted();
      },
      onError,
      onSettled: () => setOpen(false),
    });
  };
  const options = { smart_count: ids.length, ...titleOptions };
  return (
    <>
      <Button label="ra.action.delete" color="error" onClick={(event) => { stop(event); setOpen(true); }}>
        <DeleteIcon />
      </Button>
      <Confirm isOpen={open} loading={asking || isPending} title={title} content={content}
        titleTranslateOptions={options} contentTranslateOptions={options}
        onConfirm={confirm} onClose={(event: MouseEvent) => { stop(event); setOpen(false); }} />
    </>
  );
};

/** On an edit page: deletes its record, then back to the list. */
export const DeleteRecordButton = ({ confirmContent = 'ra.message.delete_content' }: { confirmContent?: string }) => {
  const record = useRecordContext();
  const resource = useResourceContext() ?? '';
  const represent = useGetRecordRepresentation(resource);
  const redirect = useRedirect();
  const translate = useTranslate();
  if (record?.id == null) return null;
  const representation = represent(record);
  const titleOptions = {
    name: translate(`resources.${resource}.name`, { smart_count: 1 }),
    // The title is text: a representation drawn as an element is named by its id.
    recordRepresentation: isValidElement(representation) ? `#${record.id}` : representation,
  };
  return (
    <DeleteConfirmButton ids={[record.id]} title="ra.message.delete_title" titleOptions={titleOptions}
      content={confirmContent} onDeleted={() => redirect('list', resource)} />
  );
};

/** A list's bulk action: deletes the selected rows. */
export const BulkDeleteRecordsButton = ({ confirmContent = 'ra.message.bulk_delete_content', alsoChanged }: {
  confirmContent?: string; alsoChanged?: AlsoChanged;
}) => {
  const { selectedIds, onUnselectItems } = useListContext();
  const resource = useResourceContext() ?? '';
  const translate = useTranslate();
  const name = translate(`resources.${resource}.name`, { smart_count: selectedIds.length });
  return (
    <DeleteConfirmButton ids={selectedIds} title="ra.message.bulk_delete_title" titleOptions={{ name }}
      content={confirmContent} onDeleted={() => onUnselectItems()} alsoChanged={alsoChanged} />
  );
};
