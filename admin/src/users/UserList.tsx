import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import {
  BulkUpdateButton, DataTable, List, SearchInput, SelectInput, useRecordContext, useTranslate,
} from 'react-admin';
import { ActivateButton } from './ActivateButton';
import { LocalDateField } from '../common/LocalDateField';
import { NO_WRAP, ResponsiveDataTable, type PhoneLines } from '../common/ResponsiveDataTable';
import { RoleChip, StatusChip } from './UserChips';
import { fullName, ROLE_CHOICES, STATUS_CHOICES, userEditPath, type UserRecord } from './userModel';
import { useMayManage } from './useActor';
import { useErrorNotice } from '../common/useServerErrors';
import { ListActions } from '../common/ListActions';
import { LIST_LOAD_ERROR } from '../common/ListLoadError';
import { SelectionFollowsQuery } from '../common/listSelection';
import { BulkDeleteRecordsButton } from '../trash/DeleteToTrashButtons';

const USER_FILTERS = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="role" source="role" choices={ROLE_CHOICES} alwaysOn />,
  <SelectInput key="status" source="status" choices={STATUS_CHOICES} alwaysOn />,
];

const BulkActions = () => {
  const onError = useErrorNotice();
  return (
    <>
      <BulkUpdateButton label="users.actions.activate" data={{ status: 'active' }} mutationMode="pessimistic"
        icon={<CheckCircleIcon />} mutationOptions={{ onError }} />
      <BulkDeleteRecordsButton />
    </>
  );
};

const Column = DataTable.Col<UserRecord>;
// Shown through the columns button; by default the list fits a laptop screen.
const HIDDEN_COLUMNS = ['phone', 'createdAt'];

const RoleAndEmail = () => {
  const user = useRecordContext<UserRecord>();
  const translate = useTranslate();
  if (!user) return null;
  return <>{[translate(`roles.${user.role}`), user.email].filter(Boolean).join(' · ')}</>;
};

/** On a phone: the name and the status, then the role and the email. */
const PHONE: PhoneLines<UserRecord> = {
  primaryText: (user) => `${fullName(user)} (${user.username})`,
  secondaryText: <RoleAndEmail />,
  tertiaryText: () => <StatusChip />,
};

/**
 * The users: search, role and status filters, quick activation of pending registrations. Accounts
 * the signed-in user may not manage cannot be selected for the bulk actions; their edit page is
 * read only.
 */
const UserList = () => {
  const mayManage = useMayManage();
  return (
    <List {...LIST_LOAD_ERROR} filters={USER_FILTERS} actions={<ListActions columns create />} exporter={false}
      sort={{ field: 'username', order: 'ASC' }} perPage={25}>
      <SelectionFollowsQuery />
      <ResponsiveDataTable rowClick={(id) => userEditPath(id)} bulkActionButtons={<BulkActions />}
        isRowSelectable={mayManage} hiddenColumns={HIDDEN_COLUMNS} phone={PHONE}
        sx={{ '& .RaDataTable-rowCell': NO_WRAP }}>
        <Column source="username" />
        <Column source="lastName" label="resources.users.fields.name" render={fullName} />
        <Column source="role" field={RoleChip} />
        <Column source="status" field={StatusChip} />
        <Column source="email" />
        <Column source="phone" disableSort />
        <Column source="lastLoginAt"><LocalDateField source="lastLoginAt" showTime /></Column>
        <Column source="createdAt"><LocalDateField source="createdAt" /></Column>
        <Column label="" disableSort><ActivateButton /></Column>
      </ResponsiveDataTable>
    </List>
  );
};

export default UserList;
