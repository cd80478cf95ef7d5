import type { Answer, HttpClient } from '../helpers/httpClient';
import { useSignedInApp } from '../helpers/testApp';
import { likePattern } from '../../api/src/resources/listQuery';
import { createOrderReferences, type OrderReferences } from '../helpers/orderReferences';

// The orders list's total (docs/api-conventions.md#list-parameters): the planner's estimate first,
// an exact count only when the estimate is small.
const { app, admin, dispatcher } = useSignedInApp({ admin: 'admin', dispatcher: 'regional_dispatcher' });
let refs: OrderReferences;

/**
 * `count` orders in an area, made by one set-based INSERT: one in a hundred cancelled, the rest
 * completed, so the pricing page lists them too (turning 60,000 orders completed and back took half a
 * minute of this file on PGlite).
 */
const addOrders = (prefix: string, areaId: number, count: number) => app.db.raw(`
  insert into orders (mtm_number, dn_number, pickup_warehouse_id, delivery_area_id, assigned_user_id, pickup_date, mos_date,
    status, completion_date)
  select ? || g, ? || g, ?, ?, (select id from users where username = 'admin'), '2026-10-01', '2026-10-06',
    s.status, case when s.status = 'completed' then date '2026-10-08' end
  from generate_series(1, ?) g, lateral (select case when g % 100 = 0 then 'cancelled' else 'completed' end as status) s`,
[`${prefix}-MTM-`, `${prefix}-DN-`, refs.warehouse, areaId, count]);

beforeAll(async () => {
  refs = await createOrderReferences(app, admin);
  await addOrders('OWN', refs.ownArea, 15_000);
  await addOrders('OTHER', refs.otherArea, 45_000);
  await app.db.raw('analyze orders');
});

/** A GET and the SQL it ran (knex's 'query' events on app.db), with each statement's bindings. */
async function listed(client: HttpClient, path: string): Promise<{ answer: Answer; sql: string[]; bindings: unknown[][] }> {
  const sql: string[] = [];
  const bindings: unknown[][] = [];
  const record = (q: { sql: string; bindings?: unknown[] }) => { sql.push(q.sql); bindings.push(q.bindings ?? []); };
  app.db.on('query', record);
  try {
    return { answer: await client.get(path), sql, bindings };
  } finally {
    app.db.off('query', record);
  }
}
const total = (answer: Answer) => Number(answer.headers.get('content-range')!.split('/')[1]);
/** Statements that count rows on their own (the page of a fenced list counts the rows it found itself). */
const counts = (sql: string[]) => sql.filter((s) => /count\(\*\)/i.test(s) && !/^with /i.test(s));
const countedWithPage = (sql: string[]) => sql.filter((s) => /^with .*\(select count\(\*\) from "matches"\)/i.test(s));
const filter = (f: object) => encodeURIComponent(JSON.stringify(f));

