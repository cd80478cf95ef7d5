import { Model } from 'objection';

export class DeliveryArea extends Model {
  static tableName = 'delivery_areas';

  id!: number;
  code!: string;
  name!: string;
  region!: string | null;
  description!: string | null;
  status!: 'active' | 'inactive';
  version!: number;
}
