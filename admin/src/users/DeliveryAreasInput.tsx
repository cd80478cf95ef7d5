import { AutocompleteArrayInput, ReferenceArrayInput, type RaRecord } from 'react-admin';
import { useWatch } from 'react-hook-form';

const areaLabel = (area: RaRecord) => `${area.code} · ${area.name}`;

/** Delivery areas matter only to regional dispatchers (the order scope), so only they get the input. */
export const DeliveryAreasInput = () => {
  const role = useWatch({ name: 'role' });
  if (role !== 'regional_dispatcher') return null;
  return (
    <ReferenceArrayInput source="deliveryAreaIds" reference="delivery-areas" sort={{ field: 'code', order: 'ASC' }}
      perPage={100}>
      <AutocompleteArrayInput optionText={areaLabel} helperText="users.helper.delivery_areas" fullWidth
        label="resources.users.fields.deliveryAreaIds" />
    </ReferenceArrayInput>
  );
};
