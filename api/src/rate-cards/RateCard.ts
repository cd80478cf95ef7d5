import type { RelationMappings } from 'objection';
import { RecordModel } from '../db/RecordModel';
import { DeliveryArea } from '../delivery-areas/DeliveryArea';
import { Supplier } from '../suppliers/Supplier';
import { VehicleType } from '../vehicle-types/VehicleType';

const belongsTo = (modelClass: typeof RecordModel, column: string) => ({
  relation: RecordModel.BelongsToOneRelation, modelClass, join: { from: `rate_cards.${column}`, to: `${modelClass.tableName}.id` },
});

/**
 * A supplier's six prices, for one vehicle type and/or delivery area or for all, valid from a day to
 * an optional last day (docs/pricing.md#rate-cards). Money stays text, as an order's.
 */
export class RateCard extends RecordModel {
  static tableName = 'rate_cards';

  static relationMappings = (): RelationMappings => ({
    supplier: belongsTo(Supplier, 'supplierId'),
    vehicleType: belongsTo(VehicleType, 'vehicleTypeId'),
    deliveryArea: belongsTo(DeliveryArea, 'deliveryAreaId'),
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
