import pg from 'pg';
import { CATCH_UP_LIMIT, changeFeed } from '../../api/src/live/changeFeed';
import { liveViews } from '../../api/src/live/views';
import { HttpClient, signedInAs } from '../helpers/httpClient';
import { openEventStream, type Event } from '../helpers/eventStream';
import { createOrderReferences, placeIn, type OrderReferences } from '../helpers/orderReferences';
import { createOrder, orderBody } from '../helpers/orders';
import { statementsDuring as statementsOf } from '../helpers/statements';
import { useSignedInApp, secondPool, startSecondInstance, type SecondInstance } from '../helpers/testApp';
import { SUPPLIER_CONTACT } from '../helpers/supplierContact';
import { RECORD_TYPE_NAMES, RECORD_TYPES } from '@kernel/resources/recordTypes';

// Live updates (docs/live-updates.md): Server-Sent Events fed by the database's notices.
const { app, admin, dispatcher } = useSignedInApp({ admin: 'admin', dispatcher: 'regional_dispatcher' });
let refs: OrderReferences;

beforeAll(async () => { refs = await createOrderReferences(app, admin); });

/** An open event stream of `client` on `url` (this file's app unless told), its events collected as they come. */
const openStream = (client: HttpClient, url = app.url, lastEventId?: string) => openEventStream(client, url, lastEventId);

/**
 * The SQL of every statement app.db runs while `work` does (without their values), but a
 * session's idle expiry pushed forward (once a minute, whenever it falls due).
 */
async function statementsDuring(work: () => Promise<unknown>): Promise<string[]> {
  return (await statementsOf(app.db, work)).filter((sql) => !sql.startsWith('update "sessions"'));
}

/** The statements of `more` beyond those of `base`, one for one. */
function beyond(more: string[], base: string[]): string[] {
  const left = [...base];
  return more.filter((sql) => {
    const at = left.indexOf(sql);
    if (at >= 0) left.splice(at, 1);
    return at < 0;
  });
}
/** The feed's read of a statement's new log rows: one per statement, whatever the streams. */
const isFeedRead = (sql: string) => /^select .* from "activity_logs" as "l"/s.test(sql);
/**
 * Once the live views have done the work queued so far. They do one thing at a time (views.ts): a
 * re-read of nobody's view, queued now, reads nothing and is done after all that came before it.
 */
const liveWorkDone = () => liveViews(app.db).reread([]);

const isOrder = (id: number) => (e: Event) => e.event === 'change' && e.data.type === 'order' && e.data.id === String(id);

