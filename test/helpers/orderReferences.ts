import { signedInAs, type HttpClient } from './httpClient';
import { createOrder, type OrderPlace } from './orders';
import { SUPPLIER_CONTACT } from './supplierContact';
import type { TestApp } from './testApp';

/** The records an order names, and the regional dispatcher, who works in `ownArea` only. */
export interface OrderReferences {
  warehouse: number;
  supplier: number;
  vehicleType: number;
  ownArea: number;
  otherArea: number;
  dispatcherId: number;
}

/**
 * Makes, as the admin, a warehouse (W1 Main DC), a supplier (Carrier One), a vehicle type (T5) and
 * two delivery areas, and gives the demo regional dispatcher the first of them.
 */
export async function createOrderReferences(app: TestApp, admin: HttpClient): Promise<OrderReferences> {
  const create = async (path: string, body: object) => (await admin.create(path, body)).id;
  const refs: OrderReferences = {
    warehouse: await create('/api/warehouses', { code: 'W1', name: 'Main DC' }),
    supplier: await create('/api/suppliers', { name: 'Carrier One', ...SUPPLIER_CONTACT }),
    vehicleType: await create('/api/vehicle-types', { code: 'T5', name: '5 t truck' }),
    ownArea: await create('/api/delivery-areas', { code: 'OWN', name: 'Dispatcher area' }),
    otherArea: await create('/api/delivery-areas', { code: 'OTHER', name: 'Someone else' }),
    dispatcherId: (await app.db('users').where({ username: 'regional_dispatcher' }).first('id')).id,
  };
  await app.db('userDeliveryAreas').insert({ userId: refs.dispatcherId, deliveryAreaId: refs.ownArea });
  return refs;
}

/** An order's place among `refs`: their warehouse and `area` (the dispatcher's own unless told), assigned to the dispatcher. */
export const placeIn = (refs: OrderReferences, area = refs.ownArea): OrderPlace =>
  ({ pickupWarehouseId: refs.warehouse, deliveryAreaId: area, assignedUserId: refs.dispatcherId });

/**
 * For a browser test that needs orders made behind the screen: the admin's API client and
 * `newOrder(mtm)`, an order in a warehouse and a delivery area of the test's own (`code` and
 * `name` tell them apart from other files'), assigned to the team leader.
 */
export async function orderMaker(app: TestApp, code: string, name: string) {
  const admin = await signedInAs(app.url, 'admin');
  const warehouse = (await admin.create('/api/warehouses', { code: `${code}-DC`, name: `${name} DC` })).id;
  const area = (await admin.create('/api/delivery-areas', { code: `${code}-A`, name: `${name} area` })).id;
  const leader = (await app.db('users').where({ username: 'team_leader' }).first('id')).id;
  const newOrder = (mtm: string) => createOrder(admin, { mtmNumber: mtm, pickupWarehouseId: warehouse, deliveryAreaId: area, assignedUserId: leader });
  return { admin, newOrder };
}

/** `count` completed orders in `refs`' warehouse and own area, by one set-based INSERT; their ids, ascending. */
export async function completedOrders(app: TestApp, refs: OrderReferences, prefix: string, count: number): Promise<number[]> {
  const { rows } = await app.db.raw(`
    insert into orders (mtm_number, dn_number, pickup_warehouse_id, delivery_area_id, assigned_user_id,
      pickup_date, mos_date, status, completion_date)
    select ? || g, ? || g, ?, ?, (select id from users where username = 'admin'),
      '2026-10-01', '2026-10-06', 'completed', '2026-10-20T08:00:00Z'
    from generate_series(1, ?) g
    returning id`, [`${prefix}-MTM-`, `${prefix}-DN-`, refs.warehouse, refs.ownArea, count]);
  return rows.map((r: { id: number }) => r.id).sort((a: number, b: number) => a - b);
}
