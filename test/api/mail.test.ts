import type { AddressObject, ParsedMail } from 'mailparser';
import { materialiseReports } from '../../api/src/reports/materialiseReports';
import { queueDigests } from '../../api/src/mail/digest';
import { sendDueMails } from '../../api/src/mail/mailWorker';
import { retryDelayMs } from '../../api/src/foundation/retryDelay';
import { queueMails, type QueuedMail } from '../../api/src/mail/outbox';
import { periodsEndingOn, queueReportMails } from '../../api/src/mail/reportMails';
import { serverTimeZone } from '../../api/src/monitoring/periods';
import { serverToday } from '../../api/src/orders/delays';
import { signedInAs, type HttpClient } from '../helpers/httpClient';
import { createOrderReferences, type OrderReferences } from '../helpers/orderReferences';
import { orderBody } from '../helpers/orders';
import { startSmtpServer, type TestSmtpServer } from '../helpers/smtpServer';
import { startTestApp, type TestApp } from '../helpers/testApp';
import { useServerDay } from '../helpers/testClock';

/**
 * E-mail against a real SMTP server started here (docs/email.md): the outbox worker's passes are
 * called directly with a stand-in clock, so backoff is tested without waiting for it.
 */
let smtp: TestSmtpServer;
// The server's today stays the file's to its end (its checks count days from it).
useServerDay();
let app: TestApp;
let admin: HttpClient;
let refs: OrderReferences;
const ids: Record<'admin' | 'leader' | 'dispatcher' | 'biller' | 'manager', number> = { admin: 0, leader: 0, dispatcher: 0, biller: 0, manager: 0 };

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Back-office <noreply@test.example>' } });
  admin = await signedInAs(app.url, 'admin');
  refs = await createOrderReferences(app, admin);
  for (const [name, username] of [['admin', 'admin'], ['leader', 'team_leader'], ['dispatcher', 'regional_dispatcher'],
    ['biller', 'biller'], ['manager', 'manager']] as const) {
    ids[name] = (await app.db('users').where({ username }).first('id')).id;
  }
});
afterAll(async () => {
  await app?.close();
  await smtp?.stop();
});

/** The DN number of the order `mtm` (orderBody's): starting with DN, as the customer's do. */
const dnOf = (mtm: string) => `DN-${mtm}`;
/** Orders written straight into the table, late by pulling out unless told otherwise (pickup date passed, not in transit). */
async function insertOrders(count: number, fields: Record<string, unknown> = {}): Promise<Array<{ id: number; mtmNumber: string }>> {
  const rows = Array.from({ length: count }, () => orderBody({ pickupWarehouseId: refs.warehouse, deliveryAreaId: refs.ownArea,
    assignedUserId: ids.leader, pickupDate: '2026-01-05', mosDate: '2099-01-10', status: 'booking_received', ...fields }));
  return app.db('orders').insert(rows).returning(['id', 'mtmNumber']);
}

const queue = (mails: QueuedMail[]) => queueMails(app.db, mails, app.config);
const outbox = () => app.db('mailOutbox').orderBy('id');
const to = (mail: ParsedMail) => (mail.to as AddressObject).text;
const arrivedFor = (mtm: string) => smtp.received.filter((mail) => mail.text?.includes(mtm));
const minutes = (at: Date, n: number) => new Date(at.getTime() + n * 60_000);