describe('the event stream', () => {
  it('tells each signed-in user of the changes they may see, as they commit', async () => {
    const adminStream = await openStream(admin);
    const dispatcherStream = await openStream(dispatcher);
    expect(adminStream.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    try {
      const own = await createOrder(admin, { ...placeIn(refs), mtmNumber: 'LIVE-OWN' });
      const seen = await dispatcherStream.waitFor(isOrder(own.id));
      expect(seen.data).toMatchObject({ action: 'create', by: expect.any(String) });
      expect(Number(seen.id)).toBeGreaterThan(0);
      await adminStream.waitFor(isOrder(own.id));

      const supplier = await admin.create('/api/suppliers', { name: 'Live Carrier', ...SUPPLIER_CONTACT });
      await adminStream.waitFor((e) => e.data.type === 'supplier' && e.data.id === String(supplier.id));
    } finally {
      adminStream.close();
      dispatcherStream.close();
    }
  });

  it('sends the listening connection one statement at a time, however many writes ask it to catch up at once', async () => {
    // pg queues a statement sent while another runs on the same connection: deprecated, refused from pg@9.
    const query = pg.Client.prototype.query;
    const overlapping: string[] = [];
    pg.Client.prototype.query = function (this: pg.Client & { _getActiveQuery(): unknown; _queryQueue: unknown[] }, ...args: unknown[]) {
      if (this._getActiveQuery() || this._queryQueue.length > 0) overlapping.push(String(args[0]).slice(0, 40));
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
    const stream = await openStream(admin);
    try {
      const suppliers = await Promise.all(Array.from({ length: 12 }, (_, n) =>
        admin.create('/api/suppliers', { name: `Caught Up ${n}`, ...SUPPLIER_CONTACT })));
      for (const supplier of suppliers) await stream.waitFor((e) => e.data.type === 'supplier' && e.data.id === String(supplier.id));
    } finally {
      pg.Client.prototype.query = query;
      stream.close();
    }
    expect(overlapping).toEqual([]);
  });

  it('tells the actor\'s own streams which tab made a change, and no one else', async () => {
    const tab = new HttpClient(app.url, { 'X-Tab-Id': '0b7e6a52-tab-a' });
    await tab.login('admin');
    const odd = new HttpClient(app.url, { 'X-Tab-Id': 'not a tab id; drop table' });
    await odd.login('admin');
    const adminStream = await openStream(admin);
    const dispatcherStream = await openStream(dispatcher);
    try {
      const order = await createOrder(tab, { ...placeIn(refs), mtmNumber: 'LIVE-TAB' });
      expect((await adminStream.waitFor(isOrder(order.id))).data.tab).toBe('0b7e6a52-tab-a');
      expect((await dispatcherStream.waitFor(isOrder(order.id))).data).not.toHaveProperty('tab');
      const other = await createOrder(odd, { ...placeIn(refs), mtmNumber: 'LIVE-TAB-ODD' });
      expect((await adminStream.waitFor(isOrder(other.id))).data.tab).toBeNull();
      const logs = await admin.get(`/api/activity-logs?filter=${encodeURIComponent(JSON.stringify({ entityId: String(order.id) }))}`);
      expect(logs.body[0]).not.toHaveProperty('tabId');
    } finally {
      adminStream.close();
      dispatcherStream.close();
    }
  });

  it('never gives a dispatcher so much as the id of an order outside their areas', async () => {
    const adminStream = await openStream(admin);
    const dispatcherStream = await openStream(dispatcher);
    try {
      const elsewhere = await createOrder(admin, { ...placeIn(refs, refs.otherArea), mtmNumber: 'LIVE-ELSEWHERE' });
      await admin.put(`/api/orders/${elsewhere.id}`, { ...elsewhere, notes: 'still elsewhere' });
      // An order moved out of their area: they hear of the move (it was theirs), then of nothing more.
      const moving = await createOrder(admin, { ...placeIn(refs), mtmNumber: 'LIVE-MOVING' });
      const moved = await admin.put(`/api/orders/${moving.id}`, { ...moving, deliveryAreaId: refs.otherArea });
      await admin.put(`/api/orders/${moving.id}`, { ...moved.body, notes: 'gone' });
      // A last change they may see: once it arrives, everything before it has been sent.
      const marker = await createOrder(admin, { ...placeIn(refs), mtmNumber: 'LIVE-MARKER' });
      await dispatcherStream.waitFor(isOrder(marker.id));
      await adminStream.waitFor(isOrder(marker.id));

      const heard = dispatcherStream.events.filter((e) => e.data.type === 'order').map((e) => [e.data.id, e.data.action]);
      expect(heard).toEqual([[String(moving.id), 'create'], [String(moving.id), 'update'], [String(marker.id), 'create']]);
      expect(JSON.stringify(dispatcherStream.events)).not.toContain(`"${elsewhere.id}"`);
      expect(adminStream.events.filter(isOrder(elsewhere.id))).toHaveLength(2);
      expect(adminStream.events.filter(isOrder(moving.id))).toHaveLength(3);
    } finally {
      adminStream.close();
      dispatcherStream.close();
    }
  });

  it('says nothing of a change refused or rolled back', async () => {
    const stream = await openStream(admin);
    try {
      const refused = await admin.post('/api/orders', orderBody({ ...placeIn(refs), mtmNumber: '' }));
      expect(refused.status).toBe(400);
      await expect(app.db.transaction(async (trx) => {
        await trx('activityLogs').insert({ action: 'create', entityType: 'supplier', entityId: '999999' });
        throw new Error('rolled back');
      })).rejects.toThrow('rolled back');
      const marker = await createOrder(admin, { ...placeIn(refs), mtmNumber: 'LIVE-AFTER-ROLLBACK' });
      await stream.waitFor(isOrder(marker.id));
      expect(stream.events.filter((e) => e.event === 'change').map((e) => e.data.id)).toEqual([String(marker.id)]);
    } finally {
      stream.close();
    }
  });

  it('tells a statement of more changes than a catch-up holds (an import) as one resync', async () => {
    const stream = await openStream(admin);
    try {
      await app.db('activityLogs').insert(Array.from({ length: CATCH_UP_LIMIT + 1 },
        (_, n) => ({ action: 'import', entityType: 'supplier', entityId: String(900_000 + n) })));
      await stream.waitFor((e) => e.event === 'resync');
      const marker = await createOrder(admin, { ...placeIn(refs), mtmNumber: 'LIVE-AFTER-BULK' });
      await stream.waitFor(isOrder(marker.id));
      expect(stream.events.filter((e) => e.event === 'change').map((e) => e.data.id)).toEqual([String(marker.id)]);
    } finally {
      stream.close();
    }
  });

  it('sends what a reconnecting stream missed since its Last-Event-ID', async () => {
    const first = await openStream(dispatcher);
    const before = await createOrder(admin, { ...placeIn(refs), mtmNumber: 'LIVE-BEFORE' });
    const last = await first.waitFor(isOrder(before.id));
    first.close();
    const missed = await createOrder(admin, { ...placeIn(refs), mtmNumber: 'LIVE-MISSED' });
    const hidden = await createOrder(admin, { ...placeIn(refs, refs.otherArea), mtmNumber: 'LIVE-HIDDEN' });
    const again = await openStream(dispatcher, app.url, last.id);
    try {
      await again.waitFor(isOrder(missed.id));
      expect(again.events.some(isOrder(before.id))).toBe(false);
      expect(again.events.some(isOrder(hidden.id))).toBe(false);
    } finally {
      again.close();
    }
  });

  it('ends the stream of a user deactivated meanwhile, and refuses one without a session', async () => {
    const leader = await signedInAs(app.url, 'team_leader');
    const stream = await openStream(leader);
    const leaderId = (await leader.get('/api/user')).body.id;
    const { body: account } = await admin.get(`/api/users/${leaderId}`);
    try {
      expect((await admin.put(`/api/users/${leaderId}`, { ...account, status: 'inactive' })).status).toBe(200);
      await stream.ended;
    } finally {
      stream.close();
      await app.db('users').where({ id: leaderId }).update({ status: 'active' });
    }
    const anonymous = await fetch(`${app.url}/api/events`);
    expect(anonymous.status).toBe(401);
  });

  it('ends a stream when its session ends, and keeps the same user\'s other sessions\' streams', async () => {
    const tab = await signedInAs(app.url, 'admin');
    const otherBrowser = await signedInAs(app.url, 'admin');
    const ending = await openStream(tab);
    const staying = await openStream(otherBrowser);
    try {
      expect((await tab.post('/api/logout')).status).toBe(204);
      let ended = false;
      await Promise.race([ending.ended.then(() => { ended = true; }), new Promise((resolve) => setTimeout(resolve, 5_000))]);
      expect(ended).toBe(true);
      const supplier = await admin.create('/api/suppliers', { name: 'After logout', ...SUPPLIER_CONTACT });
      await staying.waitFor((e) => e.data.type === 'supplier' && e.data.id === String(supplier.id));
    } finally {
      ending.close();
      staying.close();
    }
  });

  it('replays to a reconnecting dispatcher only what changed while the order was in their areas', async () => {
    const first = await openStream(dispatcher);
    const before = await createOrder(admin, { ...placeIn(refs), mtmNumber: 'LIVE-ARRIVING-BEFORE' });
    const last = await first.waitFor(isOrder(before.id));
    first.close();
    // Made and edited in another area, then moved into the dispatcher's: only the move was theirs.
    const arriving = await createOrder(admin, { ...placeIn(refs, refs.otherArea), mtmNumber: 'LIVE-ARRIVING' });
    const edited = await admin.put(`/api/orders/${arriving.id}`, { ...arriving, notes: 'edited elsewhere' });
    const moved = await admin.put(`/api/orders/${arriving.id}`, { ...edited.body, deliveryAreaId: refs.ownArea });
    expect(moved.status).toBe(200);
    const again = await openStream(dispatcher, app.url, last.id);
    try {
      // The catch-up goes out at once: once the move is there, so is anything before it.
      await again.waitFor(isOrder(arriving.id));
      expect(again.events.filter(isOrder(arriving.id)).map((e) => e.data.action)).toEqual(['update']);
      const logs = await admin.get(`/api/activity-logs?filter=${encodeURIComponent(JSON.stringify({ entityId: String(arriving.id) }))}`);
      expect(logs.body[0]).not.toHaveProperty('orderAreaIds');
    } finally {
      again.close();
    }
  });

  it('keeps the tab of a batch change on its log rows, so that the tab which made it skips it', async () => {
    const { rows } = await app.db.raw(`insert into orders (mtm_number, dn_number, pickup_warehouse_id, delivery_area_id,
      assigned_user_id, pickup_date, mos_date, status, completion_date)
      select 'LIVE-BATCH-' || g, 'DN-LIVE-BATCH-' || g, ?, ?, ?, '2026-10-01', '2026-10-06', 'completed', '2026-10-20T08:00:00Z'
      from generate_series(1, 2) g returning id`, [refs.warehouse, refs.ownArea, refs.dispatcherId]);
    const ids = rows.map((row: { id: number }) => row.id);
    const tab = new HttpClient(app.url, { 'X-Tab-Id': '5f1c-batch-tab' });
    await tab.login('admin');
    const stream = await openStream(admin);
    const dispatcherStream = await openStream(dispatcher);
    try {
      const answer = await tab.post('/api/orders/batch-completion-date', { ids, completionDate: '2026-11-05T10:00:00Z' });
      expect(answer.body).toEqual({ updated: 2, actionId: expect.any(String) });
      const logs = await app.db('activityLogs').where({ action: 'batch_update' }).whereIn('entityId', ids.map(String)).orderBy('id');
      expect(logs.map((log) => [log.entityId, log.tabId])).toEqual(ids.map((id: number) => [String(id), '5f1c-batch-tab']));
      expect((await stream.waitFor(isOrder(ids[1]))).data).toMatchObject({ action: 'batch_update', tab: '5f1c-batch-tab' });
      expect((await dispatcherStream.waitFor(isOrder(ids[1]))).data).not.toHaveProperty('tab');
    } finally {
      stream.close();
      dispatcherStream.close();
    }
  });

  it('hears a dispatcher\'s new area at once', async () => {
    const stream = await openStream(dispatcher);
    const { body: account } = await admin.get(`/api/users/${refs.dispatcherId}`);
    try {
      expect((await admin.put(`/api/users/${refs.dispatcherId}`, { ...account, deliveryAreaIds: [refs.ownArea, refs.otherArea] })).status)
        .toBe(200);
      const there = await createOrder(admin, { ...placeIn(refs, refs.otherArea), mtmNumber: 'LIVE-NEW-AREA' });
      await stream.waitFor(isOrder(there.id));
    } finally {
      stream.close();
      await app.db('userDeliveryAreas').where({ userId: refs.dispatcherId, deliveryAreaId: refs.otherArea }).delete();
    }
  });

  // The order lists name these records through the pickers, which every active user reads: a
  // team leader, without their pages, hears them renamed. A dispatcher hears of their own areas
  // only; nobody but those holding the users page hears of a person's sign-in.
  it('tells everyone of a change to a record the pickers name, without its page, but not of a sign-in', async () => {
    const dispatcherAccount = (await admin.get(`/api/users/${refs.dispatcherId}`)).body;
    const renames: Record<string, { path: string; id: number; change: object }> = {
      supplier: { path: '/api/suppliers', id: refs.supplier, change: { name: 'Carrier One renamed' } },
      warehouse: { path: '/api/warehouses', id: refs.warehouse, change: { name: 'Main DC renamed' } },
      vehicle_type: { path: '/api/vehicle-types', id: refs.vehicleType, change: { name: '5 t truck renamed' } },
      delivery_area: { path: '/api/delivery-areas', id: refs.ownArea, change: { name: 'Dispatcher area renamed' } },
      user: { path: '/api/users', id: refs.dispatcherId, change: { firstName: 'Renamed' } },
    };
    expect(Object.keys(renames).sort()).toEqual(RECORD_TYPE_NAMES.filter((type) => RECORD_TYPES[type].picker).sort());
    const leader = await signedInAs(app.url, 'team_leader');
    const [leaderStream, dispatcherStream] = await Promise.all([openStream(leader), openStream(dispatcher)]);
    try {
      for (const { path, id, change } of Object.values(renames)) {
        const { body } = await admin.get(`${path}/${id}`);
        expect((await admin.put(`${path}/${id}`, { ...body, ...change })).status).toBe(200);
      }
      expect((await admin.put(`/api/delivery-areas/${refs.otherArea}`, { code: 'OTHER', name: 'Someone else renamed' })).status).toBe(200);
      await signedInAs(app.url, 'manager');
      // A last change both may see: once it arrives, everything before it has been sent.
      const marker = await createOrder(admin, { ...placeIn(refs), mtmNumber: 'LIVE-PICKER-MARKER' });
      await Promise.all([leaderStream.waitFor(isOrder(marker.id)), dispatcherStream.waitFor(isOrder(marker.id))]);

      const heard = (stream: typeof leaderStream) => stream.events.filter((e) => e.event === 'change' && e.data.type !== 'order')
        .map((e) => `${e.data.type} ${e.data.id} ${e.data.action}`);
      const renamed = Object.entries(renames).map(([type, { id }]) => `${type} ${id} update`);
      expect(heard(leaderStream)).toEqual([...renamed, `delivery_area ${refs.otherArea} update`]);
      expect(heard(dispatcherStream)).toEqual(renamed);
    } finally {
      leaderStream.close();
      dispatcherStream.close();
      await admin.put(`/api/users/${refs.dispatcherId}`, dispatcherAccount);
    }
  });
});

// What open streams cost the database: one read an instance for a change that may alter what
// people may see, shared by all their streams; nothing for a sign-in (docs/live-updates.md).
describe('the cost of open streams', () => {
  /** Four streams each of three sessions (different views: everything, a dispatcher's areas, a manager's pages), caught up. */
  async function openStreams() {
    const clients = [admin, dispatcher, await signedInAs(app.url, 'manager')];
    const streams = await Promise.all(clients.flatMap((client) => Array.from({ length: 4 }, () => openStream(client))));
    const marker = await createOrder(admin, { ...placeIn(refs), mtmNumber: `LIVE-COST-${Date.now()}` });
    await Promise.all(streams.map((stream) => stream.waitFor(isOrder(marker.id))));
    return { streams, admins: streams.slice(0, 4), close: () => streams.forEach((stream) => stream.close()) };
  }

  it('reads nothing for a sign-in, failed (anonymous) or not', async () => {
    const signIns = async () => {
      expect((await new HttpClient(app.url).post('/api/login', { username: 'nobody-at-all', password: 'not the password' })).status)
        .toBe(401);
      return (await new HttpClient(app.url).login('biller')).body.id as number;
    };
    const alone = await statementsDuring(signIns);
    const open = await openStreams();
    try {
      const watched = await statementsDuring(async () => {
        const billerId = await signIns();
        const signedIn = (e: Event) => e.data.type === 'user' && e.data.id === String(billerId) && e.data.action === 'login';
        await Promise.all(open.admins.map((stream) => stream.waitFor(signedIn)));
        await liveWorkDone();
      });
      // Beyond what the sign-ins ran themselves: at most the feed's read of each one's log row.
      const extra = beyond(watched, alone);
      expect(extra.filter((sql) => !isFeedRead(sql))).toEqual([]);
      expect(extra.length).toBeLessThanOrEqual(2);
    } finally {
      open.close();
    }
  });

  it('reads everyone\'s access once for a permission change, not once a stream', async () => {
    const { body: matrix } = await admin.get('/api/permissions');
    const leader: string[] = matrix.roles.team_leader;
    const setLeader = async (pages: string[]) => expect((await admin.put('/api/permissions', { roles: { team_leader: pages } })).status)
      .toBe(200);
    // Two changes of the same size, so that they run the same statements.
    const alone = await statementsDuring(() => setLeader([...leader, 'suppliers']));
    const open = await openStreams();
    try {
      const watched = await statementsDuring(async () => {
        await setLeader([...leader, 'warehouses']);
        await Promise.all(open.admins.map((stream) => stream.waitFor((e) => e.data.type === 'permission')));
        await liveWorkDone();
      });
      const extra = beyond(watched, alone);
      // The feed's read of the log row, and one read of the access of the three users with streams.
      expect(extra.filter(isFeedRead)).toHaveLength(1);
      expect(extra.filter((sql) => !isFeedRead(sql)).length).toBeLessThanOrEqual(1);
    } finally {
      open.close();
      await setLeader(leader);
    }
  });
});

// PostgreSQL only: two instances of the app on one database, as behind a load balancer.
const onPostgres = process.env.TEST_DB_KIND === 'postgres' ? describe : describe.skip;
onPostgres('two instances on one database', () => {
  let second: SecondInstance;
  beforeAll(async () => { second = await startSecondInstance(app); });
  afterAll(() => second?.close());

  it('brings a change made on one to a stream on the other', async () => {
    const stream = await openStream(dispatcher, second.url);
    try {
      const order = await createOrder(admin, { ...placeIn(refs), mtmNumber: 'LIVE-ACROSS' });
      await stream.waitFor(isOrder(order.id));
    } finally {
      stream.close();
    }
  });

  it("shares a catch-up's round trip on a new listening connection, whatever the old one still had queued", async () => {
    // A feed of its own, on a pool of its own: unsubscribed, it stops listening (the app's session cache keeps the app's listening).
    const db = secondPool(app);
    const feed = changeFeed(db);
    const query = pg.Client.prototype.query;
    const roundTrips = new Map<pg.Client, number>();
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      if (args[0] === 'select 1') roundTrips.set(this, (roundTrips.get(this) ?? 0) + 1);
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
    try {
      let unsubscribe = feed.subscribe({});
      await feed.listening;
      const first = feed.caughtUp();
      for (let tick = 0; tick < 5; tick += 1) await null; // the first is sent
      const queued = feed.caughtUp(); // behind the first, still on the wire
      unsubscribe();
      unsubscribe = feed.subscribe({});
      // On the new connection: one round trip, shared by both calls made before it is sent.
      const shared = [feed.caughtUp()];
      await Promise.all([first, queued]);
      shared.push(feed.caughtUp());
      await Promise.all(shared);
      unsubscribe();
      expect([...roundTrips.values()]).toEqual([2, 1]);
    } finally {
      pg.Client.prototype.query = query;
      await db.destroy();
    }
  });
});
