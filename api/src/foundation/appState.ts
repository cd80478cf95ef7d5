import type { Context } from 'koa';
import type { Knex } from 'knex';
import type { Config } from './config';

/**
 * What every request carries in ctx.state. The signed-in user is the users domain's to declare
 * (users/User.ts adds `user` to this interface), so the foundation names no part of the app.
 */
export interface AppState {
  db: Knex;
  config: Config;
  /** The trusted proxy's X-Request-Id or a new UUID: in the log lines and error answers (middleware/requestLog.ts). */
  requestId: string;
}

/** A request's context with the app's state. */
export type Ctx = Context & { state: AppState };
