import { SIDES } from '@kernel/pricing/priceFields';
import type { ExportColumn, ListExport } from '../csv/listExport';
import { personNameSql } from '../users/personNameSql';
import { columnName } from '../db/columnName';


/**
 * An MTM price as the screen shows it (kernel/pricing/priceTotals.ts): empty ("—") until one of
 * its side's prices is set, though the database's sum reads 0.00 then.
 */
const mtmPrice = ({ inputs, total }: (typeof SIDES)[number]): ExportColumn => ({ field: total, as: 'money',
  sql: `case when num_nonnulls(${inputs.map((input) => `orders.${columnName(input)}`).join(', ')}) = 0 then null else orders.${columnName(total)} end` });

/**
 * The order list's export: references by name, through joins rather than a lookup per row (a
 * million orders stream through PostgreSQL's COPY). Pickup and MOS dates stay as the order import
 * reads them back (docs/order-import.md: 2026-11-05), which an English date ("Nov 5, 2026") is not.
 */
export const orderExport: ListExport = {
  title: 'menu.orders',
  columns: [
    { field: 'id', as: 'number' },
    { field: 'mtmNumber' },
    { field: 'dnNumber' },
    { field: 'status', translate: 'order_status' },
    { field: 'supplierId', sql: 's.name' },
    { field: 'pickupWarehouseId', sql: 'w.name' },
    { field: 'vehicleTypeId', sql: 'v.name' },
    { field: 'deliveryAreaId', sql: 'a.name' },
    { field: 'assignedUserId', sql: personNameSql('u') },
    { field: 'pickupDate' },
    { field: 'mosDate' },
    { field: 'completionDate', as: 'instant' },
    { field: 'createdAt', as: 'instant' },
    { field: 'notes' },
    ...SIDES.map(mtmPrice),
  ],
  join: (query) => query
    .leftJoin('suppliers as s', 's.id', 'orders.supplierId')
    .leftJoin('warehouses as w', 'w.id', 'orders.pickupWarehouseId')
    .leftJoin('vehicleTypes as v', 'v.id', 'orders.vehicleTypeId')
    .leftJoin('deliveryAreas as a', 'a.id', 'orders.deliveryAreaId')
    .leftJoin('users as u', 'u.id', 'orders.assignedUserId'),
};
