import type { ReactNode } from 'react';
import { Edit, useGetRecordRepresentation, useRecordContext, useResourceContext, useTranslate } from 'react-admin';
import { useServerErrors } from './useServerErrors';

const EditTitle = ({ texts }: { texts: string }) => {
  const record = useRecordContext();
  const translate = useTranslate();
  const represent = useGetRecordRepresentation(useResourceContext());
  return <span>{translate(`${texts}.titles.edit`, { name: record ? represent(record) : '' })}</span>;
};

/**
 * The edit page of a master-data resource. Pessimistic, and the form sends the record's
 * `version`: a record changed meanwhile by someone else is refused by the server (409), and the
 * page says so at once instead of overwriting their change; the form's live notice says it even
 * earlier (MasterDataForm).
 */
export const MasterDataEdit = ({ texts, children }: { texts: string; children: ReactNode }) => {
  const onError = useServerErrors();
  return (
    <Edit title={<EditTitle texts={texts} />} mutationMode="pessimistic" redirect="list" mutationOptions={{ onError }}
      sx={{ '& .RaEdit-card': { maxWidth: 800 } }}>
      {children}
    </Edit>
  );
};
