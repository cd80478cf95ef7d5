import type { Knex } from 'knex';
import { problem } from '../foundation/httpError';
import { refuseWithheld, requirePage, type RouteGuard } from '../middleware/guard';
import { fieldProblem } from '../middleware/validate';
import { idListsOf, referencesOf } from './relations';
import type { AnyResource, Ctx, RecordWrite, Refusals } from './resource';
import type { PageKey } from '@kernel/permissions/pageKeys';

/**
 * Who may write these fields of a record of `def`: the page each field needs (`rules.fieldPages`,
 * an order's prices: pricing management's), else the resource's write guard; the write guard
 * alone for a write of the whole record. One guard per page.
 */
export function fieldGuards(def: AnyResource, fields: Iterable<string>): RouteGuard[] {
  const own = def.guards?.write ?? requirePage(def.pageKey!);
  const pages = new Set<PageKey>();
  let plain = false;
  for (const field of fields) {
    const page = def.rules?.fieldPages?.[field];
    if (page) pages.add(page);
    else plain = true;
  }
  // No field (a delete, a create, a restore): the record's own write guard.
  return [...(plain || pages.size === 0 ? [own] : []), ...[...pages].map((page) => requirePage(page))];
}

/** Runs route guards as checks: each throws its refusal (403 page_denied…), as at the head of a route. */
export async function passGuards(ctx: Ctx, guards: RouteGuard[]): Promise<void> {
  for (const guard of guards) await guard(ctx as Parameters<RouteGuard>[0], async () => undefined);
}

/**
 * Each reference and id list the writes set must name live records (a supplier in the trash is
 * refused): one statement per reference field and per id list, however many records.
 */
async function liveReferenceRefusals(def: AnyResource, trx: Knex.Transaction, writes: RecordWrite[], refusals: Refusals) {
  const targets = [
    ...referencesOf(def).map((ref) => ({ field: ref.field, related: ref.related, ids: (w: RecordWrite) => [w.after[ref.field]] })),
    ...idListsOf(def).map((list) => ({ field: list.field, related: list.related, ids: (w: RecordWrite) => (w.after[list.field] ?? []) as unknown[] })),
  ];
  for (const { field, related, ids } of targets) {
    const setting = writes.filter((w) => w.fields.includes(field) && !refusals.has(w.id));
    const wanted = [...new Set(setting.flatMap((w) => ids(w).filter((id): id is number => typeof id === 'number')))];
    if (wanted.length === 0) continue;
    const live = new Set((await related.query(trx).modify('live').whereIn('id', wanted).select('id')).map((row) => row.$id() as number));
    for (const w of setting) {
      const missing = ids(w).filter((id) => typeof id === 'number' && !live.has(id));
      if (missing.length > 0) {
        refusals.set(w.id, { field, problem: problem('unknown_id', `No such record ${missing.join(', ')}`, { ids: missing.join(', ') }) });
      }
    }
  }
}

/**
 * Values a path did not read from a request (an undo's, from the log) checked as a form's body is:
 * each field the resource's update schema knows, by its rule. A request's body is checked before.
 */
function schemaRefusals(def: AnyResource, writes: RecordWrite[], refusals: Refusals) {
  const schema = def.write?.schemas.update;
  if (!schema) return;
  const known = new Set(Object.keys(schema.describe().keys ?? {}));
  for (const w of writes) {
    const fields = w.fields.filter((field) => known.has(field));
    if (fields.length === 0) continue;
    const { error } = schema.validate(Object.fromEntries(fields.map((field) => [field, w.after[field]])), { convert: true });
    const detail = error?.details[0];
    if (detail) refusals.set(w.id, { field: String(detail.path[0] ?? fields[0]), problem: { ...fieldProblem(detail), message: detail.message } });
  }
}

/**
 * The one judge of writes of records of `def` (docs/architecture.md#the-write-path): the records
 * whose write would break a rule of their type, each with its reason. The live references of
 * every type (and an undo's values by the type's schema), then the type's own invariants
 * (`rules.check`), set-based. Each path frames the
 * answer (a form's field, a bulk action's records, an undo's refusal); none states a rule again.
 * A write of a field the person may not see (an order's price: field groups) is refused outright,
 * 403 `field_denied`, whichever record it is on.
 */
export async function writeRefusals(ctx: Ctx, trx: Knex.Transaction, def: AnyResource, writes: RecordWrite[],
  how: { undo: boolean } = { undo: false }): Promise<Refusals> {
  const refusals: Refusals = new Map();
  if (writes.length === 0) return refusals;
  await refuseWithheld(ctx, def.entityType, writes.flatMap((w) => w.fields));
  if (how.undo) schemaRefusals(def, writes, refusals);
  await liveReferenceRefusals(def, trx, writes, refusals);
  const own = await def.rules?.check?.(ctx, trx, writes.filter((w) => !refusals.has(w.id)), how);
  for (const [id, refusal] of own ?? []) refusals.set(id, refusal);
  return refusals;
}
