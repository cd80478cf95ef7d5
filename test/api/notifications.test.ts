import { runNotificationJob } from '../../api/src/notifications/notificationJob';
import { eventually } from '../helpers/eventually';
import { openEventStream } from '../helpers/eventStream';
import { HttpClient, signedInAs } from '../helpers/httpClient';
import { NOTIFICATION_COUNT_CAP } from '../../api/src/notifications/routes';
import { createOrderReferences, type OrderReferences } from '../helpers/orderReferences';
import { orderBody } from '../helpers/orders';
import { useSignedInApp, startSecondInstance, type SecondInstance } from '../helpers/testApp';
import { useServerDay } from '../helpers/testClock';

// E-mail is on (an address nobody listens at: mails are only queued here, the mail worker sends them).
const { app, admin, leader, dispatcher } = useSignedInApp(
  { admin: 'admin', leader: 'team_leader', dispatcher: 'regional_dispatcher' }, { env: { SMTP_URL: 'smtp://127.0.0.1:1' } });

let refs: OrderReferences;
const ids = { admin: 0, leader: 0, manager: 0, director: 0, otherDispatcher: 0 };
/** Today in the server's zone, written apart from the code under test: a day that outlasts the file (useServerDay). */
const clock = useServerDay();
let today = '';
beforeAll(() => { today = clock.now.toLocaleDateString('sv'); });
const daysFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toLocaleDateString('sv');

beforeAll(async () => {
  refs = await createOrderReferences(app, admin);
  const idOf = async (username: string) => (await app.db('users').where({ username }).first('id')).id as number;
  Object.assign(ids, { admin: await idOf('admin'), leader: await idOf('team_leader'), manager: await idOf('manager'),
    director: await idOf('director') });
  // A dispatcher of the other area, who must never hear of the first area's orders.
  const [other] = await app.db('users').insert({ username: 'other.dispatcher', passwordHash: 'x', firstName: '敏', lastName: '吴',
    role: 'regional_dispatcher', status: 'active' }).returning('id');
  ids.otherDispatcher = other.id;
  await app.db('userDeliveryAreas').insert({ userId: other.id, deliveryAreaId: refs.otherArea });
});

beforeEach(async () => {
  // The orders of earlier tests no longer count: deleted, they are nobody's late orders.
  await app.db('orders').whereNull('deletedAt').update({ deletedAt: new Date() });
  await app.db('notifications').delete();
  await app.db('notificationSettings').delete();
  await app.db('mailOutbox').delete();
});

/** An order straight in the database, assigned to the team leader unless told otherwise. */
async function order(mtm: string, fields: Record<string, unknown> = {}): Promise<number> {
  const [row] = await app.db('orders').insert(orderBody({ mtmNumber: mtm, pickupWarehouseId: refs.warehouse,
    deliveryAreaId: refs.ownArea, assignedUserId: ids.leader, pickupDate: daysFromToday(1), mosDate: daysFromToday(3),
    status: 'booking_received', ...fields })).returning('id');
  return row.id;
}

const notificationsOf = (kind?: string) => {
  const query = app.db('notifications').orderBy(['userId', 'orderId']).select('userId', 'kind', 'orderId', 'subjectUserId');
  return kind ? query.where({ kind }) : query;
};

