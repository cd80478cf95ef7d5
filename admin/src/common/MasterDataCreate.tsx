import type { ReactNode } from 'react';
import { Create } from 'react-admin';
import { useServerErrors, type Reasons } from './useServerErrors';

/** The create page of a master-data resource: titled `<texts>.titles.create`, back to the list once saved. */
export const MasterDataCreate = ({ texts, reasons, children }: { texts: string; reasons?: Reasons; children: ReactNode }) => {
  const onError = useServerErrors(reasons);
  return (
    <Create title={`${texts}.titles.create`} redirect="list" mutationOptions={{ onError }}
      sx={{ '& .RaCreate-card': { maxWidth: 800 } }}>
      {children}
    </Create>
  );
};
