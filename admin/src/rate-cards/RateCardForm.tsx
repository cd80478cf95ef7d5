import { Alert } from '@mui/material';
import { maxLength, required, TextInput, useTranslate } from 'react-admin';
import { parseMoney } from '@kernel/pricing/parseMoney';
import { SIDES, type PriceInput } from '@kernel/pricing/priceFields';
import { DatePickerInput } from '../common/DateInputs';
import { FormRow } from '../common/FormRow';
import { FormSection } from '../common/FormSection';
import { MasterDataForm } from '../master-data/MasterDataForm';
import { OrderReferenceInput } from '../orders/OrderReferences';
import { useWithheld } from '../common/useWithheld';

/** The money rule the server applies (kernel/pricing/parseMoney.ts), worded as pricing management words it. */
const money = (value: unknown) => {
  const parsed = parseMoney(value == null ? '' : String(value));
  return 'problem' in parsed ? `pricing.validation.${parsed.problem}` : undefined;
};
const BASE: readonly PriceInput[] = ['basePurchasePrice', 'baseSalePrice'];
const validateName = [required(), maxLength(100)];
const notBeforeFrom = (value: string | null, values: { validFrom?: string | null }) =>
  (value && values.validFrom && value < values.validFrom ? { message: 'errors.too_early', args: { min: values.validFrom } } : undefined);

const PriceInputField = ({ source }: { source: PriceInput }) => (
  <TextInput source={source} label={`resources.rate-cards.fields.${source}`} slotProps={{ htmlInput: { inputMode: 'decimal' } }}
    validate={BASE.includes(source) ? [required(), money] : money} autoComplete="off" />
);

const Specificity = () => <Alert severity="info" sx={{ mb: 2, width: '100%' }}>{useTranslate()('rate_cards.helper.specificity')}</Alert>;

/** The prices of a side the person may see (field groups): a side they may not see is not in the form. */
const PriceSections = () => {
  const withheld = useWithheld('rate_card');
  return SIDES.filter(({ total }) => !withheld.has(total)).map(({ side, inputs }) => (
    <FormSection key={side} title={`rate_cards.sections.${side}`}>
      <FormRow>{inputs.map((source) => <PriceInputField key={source} source={source} />)}</FormRow>
    </FormSection>
  ));
};

/** The rate card form of the create and edit pages (docs/pricing.md#rate-cards). */
export const RateCardForm = () => (
  <MasterDataForm deleteConfirm="rate_cards.messages.delete_content" defaultValues={{}}>
    <FormSection title="rate_cards.sections.applies_to">
      <TextInput source="name" validate={validateName} autoComplete="off" />
      <OrderReferenceInput source="supplierId" activeOnly validate={required()} label="resources.rate-cards.fields.supplierId" />
      <FormRow>
        <OrderReferenceInput source="vehicleTypeId" activeOnly helperText="rate_cards.helper.vehicle" />
        <OrderReferenceInput source="deliveryAreaId" activeOnly helperText="rate_cards.helper.area" />
      </FormRow>
      <Specificity />
    </FormSection>
    <FormSection title="rate_cards.sections.validity">
      <FormRow>
        <DatePickerInput source="validFrom" validate={required()} />
        <DatePickerInput source="validTo" validate={notBeforeFrom} helperText="rate_cards.helper.valid_to" />
      </FormRow>
    </FormSection>
    <PriceSections />
    <FormSection title="rate_cards.sections.notes">
      <TextInput source="notes" validate={maxLength(1000)} multiline minRows={2} />
    </FormSection>
  </MasterDataForm>
);
