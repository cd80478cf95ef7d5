import { maxLength, TextInput } from 'react-admin';
import { FormRow } from '../common/FormRow';
import { FormSection } from '../common/FormSection';
import { MasterDataForm } from '../common/MasterDataForm';
import { StatusInput } from '../common/statuses';
import { phoneFormat, requiredText, validateCode } from '../common/validators';

const validateName = requiredText(100);

/** The warehouse form of the create and edit pages (api/src/warehouses/warehousesResource.ts). */
export const WarehouseForm = () => (
  <MasterDataForm deleteConfirm="warehouses.messages.delete_content">
    <FormSection title="warehouses.sections.warehouse">
      <FormRow>
        <TextInput source="code" validate={validateCode} helperText="warehouses.helper.code" />
        <TextInput source="name" validate={validateName} />
      </FormRow>
      <TextInput source="address" validate={maxLength(300)} multiline minRows={2} />
    </FormSection>
    <FormSection title="warehouses.sections.contact">
      <FormRow>
        <TextInput source="contactPerson" validate={maxLength(100)} />
        <TextInput source="contactPhone" validate={phoneFormat} />
      </FormRow>
      <StatusInput />
    </FormSection>
  </MasterDataForm>
);
