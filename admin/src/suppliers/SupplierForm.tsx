import { maxLength, required, TextInput } from 'react-admin';
import { FormRow } from '../common/FormRow';
import { FormSection } from '../common/FormSection';
import { MasterDataForm } from '../common/MasterDataForm';
import { StatusInput } from '../common/statuses';
import type { Reasons } from '../common/useServerErrors';
import { emailFormat, phoneFormat, websiteFormat } from '../common/validators';
import { ServiceAreasInput } from './ServiceAreas';

// The server's rules (api/src/suppliers/suppliersResource.ts), with the seed's own message for the name.
const validateName = [required('suppliers.validation.name_required'), maxLength(200)];
const validatePhone = [phoneFormat];
const validateEmail = [emailFormat, maxLength(254)];
const validateWebsite = [websiteFormat, maxLength(500)];

/** The server's supplier-specific reasons, as this module's message keys. */
export const SUPPLIER_REASONS: Reasons = {
  'Supplier name is required': 'suppliers.validation.name_required',
  'Already exists': 'suppliers.errors.name_taken',
  'Unknown id': 'suppliers.errors.unknown_area',
};

const DEFAULTS = { status: 'active', serviceAreaIds: [] };

/** The supplier form of the create and edit pages: the seed's fields, then service areas and status. */
export const SupplierForm = () => (
  <MasterDataForm deleteConfirm="suppliers.messages.delete_content" defaultValues={DEFAULTS}>
    <FormSection title="suppliers.sections.company">
      <FormRow>
        <TextInput source="name" validate={validateName} />
        <TextInput source="shortName" validate={maxLength(50)} />
      </FormRow>
      <TextInput source="website" validate={validateWebsite} helperText="suppliers.helper.website" />
      <TextInput source="address" validate={maxLength(300)} multiline minRows={2} />
    </FormSection>
    <FormSection title="suppliers.sections.contact">
      <TextInput source="contactPerson" validate={maxLength(100)} />
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
