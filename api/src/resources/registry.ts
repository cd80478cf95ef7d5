import { activityLogsResource } from '../activity/activityLogsResource';
import { deliveryAreasResource } from '../delivery-areas/deliveryAreasResource';
import { ordersResource } from '../orders/ordersResource';
import { reportRunsResource } from '../reports/reportRunsResource';
import { pricingResource } from '../pricing/pricingResource';
import { suppliersResource } from '../suppliers/suppliersResource';
import { translationsResource } from '../translations/translationsResource';
import { userOptionsResource } from '../users/userOptionsResource';
import { usersResource } from '../users/usersResource';
import { vehicleTypesResource } from '../vehicle-types/vehicleTypesResource';
import { warehousesResource } from '../warehouses/warehousesResource';
import { MASTER_DATA_PICKERS } from './pickerResources';
import type { AnyResource } from './resource';

/** Every resource on the shared protocol; the trash lists the soft-deleted rows of each. */
export const RESOURCES: AnyResource[] = [
  ordersResource,
  pricingResource,
  suppliersResource,
  warehousesResource,
  vehicleTypesResource,
  deliveryAreasResource,
  usersResource,
  userOptionsResource,
  ...MASTER_DATA_PICKERS,
  activityLogsResource,
  translationsResource,
  reportRunsResource,
];

export const trashable = () => RESOURCES.filter((def) => def.softDelete !== false && def.write
  && def.write.deletable !== false);
