import { signedInAs } from '../helpers/httpClient';
import { createOrderReferences, type OrderReferences } from '../helpers/orderReferences';
import { statementsDuring } from '../helpers/statements';
import { useSignedInApp } from '../helpers/testApp';
import { grantFieldGroups } from '../helpers/fieldGroups';

// POST /api/pricing/paste (docs/pricing.md#pasting-a-block): a block pasted into the pricing grid,
// each row saved under its version or refused with its reason, the others saved.
const { app, admin, biller } = useSignedInApp({ admin: 'admin', biller: 'biller' });
let refs: OrderReferences;

beforeAll(async () => { refs = await createOrderReferences(app, admin); });

/** `count` orders at `status` (completed by default) made by one INSERT, in `area`; their ids, ascending. */
async function orders(prefix: string, count: number, { status = 'completed', area = refs.ownArea } = {}): Promise<number[]> {
  const { rows } = await app.db.raw(`
    insert into orders (mtm_number, dn_number, pickup_warehouse_id, delivery_area_id, assigned_user_id,
      pickup_date, mos_date, status, completion_date)
    select ? || g, ? || g, ?, ?, (select id from users where username = 'admin'),
      '2026-10-01', '2026-10-06', ?, case when ? = 'completed' then timestamptz '2026-10-20T08:00:00Z' end
    from generate_series(1, ?) g
    returning id`, [`${prefix}-`, `DN-${prefix}-`, refs.warehouse, area, status, status, count]);
  return rows.map((r: { id: number }) => r.id).sort((a: number, b: number) => a - b);
}

const paste = (rows: unknown, client = biller) => client.post('/api/pricing/paste', { rows });
const stored = (id: number) => app.db('orders').where({ id }).first();
const logsOf = (ids: number[]) => app.db('activityLogs').where({ entityType: 'order' })
  .whereIn('entityId', ids.map(String)).orderBy('id');

