import { maxLength, TextInput } from 'react-admin';
import { FormRow } from '../common/FormRow';
import { FormSection } from '../common/FormSection';
import { MasterDataForm } from '../common/MasterDataForm';
import { StatusInput } from '../common/statuses';
import { requiredText, validateCode } from '../common/validators';

const validateName = requiredText(100);

/** The delivery area form of the create and edit pages (api/src/delivery-areas/deliveryAreasResource.ts). */
export const DeliveryAreaForm = () => (
  <MasterDataForm deleteConfirm="delivery_areas.messages.delete_content">
    <FormSection title="delivery_areas.sections.area">
      <FormRow>
        <TextInput source="code" validate={validateCode} helperText="delivery_areas.helper.code" />
        <TextInput source="name" validate={validateName} />
      </FormRow>
      <TextInput source="region" validate={maxLength(100)} helperText="delivery_areas.helper.region" />
    </FormSection>
    <FormSection title="delivery_areas.sections.details">
      <TextInput source="description" validate={maxLength(1000)} multiline minRows={2} />
      <StatusInput />
    </FormSection>
  </MasterDataForm>
);
