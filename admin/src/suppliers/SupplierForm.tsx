import { Alert } from '@mui/material';
import { maxLength, required, TextInput, useRecordContext, useTranslate } from 'react-admin';
import { FormRow } from '../common/FormRow';
import { FormSection } from '../common/FormSection';
import { MasterDataForm } from '../master-data/MasterDataForm';
import { StatusInput } from '../common/statuses';
import { emailFormat, phoneFormat, requiredField, requiredText, websiteFormat } from '../common/validators';
import { ServiceAreasInput } from './ServiceAreas';

// The server's rules (api/src/suppliers/suppliersResource.ts), with the customer's own message for the
// name: only the short name and the website are optional (docs/admin-screens.md#forms-and-their-messages).
const validateName = [required('suppliers.validation.name_required'), maxLength(200)];
const validateContactPerson = requiredText(100);
const validatePhone = [requiredField, phoneFormat];
const validateEmail = [requiredField, emailFormat, maxLength(254)];
const validateAddress = requiredText(300);
const validateWebsite = [websiteFormat, maxLength(500)];

const CONTACT_FIELDS = ['contactPerson', 'contactPhone', 'contactEmail', 'address'] as const;

/** A supplier saved before its contact fields were required: say why the next save asks for them. */
const IncompleteNotice = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  if (record?.id == null || CONTACT_FIELDS.every((field) => record[field])) return null;
  return <Alert severity="warning" sx={{ mb: 2, width: '100%' }}>{translate('suppliers.messages.incomplete')}</Alert>;
};

const DEFAULTS = { status: 'active', serviceAreaIds: [] };

/** The supplier form of the create and edit pages: the customer's fields, then service areas and status. */
export const SupplierForm = () => (
  <MasterDataForm deleteConfirm="suppliers.messages.delete_content" defaultValues={DEFAULTS}>
    <IncompleteNotice />
    <FormSection title="suppliers.sections.company">
      <FormRow>
        <TextInput source="name" validate={validateName} />
        <TextInput source="shortName" validate={maxLength(50)} />
      </FormRow>
      <TextInput source="website" validate={validateWebsite} helperText="suppliers.helper.website" />
      <TextInput source="address" validate={validateAddress} multiline minRows={2} />
    </FormSection>
    <FormSection title="suppliers.sections.contact">
      <TextInput source="contactPerson" validate={validateContactPerson} />
      <FormRow>
        <TextInput source="contactPhone" validate={validatePhone} />
        <TextInput source="contactEmail" type="email" validate={validateEmail} />
      </FormRow>
    </FormSection>
    <FormSection title="suppliers.sections.service">
      <ServiceAreasInput />
      <StatusInput />
    </FormSection>
  </MasterDataForm>
);
