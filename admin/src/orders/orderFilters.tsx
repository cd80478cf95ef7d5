import {
  SearchInput, SelectArrayInput, SelectInput, useResourceContext, useStoreContext, useTranslate, type ListParams, type SearchInputProps,
} from 'react-admin';
import { useCallback, useEffect, useRef } from 'react';
import { useFormContext } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { DatePickerInput } from '../common/DateInputs';
import { OrderReferenceInput } from './OrderReferences';
import { orderPath, STATUS_CHOICES } from './orderModel';
import { useScanBurst, useScanner } from './useScanner';

const pad = (n: number) => String(n).padStart(2, '0');
const localDay = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
};

/**
 * A day bound of a timestamp filter (created, completed): the picked day means the user's local
 * day, so "until 23 Nov" reaches the end of that day, sent as an instant the server compares with.
 * The bounds are the filter elements themselves: "Add filter" names a filter by its element's `label`.
 */
const timestampBound = (source: string, bound: 'start' | 'end') => (
  <DatePickerInput key={source} source={source} label={`orders.filters.${source}`}
    format={(value?: string) => (value ? localDay(value) : '')}
    parse={(day: string) => (day ? new Date(`${day}T${bound === 'start' ? '00:00:00.000' : '23:59:59.999'}`).toISOString() : undefined)} />
);

/** A calendar-date bound (pickup, MOS): compared as the date it is. */
const dateBound = (source: string) => (
  <DatePickerInput key={source} source={source} label={`orders.filters.${source}`} parse={(day: string) => day || undefined} />
);

/** The `delayed` filter's values: either delay, or one kind (as process monitoring links them). */
const DELAYED_CHOICES = [
  { id: 'delayed', name: 'orders.filters.delayed_either' },
  { id: 'pulling_out', name: 'process_monitoring.kinds.pulling_out' },
  { id: 'mos', name: 'process_monitoring.kinds.mos' },
];

// Wide enough for "code · name" of the chosen record.
const REFERENCE_WIDTH = { minWidth: 240 };

/**
 * The search box, a scanner's too. Enter: an exact DN or MTM number opens its order, whether
 * scanned or typed; any other text stays the search it already is. Only a scanner's burst that
 * names no order is refused aloud. Either way the code is no search, so the list (kept for the next
 * visit) stays whole: a refusal empties the box; an opened order takes it out of the list's stored
 * params once the list is gone, as react-admin stores them when the list renders the search's
 * address, a router transition that may end after the order opened
 * (docs/printing-and-scanning.md#scanning).
 */
const OrderSearchInput = (props: SearchInputProps) => {
  const navigate = useNavigate();
  const { setValue } = useFormContext();
  const forgetSearch = useForgetStoredFilter(props.source);
  const opened = useRef(false);
  useEffect(() => () => {
    if (opened.current) forgetSearch();
  }, [forgetSearch]);
  const { onKeyDown, isScan } = useScanBurst();
  const scan = useScanner((order) => {
    opened.current = true;
    navigate(orderPath(order.id));
  });
  return (
    <SearchInput {...props} onKeyDown={(event) => {
      onKeyDown(event);
      if (event.key !== 'Enter') return;
      scan((event.target as HTMLInputElement).value, { quiet: !isScan(), onRefused: () => setValue(props.source, '') });
    }} />
  );
};

/** Takes a filter out of the params react-admin stores for the list (`<resource>.listParams`), which it shows on the next visit. */
function useForgetStoredFilter(source: string) {
  const { getItem, setItem } = useStoreContext();
  const key = `${useResourceContext()}.listParams`;
  return useCallback(() => {
    const params = getItem<ListParams>(key);
    if (params?.filter?.[source] === undefined) return;
    const filter = Object.fromEntries(Object.entries(params.filter).filter(([name]) => name !== source));
    setItem(key, { ...params, filter });
  }, [getItem, setItem, key, source]);
}

/** The order list's filters: search (a scanner's too), status and "delayed" always shown; the others through "Add filter". */
export function useOrderFilters() {
  const translate = useTranslate();
  return [
    <OrderSearchInput key="q" source="q" alwaysOn placeholder={translate('orders.filters.q')} sx={{ minWidth: 280 }} />,
    <SelectArrayInput key="status" source="status" choices={STATUS_CHOICES} alwaysOn
      label="resources.orders.fields.status" sx={{ minWidth: 200 }} />,
    // `true` is how the filter was saved before it had kinds.
    <SelectInput key="delayed" source="delayed" label="orders.filters.delayed" alwaysOn choices={DELAYED_CHOICES}
      format={(value?: string | boolean) => (value === true ? 'delayed' : value ?? '')}
      parse={(kind: string) => kind || undefined} sx={{ minWidth: 160 }} />,
    <OrderReferenceInput key="deliveryAreaId" source="deliveryAreaId" sx={REFERENCE_WIDTH} />,
    <OrderReferenceInput key="supplierId" source="supplierId" sx={REFERENCE_WIDTH} />,
    <OrderReferenceInput key="pickupWarehouseId" source="pickupWarehouseId" sx={REFERENCE_WIDTH} />,
    <OrderReferenceInput key="vehicleTypeId" source="vehicleTypeId" sx={REFERENCE_WIDTH} />,
    <OrderReferenceInput key="assignedUserId" source="assignedUserId" sx={REFERENCE_WIDTH} />,
    dateBound('pickupDate_gte'),
    dateBound('pickupDate_lte'),
    dateBound('mosDate_gte'),
    dateBound('mosDate_lte'),
    timestampBound('completionDate_gte', 'start'),
    timestampBound('completionDate_lte', 'end'),
    timestampBound('createdAt_gte', 'start'),
    timestampBound('createdAt_lte', 'end'),
  ];
}
