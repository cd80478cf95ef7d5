import { maxLength, TextInput } from 'react-admin';
import { FormSection } from '../common/FormSection';
import { CodeNameSection } from '../common/CodeNameSection';
import { MasterDataForm } from '../master-data/MasterDataForm';
import { StatusInput } from '../common/statuses';

/** The delivery area form of the create and edit pages (api/src/delivery-areas/deliveryAreasResource.ts). */
export const DeliveryAreaForm = () => (
  <MasterDataForm deleteConfirm="delivery_areas.messages.delete_content">
    <CodeNameSection texts="delivery_areas" section="area">
      <TextInput source="region" validate={maxLength(100)} helperText="delivery_areas.helper.region" />
    </CodeNameSection>
    <FormSection title="delivery_areas.sections.details">
      <TextInput source="description" validate={maxLength(1000)} multiline minRows={2} />
      <StatusInput />
    </FormSection>
  </MasterDataForm>
);
