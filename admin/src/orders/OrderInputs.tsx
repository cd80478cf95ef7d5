import { Box } from '@mui/material';
import { maxLength, required, TextInput } from 'react-admin';
import { isBeforePickup } from '@kernel/orders/dateOrder';
import { DatePickerInput } from '../common/DateInputs';
import { OrderReferenceInput } from './OrderReferences';

// The customer's messages (docs/admin-screens.md#forms-and-their-messages), the same the server
// answers (api ordersResource.ts).
const validateMtm = [required('order_validation.mtm_required'), maxLength(50)];
const validateDn = [required('order_validation.dn_required'), maxLength(50)];
const validateWarehouse = required('order_validation.warehouse_required');
const validateAssignedUser = required('order_validation.assigned_user_required');
const validateArea = required('order_validation.delivery_area_required');
const validatePickupDate = required('order_validation.pickup_date_required');
const mosNotBeforePickup = (value: string | null, values: { pickupDate?: string | null }) =>
  (isBeforePickup(value, values.pickupDate) ? { message: 'order_validation.mos_before_pickup', args: { min: values.pickupDate } } : undefined);
const validateMosDate = [required('order_validation.mos_date_required'), mosNotBeforePickup];
const validateNotes = maxLength(2000);

/** The fields a person writes, in two columns; shared by the new-order page and the detail's edit. */
export const OrderInputs = () => (
  <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2, width: '100%' }}>
    <TextInput source="mtmNumber" validate={validateMtm} autoComplete="off" />
    <TextInput source="dnNumber" validate={validateDn} autoComplete="off" />
    <OrderReferenceInput source="pickupWarehouseId" activeOnly validate={validateWarehouse} />
    <OrderReferenceInput source="assignedUserId" activeOnly validate={validateAssignedUser} />
    <OrderReferenceInput source="deliveryAreaId" activeOnly validate={validateArea} />
    <OrderReferenceInput source="supplierId" activeOnly />
    <DatePickerInput source="pickupDate" validate={validatePickupDate} />
    <DatePickerInput source="mosDate" validate={validateMosDate} />
    <OrderReferenceInput source="vehicleTypeId" activeOnly />
    <Box />
    <TextInput source="notes" validate={validateNotes} multiline minRows={2} sx={{ gridColumn: '1 / -1' }} />
  </Box>
);
