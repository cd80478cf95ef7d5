import type { RelationMappings } from 'objection';
import { RecordModel, manyToMany } from '../db/RecordModel';
import { DeliveryArea } from '../delivery-areas/DeliveryArea';

export class Supplier extends RecordModel {
  static tableName = 'suppliers';

  static relationMappings = (): RelationMappings => ({
    /** The delivery areas the supplier serves: the resource's `serviceAreaIds`. */
    serviceAreas: manyToMany('suppliers', DeliveryArea, 'supplier_service_areas', 'supplierId', 'deliveryAreaId'),
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
