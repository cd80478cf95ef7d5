import type { Modifiers, RelationMappings } from 'objection';
import type { DelayKind } from '@kernel/orders/delayKinds';
import type { OrderStatus } from '@kernel/orders/statusFlow';
import { RecordModel, belongsTo } from '../db/RecordModel';
import { DeliveryArea } from '../delivery-areas/DeliveryArea';
import { RateCard } from '../rate-cards/RateCard';
import { Supplier } from '../suppliers/Supplier';
import { User } from '../users/User';
import { VehicleType } from '../vehicle-types/VehicleType';
import { Warehouse } from '../warehouses/Warehouse';
import { delayCondition, serverToday } from './delays';

/** Money stays text from the database to the JSON (numeric(12,2), exact), never a float. */
export class Order extends RecordModel {
  static tableName = 'orders';

  /** An order names each of these by id (migrations/20261123000060_orders.ts): the orders resource's references. */
  static relationMappings = (): RelationMappings => ({
    supplier: belongsTo('orders', Supplier, 'supplierId'),
    pickupWarehouse: belongsTo('orders', Warehouse, 'pickupWarehouseId'),
    vehicleType: belongsTo('orders', VehicleType, 'vehicleTypeId'),
    deliveryArea: belongsTo('orders', DeliveryArea, 'deliveryAreaId'),
    assignedUser: belongsTo('orders', User, 'assignedUserId'),
    /** The card that priced it (docs/pricing.md#rate-cards); null when its prices were typed. */
    rateCard: belongsTo('orders', RateCard, 'rateCardId'),
  });

  static modifiers: Modifiers = {
    ...RecordModel.modifiers,
    /** The orders late by one delay kind on `today` (delays.ts), by default the server's today. */
    delayed(query, kind: DelayKind, today: string = serverToday()) {
      const { sql, bindings } = delayCondition(kind, today);
      query.whereRaw(sql, bindings);
    },
  };

  mtmNumber!: string;
  dnNumber!: string;
  supplierId!: number | null;
  pickupWarehouseId!: number;
  vehicleTypeId!: number | null;
  deliveryAreaId!: number;
  assignedUserId!: number;
  pickupDate!: string;
  mosDate!: string;
  notes!: string | null;
  status!: OrderStatus;
  completionDate!: Date | null;
  basePurchasePrice!: string | null;
  haulingBuyPrice!: string | null;
  foulTripBuyPrice!: string | null;
  mtmBuyPrice!: string;
  baseSalePrice!: string | null;
  haulingSalePrice!: string | null;
  foulTripSalePrice!: string | null;
  mtmSalePrice!: string;
  createdBy!: number | null;
  rateCardId!: number | null;
}