describe('notification mails', () => {
  it('arrive in the person\'s language: Chinese by default, English once they chose it in the app', async () => {
    const leader = await signedInAs(app.url, 'team_leader');
    expect((await leader.put('/api/me/mail-language', { language: 'en' })).status).toBe(200);
    const [order] = await insertOrders(1);
    await queue([{ userId: ids.admin, template: 'late_pulling_out', data: { orderId: order.id } },
      { userId: ids.leader, template: 'late_pulling_out', data: { orderId: order.id } }]);
    expect(await sendDueMails(app.db, app.config)).toBe(2);

    const mails = arrivedFor(order.mtmNumber);
    expect(mails.map((mail) => [to(mail), mail.subject]).sort()).toEqual([
      ['admin@example.com', `[提货延误] 订单 ${order.mtmNumber}`],
      ['team.leader@example.com', `[Late pulling out] Order ${order.mtmNumber}`],
    ]);
    expect(mails[0].from?.text).toContain('noreply@test.example');
    expect(mails.find((mail) => to(mail).startsWith('team'))?.text).toContain('its pickup date 2026-01-05 has passed');
    // The DN number names itself: "DN" is not written before it again.
    expect(mails.find((mail) => to(mail).startsWith('team'))?.text).toContain(`Order ${order.mtmNumber} (${dnOf(order.mtmNumber)}) is late`);
    expect(mails.find((mail) => to(mail).startsWith('admin'))?.text).toContain(`订单 ${order.mtmNumber}（${dnOf(order.mtmNumber)}）提货延误`);
    // The switch is logged once; switching to the same language again writes nothing.
    expect((await leader.put('/api/me/mail-language', { language: 'en' })).status).toBe(200);
    expect(await app.db('activityLogs').where({ entityType: 'mail_settings', entityId: String(ids.leader) })).toHaveLength(1);
  });

  it('go out for what the person chose by e-mail: their order someone else moved, in their language', async () => {
    const leader = await signedInAs(app.url, 'team_leader');
    expect((await leader.put('/api/me/mail-language', { language: 'en' })).status).toBe(200);
    expect((await leader.put('/api/notification-settings', { kinds: { order_moved: { inApp: true, email: true } } })).status).toBe(200);
    const [order] = await insertOrders(1, { pickupDate: '2099-01-05' });
    expect((await admin.post(`/api/orders/${order.id}/transitions`, { to: 'awaiting_supplier_confirmation' })).status).toBe(200);
    // The mail was queued in the transition's transaction, with the person's bell row.
    expect(await app.db('notifications').where({ userId: ids.leader, orderId: order.id, kind: 'order_moved' })).toHaveLength(1);
    await sendDueMails(app.db, app.config);

    const [mail, ...more] = arrivedFor(order.mtmNumber);
    expect(more).toEqual([]);
    expect(to(mail)).toBe('team.leader@example.com');
    expect(mail.subject).toBe(`[Order moved] Order ${order.mtmNumber}`);
    expect(mail.text).toMatch(/was moved to "Awaiting supplier confirmation" by \S+/);
  });

  it('render from what the notification passes: who moved the order to which status', async () => {
    const [order] = await insertOrders(1);
    await queue([{ userId: ids.leader, template: 'order_moved', data: { orderId: order.id, status: 'in_transit', by: ids.admin } }]);
    await sendDueMails(app.db, app.config);
    const [mail] = arrivedFor(order.mtmNumber);
    expect(mail.subject).toBe(`[Order moved] Order ${order.mtmNumber}`);
    expect(mail.text).toMatch(/was moved to "In transit" by \S+/);
  });
});