describe('orders list totals', () => {
  it('take the planner\'s estimate of a big result without counting', async () => {
    const { answer, sql } = await listed(admin, '/api/orders?range=[0,24]');
    expect(answer.headers.get('x-total-estimated')).toBe('true');
    expect(total(answer)).toBeGreaterThan(54_000);
    expect(total(answer)).toBeLessThan(66_000);
    expect(counts(sql)).toEqual([]);
  });

  it('count a small result exactly, with its page: no second scan of the same rows', async () => {
    const { answer, sql } = await listed(admin, `/api/orders?range=[0,24]&filter=${filter({ status: 'cancelled' })}`);
    expect(answer.headers.get('x-total-estimated')).toBeNull();
    expect(total(answer)).toBe(600);
    expect(answer.body).toHaveLength(25);
    expect(answer.body[0]).not.toHaveProperty('fencedRows');
    expect(counts(sql)).toEqual([]);
    expect(countedWithPage(sql)).toHaveLength(1);
  });

  it('take a short first page as the exact total, without counting', async () => {
    const { answer, sql } = await listed(admin, `/api/orders?range=[0,24]&filter=${filter({ q: 'OWN-MTM-1234' })}`);
    // OWN-MTM-1234 and OWN-MTM-12340 … 12349.
    expect(answer.body).toHaveLength(11);
    expect(answer.headers.get('x-total-estimated')).toBeNull();
    expect(total(answer)).toBe(11);
    expect(counts(sql)).toEqual([]);
  });

  it('take the exact total from a short last page', async () => {
    const all = Number((await app.db('orders').whereNull('deletedAt').count({ n: '*' }))[0].n);
    const { answer } = await listed(admin, `/api/orders?range=[${all - 5},${all + 4}]`);
    expect(answer.body).toHaveLength(5);
    expect(answer.headers.get('x-total-estimated')).toBeNull();
    expect(answer.headers.get('content-range')).toBe(`orders ${all - 5}-${all - 1}/${all}`);
  });

  it('estimate a regional dispatcher\'s total from their own areas', async () => {
    const { answer, sql } = await listed(dispatcher, '/api/orders?range=[0,24]');
    expect(answer.headers.get('x-total-estimated')).toBe('true');
    // 15,000 orders in the dispatcher's area out of 60,000.
    expect(total(answer)).toBeGreaterThan(13_500);
    expect(total(answer)).toBeLessThan(16_500);
    const explained = sql.filter((s) => /^explain/i.test(s));
    expect(explained).toHaveLength(1);
    expect(explained[0]).not.toMatch(/user_delivery_areas/);
    expect(answer.body.every((o: { deliveryAreaId: number }) => o.deliveryAreaId === refs.ownArea)).toBe(true);
  });

  it('estimate a regional dispatcher\'s pricing total from their own areas too', async () => {
    await app.db('pagePermissions').insert({ userId: refs.dispatcherId, pageKey: 'pricing_management', allowed: true });
    await app.heard();
    try {
      const { answer, sql } = await listed(dispatcher, '/api/pricing?range=[0,24]');
      expect(answer.headers.get('x-total-estimated')).toBe('true');
      expect(total(answer)).toBeGreaterThan(13_500);
      expect(total(answer)).toBeLessThan(16_500);
      expect(sql.filter((s) => /^explain/i.test(s))[0]).not.toMatch(/user_delivery_areas/);
      expect(answer.body.every((o: { deliveryAreaId: number }) => o.deliveryAreaId === refs.ownArea)).toBe(true);
    } finally {
      await app.db('pagePermissions').where({ userId: refs.dispatcherId }).delete();
    }
  });

  it('keep a dispatcher without areas to no orders', async () => {
    await app.db('userDeliveryAreas').where({ userId: refs.dispatcherId }).delete();
    try {
      const { answer } = await listed(dispatcher, '/api/orders?range=[0,24]');
      expect(answer.body).toEqual([]);
      expect(answer.headers.get('content-range')).toBe('orders 0-0/0');
    } finally {
      await app.db('userDeliveryAreas').insert({ userId: refs.dispatcherId, deliveryAreaId: refs.ownArea });
    }
  });
});

describe('orders number search', () => {
  const ids = (rows: unknown) => (rows as Array<{ id: number }>).map(({ id }) => id);
  /** The first 25 orders holding `term` in either number, as a plain ILIKE scan finds them. */
  const scanned = async (term: string) => ids(await app.db('orders').whereNull('deletedAt')
    .where((q) => q.whereILike('mtmNumber', likePattern(term)).orWhereILike('dnNumber', likePattern(term)))
    .orderBy([{ column: 'createdAt', order: 'desc' }, { column: 'id', order: 'desc' }]).limit(25).select('id'));

  it('asks the trigram indexes only for the term\'s rare piece, and checks the whole term', async () => {
    // Every number holds "mtm" or "dn-", a quarter of them "own": only 1234 is asked of the indexes.
    const { answer, sql, bindings } = await listed(admin, `/api/orders?range=[0,24]&filter=${filter({ q: 'OWN-MTM-1234' })}`);
    expect(answer.body).toHaveLength(11);
    const page = sql.findIndex((s) => /lower\("orders"."mtm_number"::text\) like lower\(\$\d+\)/.test(s));
    expect(page).toBeGreaterThanOrEqual(0);
    expect(bindings[page]).toEqual(expect.arrayContaining(['%1234%', '%OWN-MTM-1234%']));
    expect(bindings[page]).not.toContain('%OWN%');
  });

  it('finds what a plain scan finds, for whole numbers, pieces, cases and wildcards', async () => {
    for (const term of ['OWN-MTM-1234', 'own-mtm-1234', 'TM-12', 'other-dn-4499', '-DN-44', 'N-M', '99', 'OWN', 'MTM-1_', '50%', 'mtm-14999']) {
      const { answer } = await listed(admin, `/api/orders?range=[0,24]&filter=${filter({ q: term })}`);
      expect([term, ids(answer.body)]).toEqual([term, await scanned(term)]);
    }
  });
});
