import Router from '@koa/router';
import type { Context } from 'koa';
import type { AppState } from '../appState';
import { publicRoute } from '../middleware/guard';

/** Liveness and database reachability, for load balancers and monitoring. */
async function health(ctx: Context & { state: AppState }) {
  try {
    await ctx.state.db.raw('select 1');
    ctx.body = { status: 'ok', database: 'ok' };
  } catch {
    ctx.status = 503;
    ctx.body = { status: 'degraded', database: 'unreachable' };
  }
}

export const healthRoutes = new Router<AppState>().get('/healthz', publicRoute(), health);
