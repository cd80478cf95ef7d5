import { Create } from 'react-admin';
import { toUserPayload, UserForm } from './UserForm';
import { useServerErrors } from '../common/useServerErrors';

const UserCreate = () => {
  const onError = useServerErrors();
  return (
    <Create redirect="list" transform={toUserPayload} mutationOptions={{ onError }}
      sx={{ '& .RaCreate-card': { maxWidth: 800 } }}>
      <UserForm mode="create" />
    </Create>
  );
};

export default UserCreate;
