import { RecordModel } from '../db/RecordModel';

export class DeliveryArea extends RecordModel {
  static tableName = 'delivery_areas';

  code!: string;
  name!: string;
  region!: string | null;
  description!: string | null;
  status!: 'active' | 'inactive';
}