describe('an SMTP outage', () => {
  it('is retried with backoff (1 min, doubling), loses nothing, and each mail arrives once when the server is back', async () => {
    const orders = await insertOrders(3);
    await queue(orders.map((order) => ({ userId: ids.admin, template: 'late_mos', data: { orderId: order.id } })));
    const queued = (await outbox()).filter((row) => orders.some((order) => row.data.orderId === order.id)).map((row) => row.id);
    const rows = () => app.db('mailOutbox').whereIn('id', queued).orderBy('id');
    const start = new Date();

    smtp.rejecting = true;
    expect(await sendDueMails(app.db, app.config, start)).toBe(3);
    for (const row of await rows()) {
      expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: expect.stringContaining('Mailbox busy') });
      expect(new Date(row.nextAttemptAt).getTime()).toBe(start.getTime() + 60_000);
    }
    // Nothing is due before its time.
    expect(await sendDueMails(app.db, app.config, minutes(start, 0.5))).toBe(0);

    // The server down altogether: the connection is refused.
    await smtp.stop();
    const second = minutes(start, 1);
    expect(await sendDueMails(app.db, app.config, second)).toBe(3);
    for (const row of await rows()) {
      expect(row).toMatchObject({ status: 'pending', attempts: 2 });
      expect(new Date(row.nextAttemptAt).getTime()).toBe(second.getTime() + 2 * 60_000);
    }
    expect([1, 2, 3, 7, 8].map(retryDelayMs)).toEqual([60_000, 120_000, 240_000, 3_600_000, 3_600_000]);

    smtp.rejecting = false;
    await smtp.start();
    const third = minutes(start, 3);
    expect(await sendDueMails(app.db, app.config, third)).toBe(3);
    expect((await rows()).map((row) => [row.status, row.attempts, row.lastError])).toEqual(Array(3).fill(['sent', 3, null]));
    for (const order of orders) expect(arrivedFor(order.mtmNumber)).toHaveLength(1);

    // A new worker (a restart) finds nothing to send again.
    expect(await sendDueMails(app.db, app.config, minutes(start, 120))).toBe(0);
    for (const order of orders) expect(arrivedFor(order.mtmNumber)).toHaveLength(1);
  });

  it('gives up 24 hours after the mail was queued', async () => {
    const [order] = await insertOrders(1);
    await queue([{ userId: ids.admin, template: 'late_mos', data: { orderId: order.id } }]);
    const row = await app.db('mailOutbox').whereRaw("(data->>'orderId')::int = ?", [order.id]).first();
    smtp.rejecting = true;
    await sendDueMails(app.db, app.config, minutes(new Date(row.createdAt), 24 * 60 + 1));
    smtp.rejecting = false;
    expect(await app.db('mailOutbox').where({ id: row.id }).first()).toMatchObject({ status: 'failed', attempts: 1 });
    expect(arrivedFor(order.mtmNumber)).toHaveLength(0);
  });

  it('a mail left "sending" by a crash is not sent blindly: it fails as interrupted once its claim expires', async () => {
    const [order] = await insertOrders(1);
    await queue([{ userId: ids.admin, template: 'late_mos', data: { orderId: order.id } }]);
    const now = new Date();
    await app.db('mailOutbox').whereRaw("(data->>'orderId')::int = ?", [order.id]).update({ status: 'sending', nextAttemptAt: minutes(now, 15) });
    expect(await sendDueMails(app.db, app.config, now)).toBe(0);
    await sendDueMails(app.db, app.config, minutes(now, 16));
    expect(await app.db('mailOutbox').whereRaw("(data->>'orderId')::int = ?", [order.id]).first())
      .toMatchObject({ status: 'failed', lastError: 'interrupted' });
    expect(arrivedFor(order.mtmNumber)).toHaveLength(0);
  });
});

it('a mail is due the moment it is queued, not a fraction of a millisecond later', async () => {
  const [order] = await insertOrders(1);
  await queue([{ userId: ids.admin, template: 'late_mos', data: { orderId: order.id } }]);
  const row = await app.db('mailOutbox').whereRaw("(data->>'orderId')::int = ?", [order.id]).first();
  expect(await sendDueMails(app.db, app.config, row.nextAttemptAt)).toBe(1);
  expect(arrivedFor(order.mtmNumber)).toHaveLength(1);
});

it('two workers at once send each mail once', async () => {
  const orders = await insertOrders(12);
  await queue(orders.map((order) => ({ userId: ids.admin, template: 'late_mos', data: { orderId: order.id } })));
  const handled = await Promise.all([sendDueMails(app.db, app.config), sendDueMails(app.db, app.config), sendDueMails(app.db, app.config)]);
  expect(handled.reduce((a, b) => a + b)).toBe(12);
  for (const order of orders) expect(arrivedFor(order.mtmNumber)).toHaveLength(1);
});

