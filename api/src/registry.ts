import { activityLogsResource } from './activity/activityLogsResource';
import { deliveryAreaOptionsResource, deliveryAreasResource } from './delivery-areas/deliveryAreasResource';
import { mailOutboxResource } from './mail/mailOutboxResource';
import { ordersResource } from './orders/ordersResource';
import { reportRunsResource } from './reports/reportRunsResource';
import { pricingResource } from './pricing/pricingResource';
import { rateCardsResource } from './rate-cards/rateCardsResource';
import { supplierOptionsResource, suppliersResource } from './suppliers/suppliersResource';
import { translationsResource } from './translations/translationsResource';
import { userOptionsResource } from './users/userOptionsResource';
import { usersResource } from './users/usersResource';
import { vehicleTypeOptionsResource, vehicleTypesResource } from './vehicle-types/vehicleTypesResource';
import { warehouseOptionsResource, warehousesResource } from './warehouses/warehousesResource';
import type { AnyResource } from './resources/resource';

/**
 * Every resource on the shared protocol, the app's table of contents of them: app.ts serves each,
 * the trash lists the soft-deleted rows of each, saved filters name them.
 */
export const RESOURCES: AnyResource[] = [
  ordersResource,
  pricingResource,
  rateCardsResource,
  suppliersResource,
  warehousesResource,
  vehicleTypesResource,
  deliveryAreasResource,
  usersResource,
  userOptionsResource,
  // The master-data pickers of the order screens (and any other screen that names these records).
  supplierOptionsResource,
  warehouseOptionsResource,
  vehicleTypeOptionsResource,
  deliveryAreaOptionsResource,
  activityLogsResource,
  translationsResource,
  reportRunsResource,
  mailOutboxResource,
];

export const trashable = () => RESOURCES.filter((def) => def.softDelete !== false && def.write
  && def.write.deletable !== false);