describe('late orders', () => {
  it('notify the area dispatcher and the assigned person once per order and kind, even when the job runs twice', async () => {
    const pickupLate = await order('LATE-PICKUP', { pickupDate: daysFromToday(-1) });
    const bothLate = await order('LATE-BOTH', { pickupDate: daysFromToday(-3), mosDate: daysFromToday(-1) });
    const mosLate = await order('LATE-MOS', { pickupDate: daysFromToday(-3), mosDate: daysFromToday(-1), status: 'in_transit' });
    await order('ON-TIME');
    await order('LATE-DONE', { pickupDate: daysFromToday(-3), mosDate: daysFromToday(-1), status: 'completed' });
    await order('LATE-DELETED', { pickupDate: daysFromToday(-3), deletedAt: new Date() });
    await order('LATE-TODAY', { pickupDate: today });

    expect(await runNotificationJob(app.db, app.config)).toEqual({ ran: true });
    expect(await runNotificationJob(app.db, app.config)).toEqual({ ran: true });

    const expected = [['late_pulling_out', pickupLate], ['late_pulling_out', bothLate], ['late_mos', bothLate], ['late_mos', mosLate]]
      .flatMap(([kind, orderId]) => [refs.dispatcherId, ids.leader].map((userId) => ({ userId, kind, orderId, subjectUserId: null })));
    const sorted = (rows: object[]) => rows.map((row) => JSON.stringify(row)).sort();
    expect(sorted(await notificationsOf())).toEqual(sorted(expected));
  });

  it('never tell a dispatcher of another area, nor the assigned person when they are a dispatcher outside it', async () => {
    await order('OTHER-AREA', { pickupDate: daysFromToday(-1), deliveryAreaId: refs.otherArea, assignedUserId: refs.dispatcherId });
    await runNotificationJob(app.db, app.config);
    expect((await notificationsOf()).map((row) => row.userId)).toEqual([ids.otherDispatcher]);
  });

  it('are found at a transition, in its transaction, for that order', async () => {
    const id = await order('LATE-AT-MOVE', { pickupDate: daysFromToday(-1) });
    expect((await leader.post(`/api/orders/${id}/transitions`, { to: 'awaiting_supplier_confirmation' })).status).toBe(200);
    expect((await notificationsOf('late_pulling_out')).map((row) => row.userId).sort()).toEqual([refs.dispatcherId, ids.leader].sort());
  });
});

describe('an order moved by someone else', () => {
  it('notifies its assigned person, not when they moved it themselves', async () => {
    const id = await order('MOVED');
    expect((await leader.post(`/api/orders/${id}/transitions`, { to: 'awaiting_supplier_confirmation' })).status).toBe(200);
    expect(await notificationsOf('order_moved')).toEqual([]);
    expect((await admin.post(`/api/orders/${id}/transitions`, { to: 'awaiting_receiver_confirmation' })).status).toBe(200);
    expect(await notificationsOf('order_moved')).toEqual([{ userId: ids.leader, kind: 'order_moved', orderId: id, subjectUserId: null }]);
    const [shown] = (await leader.get('/api/notifications')).body;
    expect(shown).toMatchObject({ kind: 'order_moved', orderId: id, mtmNumber: 'MOVED', dnNumber: 'DN-MOVED',
      status: 'awaiting_receiver_confirmation', fromStatus: 'awaiting_supplier_confirmation', toStatus: 'awaiting_receiver_confirmation' });
    expect(shown.byName).toBeTruthy();
  });

  it('notifies its assigned person when someone else undoes a status change', async () => {
    const id = await order('MOVED-UNDONE');
    const moved = await leader.post(`/api/orders/${id}/transitions`, { to: 'awaiting_supplier_confirmation' });
    expect(moved.status).toBe(200);
    const { actionId } = await app.db('activityLogs').where({ entityType: 'order', entityId: String(id), action: 'status_change' }).first('actionId');
    expect((await admin.post(`/api/actions/${actionId}/undo`)).status).toBe(200);
    expect(await notificationsOf('order_moved')).toEqual([{ userId: ids.leader, kind: 'order_moved', orderId: id, subjectUserId: null }]);
  });
});

describe('a registration waiting for activation', () => {
  it('notifies those who may open the users page, once', async () => {
    const newcomer = new HttpClient(app.url);
    const registered = await newcomer.post('/api/register',
      { username: 'newcomer', password: 'correct horse battery', firstName: 'Lin', lastName: 'Zhou' });
    expect(registered.status).toBe(201);
    expect((await notificationsOf('registration_pending')).map((row) => [row.userId, row.subjectUserId]))
      .toEqual([[ids.admin, registered.body.id], [ids.manager, registered.body.id]].sort((a, b) => a[0] - b[0]));
    const [shown] = (await admin.get('/api/notifications')).body;
    expect(shown).toMatchObject({ kind: 'registration_pending', subjectUserId: registered.body.id, subjectUsername: 'newcomer' });
    // The pending person has no notifications yet, but may set their choices.
    expect((await newcomer.get('/api/notifications')).status).toBe(403);
    expect((await newcomer.put('/api/notification-settings', { digestHour: 8 })).body.digestHour).toBe(8);
  });
});

