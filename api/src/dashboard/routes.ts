import Router from '@koa/router';
import type { Context } from 'koa';
import type { AppState } from '../foundation/appState';
import { requirePage } from '../middleware/guard';
import { User } from '../users/User';
import { APP_VERSION } from '../foundation/version';

type Ctx = Context & { state: AppState };

/** The roles the contributors card thanks, in its order. */
const CONTRIBUTOR_ROLES = ['team_leader', 'biller', 'regional_dispatcher', 'manager'] as const;

async function dashboard(ctx: Ctx) {
  const users = await User.query(ctx.state.db).modify('live').where({ status: 'active' })
    .whereIn('role', CONTRIBUTOR_ROLES).orderBy(['firstName', 'lastName']).select('firstName', 'lastName', 'role');
  const contributors = Object.fromEntries(CONTRIBUTOR_ROLES.map((role) => [role,
    users.filter((u) => u.role === role).map((u) => u.fullName)]));
  ctx.body = { contributors, version: APP_VERSION };
}

export const dashboardRoutes = new Router<AppState>({ prefix: '/api' })
  .get('/dashboard', requirePage('dashboard'), dashboard);
