import type { Pojo } from 'objection';
import { RecordModel } from '../db/RecordModel';

export class VehicleType extends RecordModel {
  static tableName = 'vehicle_types';

  code!: string;
  name!: string;
  capacityTons!: number | null;
  volumeCbm!: number | null;
  description!: string | null;
  status!: 'active' | 'inactive';

  /** pg answers numeric as text; two-decimal measurements are exact as JSON numbers. */
  $parseDatabaseJson(json: Pojo): Pojo {
    const parsed = super.$parseDatabaseJson(json);
    for (const field of ['capacityTons', 'volumeCbm']) {
      if (typeof parsed[field] === 'string') parsed[field] = Number(parsed[field]);
    }
    return parsed;
  }
}