describe('each person\'s choice', () => {
  it('writes no in-app row for a kind turned off', async () => {
    expect((await leader.put('/api/notification-settings', { kinds: { late_pulling_out: { inApp: false, email: false } } })).status).toBe(200);
    await order('QUIET', { pickupDate: daysFromToday(-1) });
    await runNotificationJob(app.db, app.config);
    expect((await notificationsOf()).map((row) => row.userId)).toEqual([refs.dispatcherId]);
  });

  it('queues a mail in the same transaction when e-mail is chosen, once even without the in-app row', async () => {
    expect((await leader.put('/api/notification-settings', { kinds: { late_pulling_out: { inApp: false, email: true },
      order_moved: { inApp: true, email: true } } })).status).toBe(200);
    const late = await order('MAILED', { pickupDate: daysFromToday(-1) });
    await runNotificationJob(app.db, app.config);
    await runNotificationJob(app.db, app.config);
    expect((await admin.post(`/api/orders/${late}/transitions`, { to: 'cancelled' })).status).toBe(200);
    const mails = await app.db('mailOutbox').orderBy('id').select('userId', 'template', 'data');
    expect(mails).toEqual([
      { userId: ids.leader, template: 'late_pulling_out', data: { orderId: late, mtmNumber: 'MAILED', dnNumber: 'DN-MAILED' } },
      { userId: ids.leader, template: 'order_moved', data: expect.objectContaining({ orderId: late, from: 'booking_received', to: 'cancelled' }) },
    ]);
  });

  it('rolls the notification and its mail back with a refused transition', async () => {
    await leader.put('/api/notification-settings', { kinds: { order_moved: { inApp: true, email: true } } });
    const id = await order('REFUSED');
    expect((await admin.post(`/api/orders/${id}/transitions`, { to: 'completed' })).status).toBe(409);
    expect(await notificationsOf()).toEqual([]);
    expect(Number((await app.db('mailOutbox').count({ n: '*' }).first())!.n)).toBe(0);
  });
});

describe('the job', () => {
  it('deletes notifications older than 90 days', async () => {
    const id = await order('OLD');
    await app.db('notifications').insert([
      { userId: ids.leader, kind: 'order_moved', orderId: id, createdAt: new Date(Date.now() - 91 * 86_400_000) },
      { userId: ids.leader, kind: 'order_moved', orderId: id, createdAt: new Date(Date.now() - 89 * 86_400_000) },
    ]);
    await runNotificationJob(app.db, app.config);
    expect(await notificationsOf()).toHaveLength(1);
  });

  it('keeps an old notification of an order still late, so nobody hears of it again', async () => {
    const stillLate = await order('LATE-FOR-MONTHS', { pickupDate: daysFromToday(-120), mosDate: daysFromToday(-115), status: 'in_transit' });
    const noLongerLate = await order('LATE-THEN-DONE', { pickupDate: daysFromToday(-120), mosDate: daysFromToday(-115), status: 'completed' });
    const longAgo = new Date(Date.now() - 110 * 86_400_000);
    await app.db('notifications').insert([stillLate, noLongerLate].flatMap((orderId) => [ids.leader, refs.dispatcherId]
      .map((userId) => ({ userId, kind: 'late_mos', orderId, createdAt: longAgo }))));
    await runNotificationJob(app.db, app.config);
    const kept = await app.db('notifications').orderBy('userId').select('userId', 'orderId', 'createdAt');
    expect(kept.map((row) => [row.userId, row.orderId, row.createdAt.getTime()]))
      .toEqual([ids.leader, refs.dispatcherId].sort((a, b) => a - b).map((userId) => [userId, stillLate, longAgo.getTime()]));
  });
});

