import type { RelationMappings } from 'objection';
import { RecordModel, belongsTo } from '../db/RecordModel';
import { DeliveryArea } from '../delivery-areas/DeliveryArea';
import { Supplier } from '../suppliers/Supplier';
import { VehicleType } from '../vehicle-types/VehicleType';

/**
 * A supplier's six prices, for one vehicle type and/or delivery area or for all, valid from a day to
 * an optional last day (docs/pricing.md#rate-cards). Money stays text, as an order's.
 */
export class RateCard extends RecordModel {
  static tableName = 'rate_cards';

  static relationMappings = (): RelationMappings => ({
    supplier: belongsTo('rate_cards', Supplier, 'supplierId'),
    vehicleType: belongsTo('rate_cards', VehicleType, 'vehicleTypeId'),
    deliveryArea: belongsTo('rate_cards', DeliveryArea, 'deliveryAreaId'),
  });

  name!: string;
  supplierId!: number;
  vehicleTypeId!: number | null;
  deliveryAreaId!: number | null;
  validFrom!: string;
  validTo!: string | null;
  basePurchasePrice!: string;
  haulingBuyPrice!: string | null;
  foulTripBuyPrice!: string | null;
  baseSalePrice!: string;
  haulingSalePrice!: string | null;
  foulTripSalePrice!: string | null;
  notes!: string | null;
}
