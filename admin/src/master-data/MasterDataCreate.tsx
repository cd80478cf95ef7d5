import type { ReactNode } from 'react';
import { Create } from 'react-admin';
import { useServerErrors } from '../common/useServerErrors';

/** The create page of a master-data resource: titled `<texts>.titles.create`, back to the list once saved. */
export const MasterDataCreate = ({ texts, children }: { texts: string; children: ReactNode }) => {
  const onError = useServerErrors();
  return (
    <Create title={`${texts}.titles.create`} redirect="list" mutationOptions={{ onError }}
      sx={{ '& .RaCreate-card': { maxWidth: 800 } }}>
      {children}
    </Create>
  );
};
