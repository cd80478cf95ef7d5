import Router from '@koa/router';
import type { Context } from 'koa';
import type { AppState } from '../foundation/appState';
import { databaseAnswers } from '../db/healthCheck';
import { isDraining } from '../foundation/draining';
import { publicRoute } from '../middleware/guard';

/** The one route that reads no session (middleware/session.ts). */
export const HEALTH_PATH = '/healthz';

/**
 * Liveness and database reachability, for load balancers and monitoring; 503 "draining" once the
 * server is stopping (shutdown.ts). It reads no session and checks on a connection of its own
 * (db/healthCheck.ts): requests stuck on a hung database, or a signed-in monitor's cookie, never
 * hold its answer past HEALTH_CHECK_TIMEOUT_MS.
 */
async function health(ctx: Context & { state: AppState }) {
  const { db, config } = ctx.state;
  if (isDraining(ctx.app)) {
    ctx.status = 503;
    ctx.body = { status: 'draining' };
    return;
  }
  if (await databaseAnswers(db, config.databaseTimeouts.healthCheckMs)) {
    ctx.body = { status: 'ok', database: 'ok' };
    return;
  }
  ctx.status = 503;
  ctx.body = { status: 'degraded', database: 'unreachable' };
}

export const healthRoutes = new Router<AppState>().get(HEALTH_PATH, publicRoute(), health);
