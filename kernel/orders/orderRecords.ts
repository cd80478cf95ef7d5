/** An order and what belongs to it as GET /api/orders… answers them. */
import type { OrderStatus } from './statusFlow';

/** One status change: POST /api/orders/:id/transitions. */
export interface TransitionRequest {
  to: OrderStatus;
  note?: string;
  completionDate?: string;
}

/** An order as GET /api/orders answers it: dates as 'YYYY-MM-DD', money as exact text ('12.50'). */
export interface OrderRecord {
  id: number;
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
