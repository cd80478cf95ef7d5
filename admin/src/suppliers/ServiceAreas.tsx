import {
  AutocompleteArrayInput, ChipField, ReferenceArrayField, ReferenceArrayInput, SingleFieldList, type RaRecord,
} from 'react-admin';

const areaOption = (area: RaRecord) => `${area.code} · ${area.name}`;

/** The supplier's service areas as chips (live areas only: the server leaves deleted ones out). */
export const ServiceAreasField = () => (
  <ReferenceArrayField source="serviceAreaIds" reference="delivery-areas">
    <SingleFieldList linkType={false}>
      <ChipField source="name" size="small" />
    </SingleFieldList>
  </ReferenceArrayField>
);

/** A searchable multi-select of the live delivery areas. */
export const ServiceAreasInput = () => (
  <ReferenceArrayInput source="serviceAreaIds" reference="delivery-areas" sort={{ field: 'code', order: 'ASC' }}
    perPage={100}>
    <AutocompleteArrayInput optionText={areaOption} filterToQuery={(q: string) => ({ q })}
      label="resources.suppliers.fields.serviceAreaIds" helperText="suppliers.helper.service_areas" />
  </ReferenceArrayInput>
);