describe('the notification centre', () => {
  it('lists a person\'s own notifications newest first, with the unread count, and marks them read', async () => {
    const id = await order('LISTED');
    const [first, second, others] = await app.db('notifications').insert([
      { userId: ids.leader, kind: 'order_moved', orderId: id }, { userId: ids.leader, kind: 'order_moved', orderId: id },
      { userId: ids.admin, kind: 'order_moved', orderId: id }]).returning('id');
    const listed = await leader.get('/api/notifications?range=[0,0]');
    expect(listed.status).toBe(200);
    expect(listed.body.map((row: { id: number }) => row.id)).toEqual([second.id]);
    expect(listed.headers.get('content-range')).toBe('notifications 0-0/2');
    expect(listed.headers.get('x-unread-count')).toBe('2');

    const read = await leader.post(`/api/notifications/${first.id}/read`);
    expect(read.status).toBe(200);
    expect(read.body.readAt).toBeTruthy();
    expect((await leader.get('/api/notifications')).headers.get('x-unread-count')).toBe('1');
    expect((await leader.post('/api/notifications/read-all')).body).toEqual({ updated: 1 });
    expect((await leader.get('/api/notifications')).headers.get('x-unread-count')).toBe('0');
    expect((await app.db('notifications').where({ id: others.id }).first('readAt')).readAt).toBeNull();
  });

  it('counts years of a person\'s notifications only up to the cap, as more than it', async () => {
    const id = await order('MANY');
    await app.db.raw(`insert into notifications (user_id, kind, order_id) select ?, 'order_moved', ? from generate_series(1, ?)`,
      [ids.manager, id, NOTIFICATION_COUNT_CAP + 5]);
    const manager = await signedInAs(app.url, 'manager');
    const listed = await manager.get('/api/notifications?range=[0,9]');
    expect(listed.body).toHaveLength(10);
    expect(listed.headers.get('content-range')).toBe(`notifications 0-9/${NOTIFICATION_COUNT_CAP + 1}`);
    expect(listed.headers.get('x-total-estimated')).toBe('true');
    expect(listed.headers.get('x-unread-count')).toBe(String(NOTIFICATION_COUNT_CAP + 1));
    expect((await manager.post('/api/notifications/read-all')).body).toEqual({ updated: NOTIFICATION_COUNT_CAP + 5 });
    const read = await manager.get('/api/notifications?range=[0,9]');
    expect(read.headers.get('x-unread-count')).toBe('0');
    expect(read.headers.get('x-total-estimated')).toBe('true');
  });

  it('answers someone else\'s notification as not found', async () => {
    const [own] = await app.db('notifications').insert({ userId: ids.admin, kind: 'order_moved', orderId: await order('NOT-YOURS') }).returning('id');
    const answer = await leader.post(`/api/notifications/${own.id}/read`);
    expect(answer.status).toBe(404);
    expect((await leader.post('/api/notifications/999999999/read')).status).toBe(404);
  });

  it('shows a dispatcher no notification of an order since moved out of their areas', async () => {
    const id = await order('MOVED-AWAY');
    const [row] = await app.db('notifications').insert({ userId: refs.dispatcherId, kind: 'late_mos', orderId: id }).returning('id');
    await app.db('orders').where({ id }).update({ deliveryAreaId: refs.otherArea });
    expect((await dispatcher.get('/api/notifications')).body).toEqual([]);
    expect((await dispatcher.post(`/api/notifications/${row.id}/read`)).status).toBe(404);
  });

  it('refuses malformed input with 400 and the field', async () => {
    const cases: Array<[Promise<{ status: number; body: { fields?: Record<string, unknown> } }>, string]> = [
      [leader.get('/api/notifications?range=[5,1]'), 'range'],
      [leader.get('/api/notifications?filter={"kind":"x"}'), 'kind'],
      [leader.post('/api/notifications/abc/read'), 'id'],
      [leader.put('/api/notification-settings', { digestHour: 24 }), 'digestHour'],
      [leader.put('/api/notification-settings', { digestHour: '7' }), 'digestHour'],
      [leader.put('/api/notification-settings', { kinds: { late_mos: { inApp: 'yes', email: false } } }), 'kinds.late_mos.inApp'],
      [leader.put('/api/notification-settings', { kinds: { nonsense: { inApp: true, email: false } } }), 'kinds.nonsense'],
      [leader.put('/api/notification-settings', { reportSubscriptions: ['hourly'] }), 'reportSubscriptions.0'],
    ];
    for (const [answer, field] of cases) {
      const { status, body } = await answer;
      expect({ field, status }).toEqual({ field, status: 400 });
      expect(Object.keys(body.fields ?? {})).toContain(field);
    }
  });
});

