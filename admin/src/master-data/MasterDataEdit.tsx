import type { ReactNode } from 'react';
import { Edit, useGetRecordRepresentation, useRecordContext, useResourceContext, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { DeletedRecordNotice, useDeletedRecord } from '../live/DeletedRecordNotice';
import { useServerErrors } from '../common/useServerErrors';

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
 * earlier (MasterDataForm). A record deleted meanwhile, or opened from a bookmark once deleted,
 * gives way to what became of it (DeletedRecordNotice).
 */
export const MasterDataEdit = ({ texts, children }: { texts: string; children: ReactNode }) => {
  const onError = useServerErrors();
  const resource = useResourceContext() ?? '';
  const { deletion, queryOptions } = useDeletedRecord(resource, useParams().id);
  if (deletion) return <DeletedRecordNotice resource={resource} {...deletion} />;
  return (
    <Edit title={<EditTitle texts={texts} />} mutationMode="pessimistic" redirect="list" mutationOptions={{ onError }}
      queryOptions={queryOptions}
      sx={{ '& .RaEdit-card': { maxWidth: 800 } }}>
      {children}
    </Edit>
  );
};
