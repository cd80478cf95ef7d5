import Router from '@koa/router';
import type { AppState } from '../foundation/appState';
import { fieldRefusal, httpError, problem } from '../foundation/httpError';
import { requireActiveUser } from '../middleware/guard';
import { canAccessPage } from '../permissions/access';
import type { AnyResource, Ctx } from '../resources/resource';
import { personNameSql } from '../users/personNameSql';
import { UNDO_HOURS } from '@kernel/activity/undoableActions';
import { loggedAction, notUndoable } from './loggedAction';
import { ACTION_ID, issueAction } from '../activity/logActivity';
import { prepareUndo, undoAction } from './undoAction';

/** The path's action id, or 400 naming it. */
function actionIdOf(ctx: Ctx): string {
  const id: string = ctx.params.actionId ?? '';
  if (!ACTION_ID.test(id)) throw fieldRefusal('invalid_input', 'actionId must be an action id (a UUID)', 'actionId', problem('invalid_format'));
  return id.toLowerCase();
}

/** A refusal the error middleware would answer (a 4xx with its body), as data. */
const refusalOf = (error: unknown) => {
  const { status, answer } = error as { status?: number; answer?: unknown };
  return answer && status !== undefined && status < 500 ? answer : undefined;
};

/**
 * GET /api/actions/:actionId: what the action was (its kind, how many records, of which types, who
 * and when) and whether the signed-in user may undo it now, with the refusal an undo would get.
 * Seeing it follows the right to undo it (docs/undo.md#routes).
 */
async function describe(ctx: Ctx, resources: readonly AnyResource[]) {
  const actionId = actionIdOf(ctx);
  const user = ctx.state.user!;
  ctx.body = await ctx.state.db.transaction(async (trx) => {
    const action = await loggedAction(trx, actionId);
    // An action no one can undo (a sign-in, a purge) is seen by its actor and the activity log's
    // readers; any other by whoever may undo it: a refusal of who may (403) is the answer itself.
    // Prices one may not see (403 field_denied) are not such a refusal: the log shows them the
    // action, its prices masked, so its description does too, as not undoable by them.
    const own = action.rows.some((row) => row.userId === user.id);
    if (notUndoable(action, resources) && !own && !(await canAccessPage(ctx.state.db, user, 'activity_logs'))) {
      throw httpError('not_found', `No action ${actionId} in the activity log`, { params: { entity: 'action', id: actionId } });
    }
    let refusal: unknown;
    try {
      await prepareUndo(ctx, trx, action, resources, { lock: false });
    } catch (error) {
      refusal = refusalOf(error);
      if (!refusal || ((error as { status: number }).status === 403 && (refusal as { code?: string }).code !== 'field_denied')) throw error;
    }
    const first = action.rows[0];
    const by = first.userId === null ? undefined
      : await trx('users as u').where('u.id', first.userId).first(trx.raw(`nullif(${personNameSql('u')}, '') as name`));
    return {
      actionId,
      action: first.action,
      actions: [...new Set(action.rows.map((row) => row.action))],
      count: action.rows.length,
      records: new Set(action.rows.map((row) => `${row.entityType}:${row.entityId}`)).size,
      entityTypes: [...new Set(action.rows.map((row) => row.entityType).filter((type) => type !== null))],
      userId: first.userId,
      username: first.username,
      userName: by?.name ?? null,
      at: action.at,
      undoableUntil: new Date(new Date(action.at).getTime() + UNDO_HOURS * 3_600_000),
      undoable: refusal === undefined,
      ...(refusal === undefined ? {} : { refusal }),
    };
  });
}

/**
 * POST /api/actions/:actionId/undo: puts back every record the action changed, in one
 * transaction, or refuses whole (docs/undo.md). Answers the undo's own action id and how many
 * records it put back.
 */
async function undo(ctx: Ctx, resources: readonly AnyResource[]) {
  const actionId = actionIdOf(ctx);
  ctx.body = await ctx.state.db.transaction(async (trx) => {
    const result = await undoAction(ctx, await loggedAction(trx, actionId), trx, resources);
    return { ...result, undoneActionId: actionId };
  });
}

/**
 * POST /api/actions: an action id for this session, for a client that sends one change per record
 * and wants them to be one action (X-Action-Id), valid for 10 minutes (docs/undo.md#action-ids).
 */
async function issue(ctx: Ctx) {
  ctx.body = await issueAction(ctx.state.db, ctx);
  ctx.status = 201;
}

/**
 * The undo of the changes of records of `resources` (the registry's, handed in by app.ts). Each
 * record type's own page decides inside (the guard of its change): the route asks an active user.
 */
export function undoRoutes(resources: readonly AnyResource[]): Router<AppState> {
  return new Router<AppState>({ prefix: '/api/actions' })
    .post('/', requireActiveUser(), issue)
    .get('/:actionId', requireActiveUser(), (ctx: Ctx) => describe(ctx, resources))
    .post('/:actionId/undo', requireActiveUser(), (ctx: Ctx) => undo(ctx, resources));
}
