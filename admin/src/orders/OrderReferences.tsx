import {
  AutocompleteInput, FunctionField, ReferenceField, ReferenceInput, type AutocompleteInputProps,
} from 'react-admin';
import { displayName, type Named } from '../common/displayName';
import { REFERENCES, type OrderReference } from './orderModel';

const optionName = (record: Named) => {
  if (record.username) return `${displayName(record)} (${record.username})`;
  return record.code ? `${record.code} · ${record.name}` : displayName(record);
};

/** A referenced record's name, never its id (a record deleted meanwhile shows nothing). */
export const OrderReferenceField = ({ source, reference }:
  { source: OrderReference; reference?: never } | { source: string; reference: string }) => (
  <ReferenceField source={source} reference={reference ?? REFERENCES[source as OrderReference]} link={false} emptyText="—">
    <FunctionField<Named> render={displayName} />
  </ReferenceField>
);

/**
 * A searchable select over the live records of a reference. New and edited orders pick only
 * active records; the list filters may name inactive ones, which old orders still hold.
 */
export const OrderReferenceInput = ({ source, activeOnly = false, ...props }:
  { source: OrderReference; activeOnly?: boolean } & Omit<AutocompleteInputProps, 'source'>) => (
  <ReferenceInput source={source} reference={REFERENCES[source]} filter={activeOnly ? { status: 'active' } : undefined}
    sort={{ field: source === 'assignedUserId' ? 'firstName' : 'name', order: 'ASC' }} perPage={50}>
    <AutocompleteInput optionText={optionName} filterToQuery={(q: string) => ({ q })}
      label={`resources.orders.fields.${source}`} {...props} />
  </ReferenceInput>
);
