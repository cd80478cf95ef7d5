import { Edit, TopToolbar } from 'react-admin';
import { Navigate, useParams } from 'react-router-dom';
import { NotFound } from '../layout/NotFound';
import { ResetPasswordButton } from './ResetPasswordButton';
import { SignOutEverywhereButton } from './SignOutEverywhereButton';
import { ResetSecondFactorButton } from './ResetSecondFactorButton';
import { UserDetails } from './UserDetails';
import { toUserPayload, UserForm } from './UserForm';
import { userEditPath } from './userModel';
import { useServerErrors } from '../common/useServerErrors';
import { DeletedRecordNotice, useDeletedRecord } from '../live/DeletedRecordNotice';

const UserEditActions = () => (
  <TopToolbar>
    <ResetPasswordButton />
    <SignOutEverywhereButton />
    <ResetSecondFactorButton />
  </TopToolbar>
);

/** A user deleted meanwhile, or opened once deleted, gives way to what became of them (DeletedRecordNotice). */
const UserEditPage = ({ id }: { id: string }) => {
  const onError = useServerErrors();
  const { deletion, queryOptions } = useDeletedRecord('users', id);
  if (deletion) return <DeletedRecordNotice resource="users" {...deletion} />;
  return (
    <Edit mutationMode="pessimistic" redirect="list" transform={toUserPayload} mutationOptions={{ onError }} queryOptions={queryOptions}
      actions={<UserEditActions />} aside={<UserDetails />}
      // On a phone the side cards go under the form, as wide as it.
      sx={{ '& .RaEdit-card': { maxWidth: 800 },
        '& .RaEdit-main': { flexDirection: { xs: 'column', md: 'row' }, alignItems: { xs: 'stretch', md: 'flex-start' } } }}>
      <UserForm mode="edit" />
    </Edit>
  );
};

/**
 * The edit path is /users/{id}/edit (docs/routes-and-pages.md#route-table). react-admin mounts an
 * edit screen at /users/:id/*, so its own links (/users/{id}) are sent on to that path, and other
 * sub-paths are unknown.
 */
const UserEdit = () => {
  const { id, '*': rest } = useParams();
  if (!rest) return <Navigate to={userEditPath(id!)} replace />;
  if (rest !== 'edit') return <NotFound />;
  return <UserEditPage id={id!} />;
};

export default UserEdit;