describe('the daily digest', () => {
  const HOUR = 7;
  const atHour = (hour: number) => {
    const at = new Date();
    at.setHours(hour, 10, 0, 0);
    return at;
  };
  const digestsOn = async (userId: number) => app.db('mailOutbox').where({ template: 'digest', userId });

  it('lists the person\'s late orders at the hour they chose, once a day; a dispatcher\'s are their areas\'', async () => {
    await app.db('mailSettings').insert([ids.leader, ids.dispatcher, ids.biller].map((userId) => ({ userId, digestHour: HOUR })))
      .onConflict('userId').merge(['digestHour']);
    await app.db('mailSettings').where({ userId: ids.dispatcher }).update({ language: 'en' });
    const leaderLate = await insertOrders(2, { assignedUserId: ids.leader, deliveryAreaId: refs.otherArea });
    const mosLate = await insertOrders(1, { assignedUserId: ids.manager, pickupDate: '2099-01-01', mosDate: '2026-01-10' });
    const foreign = await insertOrders(1, { assignedUserId: ids.manager, deliveryAreaId: refs.otherArea });
    await insertOrders(1, { assignedUserId: ids.leader, status: 'in_transit' }); // not late: in transit, MOS far ahead

    await queueDigests(app.db, app.config, atHour(HOUR - 1));
    expect(await digestsOn(ids.leader)).toHaveLength(0);
    await queueDigests(app.db, app.config, atHour(HOUR));
    await queueDigests(app.db, app.config, atHour(HOUR)); // the next run of the hour queues nothing more
    const [leaderDigest] = await digestsOn(ids.leader);
    expect(await digestsOn(ids.leader)).toHaveLength(1);
    expect(leaderDigest.dedupeKey).toBe(`digest:${ids.leader}:${serverToday()}`);
    const leaderMtms = (leaderDigest.data.orders as Array<{ mtmNumber: string }>).map((o) => o.mtmNumber);
    expect(leaderMtms).toEqual(expect.arrayContaining(leaderLate.map((o) => o.mtmNumber)));
    expect(leaderMtms).toHaveLength(leaderDigest.data.count);
    // The biller has no late order: no mail.
    expect(await digestsOn(ids.biller)).toHaveLength(0);

    await sendDueMails(app.db, app.config);
    const [dispatcherMail] = smtp.received.filter((mail) => to(mail) === 'regional.dispatcher@example.com' && mail.subject?.startsWith('[Daily digest]'));
    expect(dispatcherMail.text).toContain(`${mosLate[0].mtmNumber} (${dnOf(mosLate[0].mtmNumber)}): late MOS`);
    expect(dispatcherMail.text).not.toContain(foreign[0].mtmNumber);
    expect(dispatcherMail.text).not.toContain(leaderLate[0].mtmNumber);
    const [leaderMail] = smtp.received.filter((mail) => to(mail) === 'team.leader@example.com' && mail.subject?.startsWith('[Daily digest]'));
    expect(leaderMail.subject).toBe(`[Daily digest] ${leaderDigest.data.count} late orders on ${serverToday()}`);
    expect(leaderMail.text).toContain(`${leaderLate[0].mtmNumber} (${dnOf(leaderLate[0].mtmNumber)}): late pulling out`);
  });

  it('writes each order\'s line in the person\'s language, its punctuation too: full-width in Chinese', async () => {
    await app.db('mailSettings').insert({ userId: ids.biller, digestHour: HOUR + 1 }).onConflict('userId').merge(['digestHour']);
    const [late] = await insertOrders(1, { assignedUserId: ids.biller });
    await queueDigests(app.db, app.config, atHour(HOUR + 1));
    await sendDueMails(app.db, app.config);
    const [billerMail] = smtp.received.filter((mail) => to(mail) === 'biller@example.com' && mail.subject?.startsWith('[每日摘要]'));
    expect(billerMail.text).toContain(`- ${late.mtmNumber}（${dnOf(late.mtmNumber)}）：提货延误\n`);
  });
});

