import { Model } from 'objection';

export class Supplier extends Model {
  static tableName = 'suppliers';

  id!: number;
  name!: string;
  shortName!: string | null;
  contactPerson!: string | null;
  contactPhone!: string | null;
  contactEmail!: string | null;
  website!: string | null;
  address!: string | null;
  status!: 'active' | 'inactive';
  serviceAreaIds!: number[];
  version!: number;
}
