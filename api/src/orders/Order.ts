import { Model } from 'objection';
import type { OrderStatus } from '@kernel/orders/statusFlow';

/** Money stays text from the database to the JSON (numeric(12,2), exact), never a float. */
export class Order extends Model {
  static tableName = 'orders';

  id!: number;
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
  version!: number;
}
