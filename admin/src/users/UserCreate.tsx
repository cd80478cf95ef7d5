import { Create } from 'react-admin';
import { toUserPayload, UserForm } from './UserForm';
import { useUserErrors } from './useUserErrors';

const UserCreate = () => {
  const onError = useUserErrors();
  return (
    <Create redirect="list" transform={toUserPayload} mutationOptions={{ onError }}
      sx={{ '& .RaCreate-card': { maxWidth: 800 } }}>
      <UserForm mode="create" />
    </Create>
  );
};

export default UserCreate;
