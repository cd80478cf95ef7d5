import type { Knex } from 'knex';
import { hashPassword } from '../api/src/auth/passwords';
import type { Config } from '../api/src/config';
import { ROLES } from '../api/src/users/roles';

export const DEMO_PASSWORD = 'demo1234';

/** Demo names per role, shown on the dashboard's contributors card. */
const DEMO_NAMES: Record<(typeof ROLES)[number], [string, string]> = {
  admin: ['Ada', 'Admin'],
  director: ['Wei', 'Zhang'],
  manager: ['Mei', 'Chen'],
  team_leader: ['Jun', 'Li'],
  biller: ['Fang', 'Wang'],
  regional_dispatcher: ['Hao', 'Liu'],
};

/** One active user per role, named after the role, all with the demo password. */
export async function seedDemoData(db: Knex, config: Config): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD, config.passwordHashCost);
  await db.transaction(async (trx) => {
    await trx('users').insert(ROLES.map((role) => ({
      username: role,
      passwordHash,
      firstName: DEMO_NAMES[role][0],
      lastName: DEMO_NAMES[role][1],
      role,
      status: 'active',
      email: `${role.replace('_', '.')}@example.com`,
    })));
  });
}