describe('pasting a block of prices', () => {
  it('saves the good rows, refuses a bad number on its row only, and logs one update per saved order under one action id', async () => {
    const ids = await orders('MIX', 4);
    const answer = await paste([
      { id: ids[0], version: 1, basePurchasePrice: '100.00', haulingBuyPrice: '20', baseSalePrice: 150 },
      { id: ids[1], version: 1, basePurchasePrice: '12x.5', baseSalePrice: '-3', haulingSalePrice: '1.234' },
      { id: ids[2], version: 1, foulTripSalePrice: '1234.5' },
      { id: ids[3], version: 1, basePurchasePrice: '1000000000' },
    ]);
    expect(answer.status).toBe(200);
    expect(answer.body.actionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(answer.body.saved.map((row: { id: number }) => row.id)).toEqual([ids[0], ids[2]]);
    // The saved rows as the list shows them: new version, the totals and the margin of the database.
    expect(answer.body.saved[0]).toMatchObject({ id: ids[0], version: 2, mtmNumber: 'MIX-1', basePurchasePrice: '100.00',
      haulingBuyPrice: '20.00', baseSalePrice: '150.00', mtmBuyPrice: '120.00', mtmSalePrice: '150.00', margin: '30.00' });
    expect(answer.body.saved[1]).toMatchObject({ foulTripSalePrice: '1234.50', margin: null, version: 2 });
    expect(answer.body.refused).toEqual([
      { id: ids[1], fields: {
        basePurchasePrice: { code: 'invalid_format', message: expect.any(String) },
        baseSalePrice: { code: 'too_small', message: expect.any(String), params: { min: 0 } },
        haulingSalePrice: { code: 'too_many_decimals', message: expect.any(String), params: { max: 2 } } } },
      { id: ids[3], fields: { basePurchasePrice: { code: 'too_large', message: expect.any(String), params: { max: '999999999.99' } } } },
    ]);
    expect(await stored(ids[1])).toMatchObject({ version: 1, basePurchasePrice: null, baseSalePrice: null });
    expect(await stored(ids[3])).toMatchObject({ version: 1, basePurchasePrice: null });

    const logs = await logsOf(ids);
    expect(logs.map((log) => [log.action, Number(log.entityId)])).toEqual([['update', ids[0]], ['update', ids[2]]]);
    expect(new Set(logs.map((log) => log.actionId))).toEqual(new Set([answer.body.actionId]));
    expect(logs[0].changes).toEqual({ basePurchasePrice: { before: null, after: '100.00' },
      haulingBuyPrice: { before: null, after: '20.00' }, baseSalePrice: { before: null, after: '150.00' } });
    expect(logs[0].username).toBe('biller');
  });

  it('refuses a stale version and saves the rest', async () => {
    const ids = await orders('STALE', 3);
    await biller.put(`/api/pricing/${ids[1]}`, { haulingBuyPrice: '7.00', version: 1 });
    const answer = await paste(ids.map((id) => ({ id, version: 1, basePurchasePrice: '5' })));
    expect(answer.status).toBe(200);
    expect(answer.body.saved.map((row: { id: number }) => row.id)).toEqual([ids[0], ids[2]]);
    expect(answer.body.refused).toEqual([{ id: ids[1],
      fields: { version: { code: 'stale_version', message: expect.any(String), params: { version: 2, yours: 1 } } } }]);
    // The other person's price stays, nothing of the paste is written over it.
    expect(await stored(ids[1])).toMatchObject({ version: 2, haulingBuyPrice: '7.00', basePurchasePrice: null });
  });

  it('refuses an order that is not completed, a deleted one and an unknown id, as pricing does not show them', async () => {
    const [open] = await orders('OPEN', 1, { status: 'in_transit' });
    const [deleted, done] = await orders('GONE', 2);
    await admin.delete(`/api/orders/${deleted}`);
    const answer = await paste([open, deleted, 99_999_999, done].map((id) => ({ id, version: 1, baseSalePrice: '9' })));
    expect(answer.status).toBe(200);
    expect(answer.body.saved.map((row: { id: number }) => row.id)).toEqual([done]);
    expect(answer.body.refused).toEqual([
      { id: open, fields: { id: { code: 'not_completed', message: expect.any(String), params: { orders: 'OPEN-1' } } } },
      { id: deleted, fields: { id: { code: 'unknown_id', message: expect.any(String), params: { ids: String(deleted) } } } },
      { id: 99_999_999, fields: { id: { code: 'unknown_id', message: expect.any(String), params: { ids: '99999999' } } } },
    ]);
    expect(await stored(open)).toMatchObject({ version: 1, baseSalePrice: null });
  });

  it('clears a price sent as null and leaves the prices not sent as they are', async () => {
    const [id] = await orders('CLEAR', 1);
    await biller.put(`/api/pricing/${id}`, { basePurchasePrice: '10', haulingBuyPrice: '2', version: 1 });
    const answer = await paste([{ id, version: 2, haulingBuyPrice: null, baseSalePrice: '' }]);
    expect(answer.body.saved[0]).toMatchObject({ basePurchasePrice: '10.00', haulingBuyPrice: null, baseSalePrice: null,
      mtmBuyPrice: '10.00', version: 3 });
    const [, log] = await logsOf([id]);
    expect(log.changes).toEqual({ haulingBuyPrice: { before: '2.00', after: null } });
  });

  it('answers no action when every row is refused', async () => {
    const [id] = await orders('NONE', 1);
    const answer = await paste([{ id, version: 7, basePurchasePrice: '1' }]);
    expect(answer.body).toMatchObject({ actionId: null, saved: [], refused: [{ id }] });
    expect(await logsOf([id])).toEqual([]);
  });

  it('keeps a regional dispatcher to the orders of their own areas', async () => {
    await app.db('pagePermissions').insert({ userId: refs.dispatcherId, pageKey: 'pricing_management', allowed: true });
    // And the prices, which a dispatcher does not see by default (field groups).
    const withdraw = await grantFieldGroups(app, 'regional_dispatcher');
    try {
      const dispatcher = await signedInAs(app.url, 'regional_dispatcher');
      const [own] = await orders('OWN', 1);
      const [foreign] = await orders('FOREIGN', 1, { area: refs.otherArea });
      const answer = await paste([{ id: own, version: 1, baseSalePrice: '3' }, { id: foreign, version: 1, baseSalePrice: '3' }], dispatcher);
      expect(answer.status).toBe(200);
      expect(answer.body.saved.map((row: { id: number }) => row.id)).toEqual([own]);
      // Unknown, as its GET would answer: the dispatcher learns nothing of another area's order.
      expect(answer.body.refused).toEqual([{ id: foreign, fields: { id: expect.objectContaining({ code: 'unknown_id' }) } }]);
      expect(await stored(foreign)).toMatchObject({ version: 1, baseSalePrice: null });
    } finally {
      await app.db('pagePermissions').where({ userId: refs.dispatcherId }).delete();
      await withdraw();
    }
  });
});

describe('what a paste refuses whole', () => {
  it('needs pricing_management: a team leader gets 403 and nothing changes', async () => {
    const [id] = await orders('DENIED', 1);
    const leader = await signedInAs(app.url, 'team_leader');
    const answer = await paste([{ id, version: 1, basePurchasePrice: '1' }], leader);
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe('page_denied');
    expect(await stored(id)).toMatchObject({ version: 1, basePurchasePrice: null });
  });

  it('refuses 501 rows for their number, and saves none', async () => {
    const ids = await orders('MANY', 501);
    const answer = await paste(ids.map((id) => ({ id, version: 1, basePurchasePrice: '1' })));
    expect(answer.status).toBe(400);
    expect(answer.body.fields.rows).toEqual({ code: 'too_many', params: { max: 500 } });
    expect(Number((await app.db('orders').whereIn('id', ids).whereNotNull('basePurchasePrice').count({ n: '*' }))[0].n)).toBe(0);
  });

  it.each<[string, unknown]>([
    ['no rows', undefined],
    ['rows that are no list', 'rows'],
    ['an empty list', []],
    ['a row that is no object', [null]],
    ['a row without an id', [{ version: 1, basePurchasePrice: '1' }]],
    ['an id that is no number', [{ id: 'x', version: 1, basePurchasePrice: '1' }]],
    ['a row without a version', [{ id: 1, basePurchasePrice: '1' }]],
    ['a row without a price', [{ id: 1, version: 1 }]],
    ['a price that is neither text nor number', [{ id: 1, version: 1, basePurchasePrice: { amount: 1 } }]],
    ['a field that is not a price', [{ id: 1, version: 1, basePurchasePrice: '1', mtmBuyPrice: '1' }]],
    ['the same order twice', [{ id: 1, version: 1, basePurchasePrice: '1' }, { id: 1, version: 1, baseSalePrice: '1' }]],
  ])('answers 400, never 500, to %s', async (_, rows) => {
    const answer = await paste(rows);
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('invalid_input');
  });

  it('answers 400 to a body that is not JSON or not an object', async () => {
    expect((await biller.request('POST', '/api/pricing/paste', '{"rows": [', { 'content-type': 'application/json' })).status).toBe(400);
    expect((await biller.post('/api/pricing/paste', [1, 2])).status).toBe(400);
    expect((await biller.post('/api/pricing/paste', 'null')).status).toBe(400);
  });
});

describe('the cost of a paste', () => {
  it('runs as many statements for 500 rows as for 5, a handful', async () => {
    const few = await orders('COST-FEW', 5);
    const many = await orders('COST-MANY', 500);
    const rows = (ids: number[]) => ids.map((id, n) => ({ id, version: 1, basePurchasePrice: `${n}.50`, baseSalePrice: '99' }));
    let answer: Awaited<ReturnType<typeof paste>> | undefined;
    const small = await statementsDuring(app.db, async () => { answer = await paste(rows(few)); });
    expect(answer!.body.saved).toHaveLength(5);
    const large = await statementsDuring(app.db, async () => { answer = await paste(rows(many)); });
    expect(answer!.body.saved).toHaveLength(500);
    expect(answer!.body.saved[499]).toMatchObject({ basePurchasePrice: '499.50', margin: '-400.50', version: 2 });
    expect(new Set((await logsOf(many)).map((log) => log.actionId)).size).toBe(1);
    const work = (statements: string[]) => statements.filter((sql) => /orders|activity_logs/.test(sql));
    expect(work(large)).toHaveLength(work(small).length);
    // The locking read, one UPDATE, the saved rows' read, one log INSERT.
    expect(work(large)).toHaveLength(4);
  });
});
