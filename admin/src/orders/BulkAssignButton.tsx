import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { Dialog, DialogContent, DialogTitle } from '@mui/material';
import { Form, required, useListContext, useNotify, useRefresh, useTranslate, useUpdateMany } from 'react-admin';
import { BulkActionButton, BulkDialogActions } from './BulkActionButton';
import { OrderReferenceInput } from './OrderReferences';
import { useErrorNotice } from '../common/useServerErrors';

const AssignDialog = ({ onClose }: { onClose: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const notice = useErrorNotice();
  const refresh = useRefresh();
  const { selectedIds, onUnselectItems } = useListContext();
  const [updateMany, { isPending }] = useUpdateMany();
  const assign = ({ assignedUserId }: { assignedUserId?: number }) => updateMany('orders',
    { ids: selectedIds, data: { assignedUserId } },
    {
      mutationMode: 'pessimistic',
      onSuccess: () => {
        notify('orders.bulk.assigned', { type: 'success', messageArgs: { smart_count: selectedIds.length } });
        onUnselectItems();
        onClose();
      },
      // Each order is its own PUT: some may be saved although one was refused.
      onError: (error) => {
        notice(error);
        refresh();
      },
    });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" data-testid="bulk-assign-dialog">
      <Form onSubmit={assign as never}>
        <DialogTitle>{translate('orders.bulk.assign_title', { smart_count: selectedIds.length })}</DialogTitle>
        <DialogContent>
          <OrderReferenceInput source="assignedUserId" activeOnly validate={required('order_validation.assigned_user_required')} />
        </DialogContent>
        <BulkDialogActions onCancel={onClose} busy={isPending} />
      </Form>
    </Dialog>
  );
};

/** Bulk assignment: one partial update { assignedUserId } per selected order (the stock updateMany). */
export const BulkAssignButton = () => (
  <BulkActionButton label="orders.bulk.assign" icon={<PersonAddIcon />} testId="bulk-assign"
    dialog={(onClose) => <AssignDialog onClose={onClose} />} />
);
