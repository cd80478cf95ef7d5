import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import RestoreFromTrashIcon from '@mui/icons-material/RestoreFromTrash';
import { useState, type MouseEvent } from 'react';
import { Button, Confirm, useGetIdentity, useListContext, useRecordContext, useUnselect } from 'react-admin';
import type { TrashRecord } from './trashModel';
import { useTrashPurge, useTrashRestore } from './useTrashAction';

// A click on a button in a row is not a click on the row.
const stop = (event: MouseEvent) => event.stopPropagation();

export const RestoreButton = () => {
  const record = useRecordContext<TrashRecord>();
  const { run, pending } = useTrashRestore();
  if (!record) return null;
  return (
    <Button label="trash.actions.restore" disabled={pending} data-testid={`restore-${record.id}`}
      onClick={(event) => { stop(event); void run([record]); }}>
      <RestoreFromTrashIcon />
    </Button>
  );
};

/** Purge is for administrators only (the server refuses anyone else), after a confirmation. */
export const PurgeButton = () => {
  const record = useRecordContext<TrashRecord>();
  const { identity } = useGetIdentity();
  const { run, pending } = useTrashPurge();
  const [open, setOpen] = useState(false);
  if (!record || identity?.role !== 'admin') return null;
  return (
    <>
      <Button label="trash.actions.purge" color="error" disabled={pending} data-testid={`purge-${record.id}`}
        onClick={(event) => { stop(event); setOpen(true); }}>
        <DeleteForeverIcon />
      </Button>
      <Confirm isOpen={open} loading={pending} title="trash.purge.title" content="trash.purge.body"
        titleTranslateOptions={{ name: record.name ?? record.id }}
        contentTranslateOptions={{ name: record.name ?? record.id }} confirm="trash.actions.purge" confirmColor="warning"
        ConfirmIcon={DeleteForeverIcon}
        onConfirm={async () => { await run([record]); setOpen(false); }} onClose={() => setOpen(false)} />
    </>
  );
};

/** Restores every selected record; the ones that cannot come back stay selected and are named. */
export const BulkRestoreButton = () => {
  const { selectedIds, data = [], resource } = useListContext<TrashRecord>();
  const unselect = useUnselect(resource);
  const { run, pending } = useTrashRestore();
  const restore = async () => {
    const records = selectedIds.map((id) => data.find((row) => row.id === id) ?? { id: String(id), name: null });
    unselect((await run(records)).map((record) => record.id));
  };
  return (
    <Button label="trash.actions.restore" disabled={pending} onClick={() => void restore()} data-testid="bulk-restore">
      <RestoreFromTrashIcon />
    </Button>
  );
};