describe('the settings', () => {
  it('answer the defaults, save each part, and say whether e-mail is on', async () => {
    const fresh = await leader.get('/api/notification-settings');
    expect(fresh.body).toEqual({ kinds: { late_pulling_out: { inApp: true, email: false }, late_mos: { inApp: true, email: false },
      order_moved: { inApp: true, email: false } },
    digestHour: null, reportSubscriptions: [], emailEnabled: true });
    const saved = await leader.put('/api/notification-settings', { kinds: { late_mos: { inApp: false, email: true } }, digestHour: 7,
      reportSubscriptions: ['monthly', 'daily'] });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ kinds: { late_mos: { inApp: false, email: true }, late_pulling_out: { inApp: true, email: false } },
      digestHour: 7, reportSubscriptions: ['daily', 'monthly'] });
    expect((await leader.get('/api/notification-settings')).body).toEqual(saved.body);
    const logged = await app.db('activityLogs').where({ entityType: 'notification_settings', entityId: String(ids.leader) }).orderBy('id', 'desc')
      .first('changes');
    expect(Object.keys(logged.changes).sort()).toEqual(['digestHour', 'kinds', 'reportSubscriptions']);
    expect((await leader.put('/api/notification-settings', { digestHour: null, reportSubscriptions: [] })).body)
      .toMatchObject({ digestHour: null, reportSubscriptions: [] });
  });

  it('offer and take report subscriptions only to those who may open the reports page, whose CSV the mail is', async () => {
    // A regional dispatcher may not by default: none answered, one asked for refused naming the field, nothing else of the body saved.
    expect((await dispatcher.get('/api/notification-settings')).body).not.toHaveProperty('reportSubscriptions');
    const refused = await dispatcher.put('/api/notification-settings', { kinds: { late_mos: { inApp: false, email: true } }, digestHour: 6,
      reportSubscriptions: ['daily'] });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'invalid_input', fields: { reportSubscriptions: { code: 'unknown_field' } } });
    expect(Object.keys(refused.body.fields)).toEqual(['reportSubscriptions']);
    expect(await app.db('reportSubscriptions').where({ userId: refs.dispatcherId })).toEqual([]);
    expect(await app.db('notificationSettings').where({ userId: refs.dispatcherId })).toEqual([]);
    expect(await app.db('mailSettings').where({ userId: refs.dispatcherId }).whereNotNull('digestHour')).toEqual([]);
    // Granted the page, they are offered them, and may choose them.
    await app.db('pagePermissions').insert({ userId: refs.dispatcherId, pageKey: 'reports', allowed: true });
    await app.heard();
    try {
      expect((await dispatcher.get('/api/notification-settings')).body.reportSubscriptions).toEqual([]);
      expect((await dispatcher.put('/api/notification-settings', { reportSubscriptions: ['weekly'] })).body.reportSubscriptions).toEqual(['weekly']);
    } finally {
      await app.db('pagePermissions').where({ userId: refs.dispatcherId, pageKey: 'reports' }).delete();
      await app.db('reportSubscriptions').where({ userId: refs.dispatcherId }).delete();
    }
  });

  it('offer and take only the kinds the person can hear of: a registration to those who may open the users page', async () => {
    // The dispatcher cannot open the users page: the kind is neither answered nor taken, like one that does not exist.
    expect(Object.keys((await dispatcher.get('/api/notification-settings')).body.kinds)).not.toContain('registration_pending');
    const refused = await dispatcher.put('/api/notification-settings', { kinds: { registration_pending: { inApp: true, email: true } } });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'invalid_input', fields: { 'kinds.registration_pending': { code: 'unknown_field' } } });
    expect(await app.db('notificationSettings').where({ userId: refs.dispatcherId })).toEqual([]);
    // Granted the page, they are offered it, and may choose it.
    await app.db('pagePermissions').insert({ userId: refs.dispatcherId, pageKey: 'users', allowed: true });
    await app.heard();
    try {
      expect((await dispatcher.get('/api/notification-settings')).body.kinds.registration_pending).toEqual({ inApp: true, email: false });
      expect((await dispatcher.put('/api/notification-settings', { kinds: { registration_pending: { inApp: false, email: true } } })).body.kinds)
        .toMatchObject({ registration_pending: { inApp: false, email: true } });
    } finally {
      await app.db('pagePermissions').where({ userId: refs.dispatcherId, pageKey: 'users' }).delete();
    }
    expect((await admin.get('/api/notification-settings')).body.kinds).toHaveProperty('registration_pending');
  });
});

