import { Model, type Pojo } from 'objection';

export class VehicleType extends Model {
  static tableName = 'vehicle_types';

  id!: number;
  code!: string;
  name!: string;
  capacityTons!: number | null;
  volumeCbm!: number | null;
  description!: string | null;
  status!: 'active' | 'inactive';
  version!: number;

  /** pg answers numeric as text; two-decimal measurements are exact as JSON numbers. */
  $parseDatabaseJson(json: Pojo): Pojo {
    const parsed = super.$parseDatabaseJson(json);
    for (const field of ['capacityTons', 'volumeCbm']) {
      if (typeof parsed[field] === 'string') parsed[field] = Number(parsed[field]);
    }
    return parsed;
  }
}
