import type { Modifiers } from 'objection';
import { RecordModel } from '../db/RecordModel';
import { scopeToAreas } from '../orders/dispatcherScope';
import type { User } from '../users/User';

export class DeliveryArea extends RecordModel {
  static tableName = 'delivery_areas';

  code!: string;
  name!: string;
  region!: string | null;
  description!: string | null;
  status!: 'active' | 'inactive';

  static modifiers: Modifiers = {
    ...RecordModel.modifiers,
    /** The areas the user works in: a regional dispatcher's own, everyone else's all. */
    inAreasOf(query, user: User) {
      scopeToAreas(query, user, 'delivery_areas.id');
    },
  };
}
