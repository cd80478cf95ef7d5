import Router from '@koa/router';
import type { Knex } from 'knex';
import type { Context } from 'koa';
import type { AppState } from '../appState';
import { publicRoute } from '../middleware/guard';

/**
 * Whether the database answers `select 1` within `ms`. A check that takes longer is left to
 * finish or fail on its own: a paused server would otherwise hold the answer as long as it sleeps.
 */
async function databaseAnswers(db: Knex, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const check = db.raw('select 1').then(() => true, () => false);
  const tooLate = new Promise<boolean>((resolve) => { timer = setTimeout(resolve, ms, false); });
  try {
    return await Promise.race([check, tooLate]);
  } finally {
    clearTimeout(timer);
  }
}

/** Liveness and database reachability, for load balancers and monitoring. */
async function health(ctx: Context & { state: AppState }) {
  const { db, config } = ctx.state;
  if (await databaseAnswers(db, config.databaseTimeouts.healthCheckMs)) {
    ctx.body = { status: 'ok', database: 'ok' };
    return;
  }
  ctx.status = 503;
  ctx.body = { status: 'degraded', database: 'unreachable' };
}

export const healthRoutes = new Router<AppState>().get('/healthz', publicRoute(), health);
