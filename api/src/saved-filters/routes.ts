import Router from '@koa/router';
import Joi from 'joi';
import { logActivity } from '../activity/logActivity';
import type { AppState } from '../foundation/appState';
import { fieldRefusal, fieldText, httpError, problem } from '../foundation/httpError';
import { requireActiveUser } from '../middleware/guard';
import { takes, type Input } from '../middleware/validate';
import type { AnyResource, Ctx } from '../resources/resource';
import { pathId } from '../resources/pathId';
import { User } from '../users/User';

/**
 * A preset holds a list's filter values, a few hundred bytes; the caps keep one user from filling
 * the database with presets (each stored JSON at most FILTER_BYTES, at most MAX_PRESETS in all).
 */
const FILTER_BYTES = 4096;
const MAX_PRESETS = 50;

/** The queries of a list of presets and the bodies of a new one, naming one of `resources`. */
function schemasFor(resources: readonly AnyResource[]) {
  const resource = Joi.string().valid(...resources.map((def) => def.name)).required();
  return {
    listQuery: Joi.object({ resource }),
    createBody: Joi.object({
      resource,
      name: Joi.string().trim().min(1).max(60).required().messages({ 'any.required': fieldText('required'), 'string.empty': fieldText('required') }),
      filter: Joi.object().max(30).required(),
    }),
  };
}

/** Each user's own presets only: nobody reads or deletes another user's. */
async function list(ctx: Ctx, { query: { resource } }: Input<unknown, { resource: string }>) {
  ctx.body = await ctx.state.db('savedFilters').where({ userId: ctx.state.user!.id, resource }).orderBy('name')
    .select('id', 'resource', 'name', 'filter', 'createdAt');
}

async function create(ctx: Ctx, { body }: Input<{ resource: string; name: string; filter: object }>) {
  const filter = JSON.stringify(body.filter);
  if (Buffer.byteLength(filter) > FILTER_BYTES) {
    throw fieldRefusal('invalid_input', `A saved filter may hold at most ${FILTER_BYTES} bytes of filter values`, 'filter',
      problem('too_many_bytes', `At most ${FILTER_BYTES} bytes`, { max: FILTER_BYTES }));
  }
  const userId = ctx.state.user!.id;
  ctx.body = await ctx.state.db.transaction(async (trx) => {
    // The user's row lock serialises their saves, so two at once cannot both pass the count.
    await User.query(trx).findById(userId).forUpdate().select('id');
    const saved = await trx('savedFilters').where({ userId }).count({ n: '*' }).first();
    if (Number(saved?.n ?? 0) >= MAX_PRESETS) {
      throw httpError('saved_filters_full', `You have ${MAX_PRESETS} saved filters, the most one may keep: delete one first`,
        { params: { max: MAX_PRESETS }, fields: { name: problem('too_many', `At most ${MAX_PRESETS} saved filters`, { max: MAX_PRESETS }) } });
    }
    const [row] = await trx('savedFilters').insert({ ...body, filter, userId })
      .returning(['id', 'resource', 'name', 'filter', 'createdAt']);
    await logActivity(trx, ctx, { action: 'create', entityType: 'saved_filter', entityId: row.id,
      changes: { name: { before: null, after: row.name }, filter: { before: null, after: body.filter } } });
    return row;
  });
  ctx.status = 201;
}

async function remove(ctx: Ctx) {
  const id = pathId(ctx);
  ctx.body = await ctx.state.db.transaction(async (trx) => {
    const row = await trx('savedFilters').where({ id, userId: ctx.state.user!.id }).first();
    if (!row) throw httpError('not_found', `No saved filter ${id}`, { params: { entity: 'saved_filter', id } });
    await trx('savedFilters').where({ id }).delete();
    await logActivity(trx, ctx, { action: 'delete', entityType: 'saved_filter', entityId: id,
      changes: { name: { before: row.name, after: null } } });
    return { id };
  });
}

/** The presets of the lists of `resources` (the registry's, handed in by app.ts). */
export function savedFilterRoutes(resources: readonly AnyResource[]): Router<AppState> {
  const schemas = schemasFor(resources);
  return new Router<AppState>({ prefix: '/api/saved-filters' })
    .get('/', requireActiveUser(), takes({ query: schemas.listQuery }, list))
    .post('/', requireActiveUser(), takes({ body: schemas.createBody }, create))
    .delete('/:id', requireActiveUser(), remove);
}