describe('live', () => {
  it('tells only the person whose notifications changed, over the event stream', async () => {
    const [leaderStream, dispatcherStream] = await Promise.all([openEventStream(leader, app.url), openEventStream(dispatcher, app.url)]);
    try {
      const id = await order('LIVE');
      expect((await admin.post(`/api/orders/${id}/transitions`, { to: 'awaiting_supplier_confirmation' })).status).toBe(200);
      await leaderStream.waitFor((e) => e.event === 'notification');
      // Notices go out in commit order: once the dispatcher hears of their own, the leader's had passed them by.
      await app.db('notifications').insert({ userId: refs.dispatcherId, kind: 'late_mos', orderId: id });
      await dispatcherStream.waitFor((e) => e.event === 'notification');
      expect(dispatcherStream.events.filter((e) => e.event === 'notification')).toHaveLength(1);
      expect((await leader.post('/api/notifications/read-all')).body).toEqual({ updated: 1 });
      await eventually(() => expect(leaderStream.events.filter((e) => e.event === 'notification')).toHaveLength(2));
    } finally {
      leaderStream.close();
      dispatcherStream.close();
    }
  });
});

// Two instances of the app on one database (PostgreSQL: PGlite is one process's).
const onPostgres = process.env.TEST_DB_KIND === 'postgres' ? describe : describe.skip;
onPostgres('two instances on one database', () => {
  let second: SecondInstance;
  beforeAll(async () => { second = await startSecondInstance(app); });
  afterAll(() => second?.close());

  it('run the job at once: each notification is written exactly once', async () => {
    for (let i = 0; i < 20; i += 1) await order(`TWICE-${i}`, { pickupDate: daysFromToday(-1), mosDate: daysFromToday(-1) });
    const runs = await Promise.all([runNotificationJob(app.db, app.config), runNotificationJob(second.db, app.config)]);
    expect(runs.some((run) => run.ran)).toBe(true);
    const { rows } = await app.db.raw(`select count(*)::int as total, count(distinct (user_id, kind, order_id))::int as distinct_ones
      from notifications`);
    // 20 orders × 2 kinds × (the dispatcher and the team leader).
    expect(rows[0]).toEqual({ total: 80, distinct_ones: 80 });
  });

  it('lets only one of them run while the other holds the lock', async () => {
    await app.db.transaction(async (trx) => {
      expect(await runNotificationJob(trx, app.config)).toEqual({ ran: true });
      expect(await runNotificationJob(second.db, app.config)).toEqual({ ran: false });
    });
    expect(await runNotificationJob(second.db, app.config)).toEqual({ ran: true });
  });
});
