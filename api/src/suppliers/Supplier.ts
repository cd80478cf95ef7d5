import type { RelationMappings } from 'objection';
import { RecordModel } from '../db/RecordModel';
import { DeliveryArea } from '../delivery-areas/DeliveryArea';

export class Supplier extends RecordModel {
  static tableName = 'suppliers';

  static relationMappings = (): RelationMappings => ({
    /** The delivery areas the supplier serves: the resource's `serviceAreaIds`. */
    serviceAreas: {
      relation: RecordModel.ManyToManyRelation,
      modelClass: DeliveryArea,
      join: {
        from: 'suppliers.id',
        through: { from: 'supplier_service_areas.supplierId', to: 'supplier_service_areas.deliveryAreaId' },
        to: 'delivery_areas.id',
      },
    },
  });

  name!: string;
  shortName!: string | null;
  contactPerson!: string | null;
  contactPhone!: string | null;
  contactEmail!: string | null;
  website!: string | null;
  address!: string | null;
  status!: 'active' | 'inactive';
  serviceAreaIds!: number[];
}
