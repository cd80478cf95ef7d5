import type { HttpClient } from './httpClient';

/** The records every new order names: where it is picked up, where it goes and who works on it. */
export type OrderPlace = {
  pickupWarehouseId: number;
  deliveryAreaId: number;
  assignedUserId: number;
};

/** A new order as POST /api/orders takes it (the API's createOrderSchema). */
export type OrderBody = OrderPlace & {
  mtmNumber: string;
  dnNumber: string;
  pickupDate: string;
  mosDate: string;
  supplierId?: number | null;
  vehicleTypeId?: number | null;
  notes?: string | null;
};

/**
 * What a test says of an order: its place, any field it cares about, and for a row written straight
 * into the table any column beyond the form's (a status, a completion date).
 */
export type OrderFields = OrderPlace & Partial<OrderBody> & Record<string, unknown>;

/** An order as the API answers it. */
export type CreatedOrder = { id: number; version: number; mtmNumber: string; dnNumber: string } & Record<string, any>;

let made = 0;

/**
 * A valid new order of `fields`, the rest filled in: a new MTM number (MTM-1, MTM-2… in the order
 * of this test file), the DN number DN-<its MTM number>, picked up on 2026-11-20 with its MOS date
 * 2026-11-25.
 */
export function orderBody(fields: OrderFields): OrderBody & Record<string, unknown> {
  made += 1;
  const mtmNumber = fields.mtmNumber ?? `MTM-${made}`;
  return { mtmNumber, dnNumber: `DN-${mtmNumber}`, pickupDate: '2026-11-20', mosDate: '2026-11-25', ...fields };
}

/** Creates orderBody(fields) through POST /api/orders as `client`; anything but 201 fails the test. */
export function createOrder(client: HttpClient, fields: OrderFields): Promise<CreatedOrder> {
  return client.create<CreatedOrder>('/api/orders', orderBody(fields));
}
