import type { Identifier, RaRecord } from 'react-admin';
import { MAIN_FLOW, ORDER_STATUSES, type OrderStatus } from '@kernel/orders/statusFlow';

export { MAIN_FLOW, ORDER_STATUSES, type OrderStatus };

/** One status change: POST /api/orders/:id/transitions. */
export interface TransitionRequest {
  to: OrderStatus;
  note?: string;
  completionDate?: string;
}

/** An order as GET /api/orders answers it: dates as 'YYYY-MM-DD', money as exact text ('12.50'). */
export interface OrderRecord extends RaRecord {
  mtmNumber: string;
  dnNumber: string;
  supplierId: number | null;
  pickupWarehouseId: number;
  vehicleTypeId: number | null;
  deliveryAreaId: number;
  assignedUserId: number;
  pickupDate: string;
  mosDate: string;
  notes: string | null;
  status: OrderStatus;
  completionDate: string | null;
  basePurchasePrice: string | null;
  haulingBuyPrice: string | null;
  foulTripBuyPrice: string | null;
  mtmBuyPrice: string;
  baseSalePrice: string | null;
  haulingSalePrice: string | null;
  foulTripSalePrice: string | null;
  mtmSalePrice: string;
  createdBy: number | null;
  /** The rate card that priced it; null when its prices were typed (docs/pricing.md#rate-cards). */
  rateCardId: number | null;
  createdAt: string;
  updatedAt: string;
  version: number;
}

/**
 * The fields a person writes (docs/admin-screens.md#forms-and-their-messages); status, dates of
 * completion and prices move elsewhere.
 */
export const EDITABLE_FIELDS = ['mtmNumber', 'dnNumber', 'supplierId', 'pickupWarehouseId', 'vehicleTypeId',
  'deliveryAreaId', 'assignedUserId', 'pickupDate', 'mosDate', 'notes'] as const;

export const PRICE_FIELDS = ['basePurchasePrice', 'haulingBuyPrice', 'foulTripBuyPrice', 'mtmBuyPrice',
  'baseSalePrice', 'haulingSalePrice', 'foulTripSalePrice', 'mtmSalePrice'] as const;

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

/** A live attachment of an order (GET /api/orders/:id/attachments). */
export interface OrderAttachment {
  id: number;
  orderId: number;
  kind: 'pod' | 'receipt';
  fileName: string;
  contentType: string;
  size: number;
  uploadedBy: number | null;
  uploadedByName: string;
  createdAt: string;
}

/** One status change of the timeline (GET /api/orders/:id/events). */
export interface OrderEvent {
  id: number;
  fromStatus: OrderStatus | null;
  toStatus: OrderStatus;
  at: string;
  note: string | null;
  userId: number | null;
  userName: string;
}
