import type { ReactNode } from 'react';
import { SaveButton, SimpleForm, Toolbar, useRecordContext } from 'react-admin';
import { KEEP_UNSAVED_EDITS, LiveRecordNotice } from '../live/LiveRecordNotice';
import { DeleteRecordButton } from '../trash/DeleteToTrashButtons';
import { FormHistory } from '../activity-logs/FormHistory';

/**
 * Save, and on an existing record delete it after the module's own confirmation text. A new
 * record's Save works on an empty form too, which then shows what is required (as the order form).
 */
const FormToolbar = ({ deleteConfirm }: { deleteConfirm: string }) => {
  const record = useRecordContext();
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton alwaysEnable={record?.id == null} />
      <DeleteRecordButton confirmContent={deleteConfirm} />
    </Toolbar>
  );
};

const ACTIVE = { status: 'active' };

/**
 * The form of a master-data create or edit page. The browser's own checks are off (`noValidate`):
 * they would speak the browser's language and hide ours, which say what the server says. On an
 * edit page it tells of others' changes and merges them in on reload (LiveRecordNotice), and its
 * History can put an earlier version's values back (FormHistory).
 */
export const MasterDataForm = ({ deleteConfirm, defaultValues = ACTIVE, children }:
  { deleteConfirm: string; defaultValues?: Record<string, unknown>; children: ReactNode }) => (
  <SimpleForm toolbar={<FormToolbar deleteConfirm={deleteConfirm} />} defaultValues={defaultValues} noValidate
    resetOptions={KEEP_UNSAVED_EDITS}>
    <LiveRecordNotice />
    {children}
    <FormHistory />
  </SimpleForm>
);
