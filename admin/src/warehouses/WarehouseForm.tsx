import { maxLength, TextInput } from 'react-admin';
import { FormRow } from '../common/FormRow';
import { FormSection } from '../common/FormSection';
import { CodeNameSection } from '../common/CodeNameSection';
import { MasterDataForm } from '../master-data/MasterDataForm';
import { StatusInput } from '../common/statuses';
import { phoneFormat } from '../common/validators';

/** The warehouse form of the create and edit pages (api/src/warehouses/warehousesResource.ts). */
export const WarehouseForm = () => (
  <MasterDataForm deleteConfirm="warehouses.messages.delete_content">
    <CodeNameSection texts="warehouses" section="warehouse">
      <TextInput source="address" validate={maxLength(300)} multiline minRows={2} />
    </CodeNameSection>
    <FormSection title="warehouses.sections.contact">
      <FormRow>
        <TextInput source="contactPerson" validate={maxLength(100)} />
        <TextInput source="contactPhone" validate={phoneFormat} />
      </FormRow>
      <StatusInput />
    </FormSection>
  </MasterDataForm>
);
