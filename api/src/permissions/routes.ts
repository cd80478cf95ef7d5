import Router from '@koa/router';
import Joi from 'joi';
import type { Context } from 'koa';
import type { AppState } from '../foundation/appState';
import { httpError } from '../foundation/httpError';
import { requirePage, requireUser } from '../middleware/guard';
import { takes, type Input } from '../middleware/validate';
import { accessiblePages } from './access';
import { PAGE_KEYS, type PageKey } from '@kernel/permissions/pageKeys';
import { matrixChangeSchema, readMatrix, writeMatrix } from './permissionMatrix';
import type { MatrixChange } from '@kernel/permissions/permissionMatrix';

type Ctx = Context & { state: AppState };

const pageKeyQuery = Joi.object({ pageKey: Joi.string().valid(...PAGE_KEYS).required() });

async function userAccessiblePages(ctx: Ctx) {
  const pages = await accessiblePages(ctx.state.db, ctx.state.user!);
  ctx.body = pages.map((pageKey) => ({ pageKey }));
}

async function canAccessPage(ctx: Ctx, { query: { pageKey } }: Input<unknown, { pageKey: PageKey }>) {
  const pages = await accessiblePages(ctx.state.db, ctx.state.user!);
  ctx.body = { pageKey, canAccess: pages.includes(pageKey) };
}

/** Always refused: lets /permission-denied-demo show the global notice through a real 403. */
function permissionDeniedDemo() {
  throw httpError('access_denied', 'Access denied: this call exists to demonstrate the permission-denied notice');
}

async function getMatrix(ctx: Ctx) {
  ctx.body = await readMatrix(ctx.state.db);
}

async function putMatrix(ctx: Ctx, { body }: Input<MatrixChange>) {
  ctx.body = await writeMatrix(ctx, body);
}

export const permissionRoutes = new Router<AppState>({ prefix: '/api' })
  .get('/user-accessible-pages', requireUser(), userAccessiblePages)
  .get('/can-access-page', requireUser(), takes({ query: pageKeyQuery }, canAccessPage))
  .get('/permission-denied-demo', requireUser(), permissionDeniedDemo)
  .get('/permissions', requirePage('permissions'), getMatrix)
  .put('/permissions', requirePage('permissions'), takes({ body: matrixChangeSchema }, putMatrix));
