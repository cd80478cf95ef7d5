import { maxLength, maxValue, minValue, NumberInput, TextInput } from 'react-admin';
import { FormRow } from '../common/FormRow';
import { FormSection } from '../common/FormSection';
import { CodeNameSection } from '../common/CodeNameSection';
import { MasterDataForm } from '../master-data/MasterDataForm';
import { StatusInput } from '../common/statuses';

/** The server keeps two decimals exactly (numeric(…, 2)) and refuses more rather than rounding. */
const twoDecimals = (value: unknown) =>
  typeof value === 'number' && Math.abs(Math.round(value * 100) - value * 100) > 1e-6
    ? 'vehicle_types.validation.two_decimals' : undefined;

// api/src/vehicle-types/vehicleTypesResource.ts: `decimal(1000)`, optional.
const validateMeasure = [minValue(0), maxValue(1000), twoDecimals];

const MeasureInput = ({ source }: { source: 'capacityTons' | 'volumeCbm' }) => (
  <NumberInput source={source} validate={validateMeasure} min={0} max={1000} step={0.01}
    helperText="vehicle_types.helper.measure" />
);

/** The vehicle type form of the create and edit pages. */
export const VehicleTypeForm = () => (
  <MasterDataForm deleteConfirm="vehicle_types.messages.delete_content">
    <CodeNameSection texts="vehicle_types" section="vehicle" />
    <FormSection title="vehicle_types.sections.capacity">
      <FormRow>
        <MeasureInput source="capacityTons" />
        <MeasureInput source="volumeCbm" />
      </FormRow>
    </FormSection>
    <FormSection title="vehicle_types.sections.details">
      <TextInput source="description" validate={maxLength(1000)} multiline minRows={2} />
      <StatusInput />
    </FormSection>
  </MasterDataForm>
);
