import { Model } from 'objection';

export class Warehouse extends Model {
  static tableName = 'warehouses';

  id!: number;
  code!: string;
  name!: string;
  address!: string | null;
  contactPerson!: string | null;
  contactPhone!: string | null;
  status!: 'active' | 'inactive';
  version!: number;
}
