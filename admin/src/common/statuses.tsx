import { Chip } from '@mui/material';
import { required, SelectInput, useRecordContext, useTranslate, type SelectInputProps } from 'react-admin';

/** The two states of a master-data record (api/src/resources/fields.ts `status()`). */
export type RecordStatus = 'active' | 'inactive';

export const STATUS_CHOICES: Array<{ id: RecordStatus; name: string }> = [
  { id: 'active', name: 'common.status.active' },
  { id: 'inactive', name: 'common.status.inactive' },
];

/** The status of the record in context as a chip: green when active, grey when not. */
export const StatusField = () => {
  const record = useRecordContext<{ id: number; status: RecordStatus }>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Chip size="small" color={record.status === 'active' ? 'success' : 'default'} data-testid="status-chip"
      data-status={record.status} label={translate(`common.status.${record.status}`)} />
  );
};

/** The status choice of a form: required, active by default on create. */
export const StatusInput = (props: Omit<SelectInputProps, 'source' | 'choices'>) => (
  <SelectInput source="status" choices={STATUS_CHOICES} validate={required('validation.required')} {...props} />
);
