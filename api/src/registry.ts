import { activityLogsResource } from './activity/activityLogsResource';
import { apiTokensResource } from './api-tokens/apiTokensResource';
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
import { webhookDeliveriesResource } from './webhooks/webhookDeliveriesResource';
import { webhooksResource } from './webhooks/webhooksResource';
import type { AnyResource } from './resources/resource';
import type { RecordTypeName } from '@kernel/resources/recordTypes';

/**
 * Each record type's own resource (kernel/resources/recordTypes.ts), one per type, which the
 * compiler asks for: the trash holds their deleted records, the log's record names are read from
 * their tables (activity/recordLabels.ts).
 */
export const RECORD_RESOURCES: Readonly<Record<RecordTypeName, AnyResource>> = {
  order: ordersResource,
  supplier: suppliersResource,
  warehouse: warehousesResource,
  vehicle_type: vehicleTypesResource,
  delivery_area: deliveryAreasResource,
  user: usersResource,
  translation: translationsResource,
  rate_card: rateCardsResource,
  api_token: apiTokensResource,
  webhook: webhooksResource,
};

/**
 * Every resource on the shared protocol, the app's table of contents of them: app.ts serves each
 * and hands the list to the features over every resource (saved filters name them, the undo finds
 * the type of a logged change).
 */
export const RESOURCES: AnyResource[] = [
  ...Object.values(RECORD_RESOURCES),
  // A second view of the orders: their prices.
  pricingResource,
  userOptionsResource,
  // The master-data pickers of the order screens (and any other screen that names these records).
  supplierOptionsResource,
  warehouseOptionsResource,
  vehicleTypeOptionsResource,
  deliveryAreaOptionsResource,
  activityLogsResource,
  reportRunsResource,
  mailOutboxResource,
  webhookDeliveriesResource,
];
