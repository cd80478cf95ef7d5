import { BooleanInput, DateInput, SearchInput, SelectArrayInput, useTranslate } from 'react-admin';
import { OrderReferenceInput } from './OrderReferences';
import { STATUS_CHOICES } from './orderModel';

const pad = (n: number) => String(n).padStart(2, '0');
const localDay = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
};

/**
 * A day bound of a timestamp filter (created, completed): the picked day means the user's local
 * day, so "until 23 Nov" reaches the end of that day, sent as an instant the server compares with.
 */
const TimestampBoundInput = ({ source, bound }: { source: string; bound: 'start' | 'end' }) => (
  <DateInput source={source} label={`orders.filters.${source}`}
    format={(value?: string) => (value ? localDay(value) : '')}
    parse={(day: string) => (day ? new Date(`${day}T${bound === 'start' ? '00:00:00.000' : '23:59:59.999'}`).toISOString() : undefined)} />
);

/** A calendar-date bound (pickup, MOS): compared as the date it is. */
const DateBoundInput = ({ source }: { source: string }) => (
  <DateInput source={source} label={`orders.filters.${source}`} parse={(day: string) => day || undefined} />
);

/** The order list's filters: search, status and "delayed" always shown; the others through "Add filter". */
export function useOrderFilters() {
  const translate = useTranslate();
  return [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('orders.filters.q')} sx={{ minWidth: 280 }} />,
    <SelectArrayInput key="status" source="status" choices={STATUS_CHOICES} alwaysOn
      label="resources.orders.fields.status" sx={{ minWidth: 200 }} />,
    <BooleanInput key="delayed" source="delayed" label="orders.filters.delayed" alwaysOn
      format={(value?: boolean) => value === true} parse={(on: boolean) => (on ? true : undefined)} />,
    <OrderReferenceInput key="deliveryAreaId" source="deliveryAreaId" />,
    <OrderReferenceInput key="supplierId" source="supplierId" />,
    <OrderReferenceInput key="pickupWarehouseId" source="pickupWarehouseId" />,
    <OrderReferenceInput key="vehicleTypeId" source="vehicleTypeId" />,
    <OrderReferenceInput key="assignedUserId" source="assignedUserId" />,
    <DateBoundInput key="pickupDate_gte" source="pickupDate_gte" />,
    <DateBoundInput key="pickupDate_lte" source="pickupDate_lte" />,
    <DateBoundInput key="mosDate_gte" source="mosDate_gte" />,
    <DateBoundInput key="mosDate_lte" source="mosDate_lte" />,
    <TimestampBoundInput key="completionDate_gte" source="completionDate_gte" bound="start" />,
    <TimestampBoundInput key="completionDate_lte" source="completionDate_lte" bound="end" />,
    <TimestampBoundInput key="createdAt_gte" source="createdAt_gte" bound="start" />,
    <TimestampBoundInput key="createdAt_lte" source="createdAt_lte" bound="end" />,
  ];
}
