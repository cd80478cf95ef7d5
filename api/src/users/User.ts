import type { Modifiers, RelationMappings } from 'objection';
import { RecordModel, manyToMany } from '../db/RecordModel';
import { DeliveryArea } from '../delivery-areas/DeliveryArea';
import type { Role, UserStatus } from '@kernel/users/roles';
import { personName } from '@kernel/users/personName';

export class User extends RecordModel {
  static tableName = 'users';

  static relationMappings = (): RelationMappings => ({
    /** The delivery areas a regional dispatcher works in: the users resource's `deliveryAreaIds`. */
    deliveryAreas: manyToMany('users', DeliveryArea, 'user_delivery_areas', 'userId', 'deliveryAreaId'),
  });

  /** A sign-in records its time; it is no edit of the account (no new version). */
  static unversioned = ['lastLoginAt'];

  username!: string;
  passwordHash!: string;
  firstName!: string;
  lastName!: string;
  role!: Role;
  status!: UserStatus;
  email!: string | null;
  phone!: string | null;
  lastLoginAt!: Date | null;
  /** Filled by the users resource's list and read queries (user_delivery_areas). */
  deliveryAreaIds?: number[];

  static modifiers: Modifiers = {
    ...RecordModel.modifiers,
    byUsername(query, username: string) {
      query.whereRaw('lower(username) = lower(?)', [username]);
    },
  };

  get fullName(): string {
    return personName(this);
  }

  /** What any endpoint may show of a user: never the password hash. */
  toPublic() {
    return {
      id: this.id,
      username: this.username,
      firstName: this.firstName,
      lastName: this.lastName,
      role: this.role,
      status: this.status,
      email: this.email,
      phone: this.phone,
      lastLoginAt: this.lastLoginAt,
      createdAt: this.createdAt,
      version: this.version,
    };
  }
}

declare module '../foundation/appState' {
  interface AppState {
    /** The signed-in user, loaded fresh on each request; undefined when nobody is signed in. */
    user?: User;
  }
}
