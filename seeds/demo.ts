import type { Knex } from 'knex';
import { hashPassword } from '../api/src/auth/passwords';
import type { Config } from '../api/src/foundation/config';
import type { Role } from '@kernel/users/roles';
import { seedDemoCompany } from './demoCompany';
import { DEMO_STAFF, staffRow, type StaffMember } from './demoMasterData';
import { personName } from '@kernel/users/personName';

export const DEMO_PASSWORD = 'demo1234';

/** The demo login of each role (username = role), with the names the tests expect. */
export const DEMO_USERS = Object.fromEntries(DEMO_STAFF.map((member) => [member.role, member])) as Record<Role, StaffMember>;

/** A demo user's name as the app shows it (kernel/users/personName.ts). */
export const demoUserName = (role: Role) => personName(DEMO_USERS[role]);

/**
 * The demo data: the six demo logins (one active user per role, password demo1234) and, with
 * `sampleData`, the whole demo company around them (seeds/demoCompany.ts). One transaction.
 */
export async function seedDemoData(db: Knex, config: Config, options: { sampleData: boolean }): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD, config.passwordHashCost);
  await db.transaction(async (trx) => {
    if (options.sampleData) await seedDemoCompany(trx, passwordHash, new Date());
    else await trx('users').insert(DEMO_STAFF.map((member) => staffRow(member, passwordHash)));
    // The demo's logins stay one step: a new company requires a second factor of administrators.
    await trx('secondFactorRoles').delete();
  });
}
