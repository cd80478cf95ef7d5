import { Model, type Modifiers } from 'objection';
import type { Role, UserStatus } from '@kernel/users/roles';
import { personName } from '@kernel/users/personName';

export class User extends Model {
  static tableName = 'users';

  id!: number;
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
  createdAt!: Date;
  updatedAt!: Date;
  version!: number;
  deletedAt!: Date | null;
  deletedBy!: number | null;

  static modifiers: Modifiers = {
    live(query) {
      query.whereNull('users.deletedAt');
    },
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