describe('report subscriptions', () => {
  it('mail the reports centre\'s CSV after the run, in the person\'s language and scope, to those who may see it', async () => {
    const dispatcher = await signedInAs(app.url, 'regional_dispatcher');
    expect((await dispatcher.put('/api/me/mail-language', { language: 'en' })).status).toBe(200);
    const today = serverToday();
    await insertOrders(2, { pickupDate: today, mosDate: today });
    await insertOrders(3, { pickupDate: today, mosDate: today, deliveryAreaId: refs.otherArea });
    // The dispatcher's subscription dates from a grant of the reports page, since taken back: the run mails them nothing.
    await app.db('reportSubscriptions').insert([{ userId: ids.dispatcher, period: 'daily' }, { userId: ids.admin, period: 'daily' },
      { userId: ids.admin, period: 'monthly' }]);
    const run = await materialiseReports(app.db, { kind: 'scheduled', timeZone: serverTimeZone() });
    await queueReportMails(app.db, app.config, run);
    const reportKeys = async () => (await app.db('mailOutbox').where({ template: 'report' })).map((row) => row.dedupeKey).sort();
    const adminKeys = [`report:${ids.admin}:daily:${run.runDate}`,
      ...(periodsEndingOn(run.runDate).includes('monthly') ? [`report:${ids.admin}:monthly:${run.runDate}`] : [])];
    expect(await reportKeys()).toEqual(adminKeys.sort());
    // Granted it again, they are mailed; a second instance's run of the date queues nothing more.
    const grant = { userId: ids.dispatcher, pageKey: 'reports', allowed: true };
    await app.db('pagePermissions').insert(grant);
    await queueReportMails(app.db, app.config, run);
    await queueReportMails(app.db, app.config, run);
    expect(await reportKeys()).toEqual([...adminKeys, `report:${ids.dispatcher}:daily:${run.runDate}`].sort());

    // Denied the page between the run and the sending: theirs fails, then is sent once they may again and an admin retries it.
    await app.db('pagePermissions').where(grant).delete();
    await sendDueMails(app.db, app.config);
    const dispatcherRow = await app.db('mailOutbox').where({ template: 'report', userId: ids.dispatcher }).first();
    expect(dispatcherRow).toMatchObject({ status: 'failed', lastError: 'no_access' });
    await app.db('pagePermissions').insert(grant);
    expect((await admin.post(`/api/mail-outbox/${dispatcherRow.id}/retry`)).status).toBe(200);
    await sendDueMails(app.db, app.config);

    const reportOf = (address: string) => smtp.received.find((mail) => to(mail) === address && mail.attachments.length > 0
      && mail.attachments[0].filename?.endsWith('-daily.csv'))!;
    const dispatcherMail = reportOf('regional.dispatcher@example.com');
    expect(dispatcherMail.subject).toBe(`[Report] daily report of ${run.runDate}`);
    const dispatcherCsv = dispatcherMail.attachments[0].content.toString('utf8');
    expect(dispatcherCsv.startsWith('\uFEFFDate,Delivery area,')).toBe(true);
    expect(dispatcherCsv).toContain(`${today},Dispatcher area,2,`);
    expect(dispatcherCsv).not.toContain('Someone else');
    // A dispatcher sees no price (field groups): the money columns are not in their report.
    const headerOf = (csv: string) => csv.replace(/^\uFEFF/, '').split(/\r?\n/)[0].split(',');
    expect(headerOf(dispatcherCsv)).toContain('Orders');
    expect(headerOf(dispatcherCsv).filter((column) => ['Buy', 'Sale', 'Margin'].includes(column))).toEqual([]);

    const adminMail = reportOf('admin@example.com');
    expect(adminMail.subject).toBe(`[报表] 每日报表 ${run.runDate}`);
    const adminCsv = adminMail.attachments[0].content.toString('utf8');
    expect(adminCsv).toMatch(/^\uFEFF日期,配送区域,/);
    expect(adminCsv).toContain(`${today},Dispatcher area,2,`);
    expect(adminCsv).toContain(`${today},Someone else,3,`);
    expect(headerOf(adminCsv)).toEqual(expect.arrayContaining(['采购金额', '销售金额', '毛利']));
  });

  it('end on their period\'s last day: weekly on Sundays, monthly on the month\'s last day', () => {
    expect(periodsEndingOn('2026-11-27')).toEqual(['daily']);
    expect(periodsEndingOn('2026-11-29')).toEqual(['daily', 'weekly']);
    expect(periodsEndingOn('2026-11-30')).toEqual(['daily', 'monthly']);
    expect(periodsEndingOn('2027-02-28')).toEqual(['daily', 'weekly', 'monthly']);
  });
});

