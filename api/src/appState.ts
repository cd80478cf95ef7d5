import type { Knex } from 'knex';
import type { Config } from './config';
import type { User } from './users/User';

/** What every request carries in ctx.state. */
export interface AppState {
  db: Knex;
  config: Config;
  /** The signed-in user, loaded fresh on each request; undefined when nobody is signed in. */
  user?: User;
}
