import { RecordModel } from '../db/RecordModel';

export class Warehouse extends RecordModel {
  static tableName = 'warehouses';

  code!: string;
  name!: string;
  address!: string | null;
  contactPerson!: string | null;
  contactPhone!: string | null;
  status!: 'active' | 'inactive';
}
