import type { Identifier } from 'react-admin';
import { EDITABLE_FIELDS, type OrderRecord } from '@kernel/orders/orderRecords';
import { MAIN_FLOW, ORDER_STATUSES, type OrderStatus } from '@kernel/orders/statusFlow';

export { MAIN_FLOW, ORDER_STATUSES, type OrderStatus };

/** What an edit sends: the editable fields and the version it started from, so a stale edit is refused. */
export function toOrderPayload(data: Partial<OrderRecord>): Partial<OrderRecord> {
  const payload: Record<string, unknown> = { version: data.version };
  for (const field of EDITABLE_FIELDS) if (field in data) payload[field] = data[field] === '' ? null : data[field];
  return payload as Partial<OrderRecord>;
}

/** The detail path of docs/routes-and-pages.md#route-table (react-admin's default show path would be /orders/{id}/show). */
export const orderPath = (id: Identifier) => `/orders/${id}`;

export const STATUS_CHOICES = ORDER_STATUSES.map((status) => ({ id: status, name: `order_status.${status}` }));

/** The pickers of the order's references: live records readable by every role (api pickerResources.ts). */
export const REFERENCES = {
  supplierId: 'supplier-options',
  pickupWarehouseId: 'warehouse-options',
  vehicleTypeId: 'vehicle-type-options',
  deliveryAreaId: 'delivery-area-options',
  assignedUserId: 'user-options',
} as const;
export type OrderReference = keyof typeof REFERENCES;