describe('the outbox for admins', () => {
  it('a mail to someone without an address (or account) fails at once, visible to admins, who may retry it (logged)', async () => {
    await app.db('users').where({ id: ids.biller }).update({ email: null });
    const [order] = await insertOrders(1);
    await queue([{ userId: ids.biller, template: 'late_mos', data: { orderId: order.id } }]);
    await sendDueMails(app.db, app.config);
    const filter = encodeURIComponent(JSON.stringify({ status: 'failed', userId: ids.biller }));
    const list = await admin.get(`/api/mail-outbox?filter=${filter}`);
    expect(list.status).toBe(200);
    expect(list.body).toEqual([expect.objectContaining({ template: 'late_mos', status: 'failed', attempts: 1, lastError: 'no_address',
      userName: expect.any(String), email: null })]);
    expect(list.body[0].data).toBeUndefined();

    const retried = await admin.post(`/api/mail-outbox/${list.body[0].id}/retry`);
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ status: 'pending', lastError: 'no_address' });
    const log = await app.db('activityLogs').where({ action: 'retry', entityType: 'mail', entityId: String(list.body[0].id) });
    expect(log).toHaveLength(1);
    // Only a failed mail can be retried.
    expect((await admin.post(`/api/mail-outbox/${list.body[0].id}/retry`)).body).toMatchObject({ code: 'mail_not_failed' });

    // A deactivated account gets no mail either.
    const director = (await app.db('users').where({ username: 'director' }).first('id')).id;
    await app.db('users').where({ id: director }).update({ status: 'inactive' });
    await queue([{ userId: director, template: 'late_mos', data: { orderId: order.id } }]);
    await sendDueMails(app.db, app.config);
    expect(await app.db('mailOutbox').where({ userId: director }).first()).toMatchObject({ status: 'failed', lastError: 'no_recipient' });
    expect(arrivedFor(order.mtmNumber)).toHaveLength(0);
  });

  it('is for admins only; malformed input is answered 400', async () => {
    const manager = await signedInAs(app.url, 'manager');
    const [row] = await outbox();
    expect((await manager.get('/api/mail-outbox')).status).toBe(403);
    expect((await manager.get(`/api/mail-outbox/${row.id}`)).status).toBe(403);
    expect((await manager.post(`/api/mail-outbox/${row.id}/retry`)).status).toBe(403);
    expect((await admin.get(`/api/mail-outbox/${row.id}`)).body).toMatchObject({ id: row.id, status: row.status });
    expect((await admin.post('/api/mail-outbox/x1/retry')).body).toMatchObject({ code: 'invalid_input', fields: { id: expect.anything() } });
    expect((await admin.post('/api/mail-outbox/99999999/retry')).status).toBe(404);
    expect((await admin.get('/api/mail-outbox?sort=["data","ASC"]')).status).toBe(400);
    expect((await manager.put('/api/me/mail-language', { language: 'fr' })).body)
      .toMatchObject({ code: 'invalid_input', fields: { language: expect.anything() } });
    expect((await manager.put('/api/me/mail-language', {})).status).toBe(400);
  });
});

describe('e-mail off', () => {
  it('says so, and nothing is queued or sent without SMTP_URL', async () => {
    expect((await admin.get('/api/mail/status')).body).toEqual({ emailEnabled: true });
    const off = { ...app.config, smtpUrl: undefined };
    const before = (await outbox()).length;
    await queueMails(app.db, [{ userId: ids.admin, template: 'late_mos', data: {} }], off);
    await queueDigests(app.db, off);
    const run = await app.db('reportRuns').orderBy('id', 'desc').first();
    await queueReportMails(app.db, off, { ...run, runDate: '2026-12-31' });
    expect(await outbox()).toHaveLength(before);
    expect(await sendDueMails(app.db, off)).toBe(0);
  });
});
