import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { request, type IncomingMessage } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import Papa from 'papaparse';
import { openDatabase, type DatabaseTarget } from '../../api/src/db/knex';
import { readConfig } from '../../api/src/foundation/config';
import { HttpClient } from '../helpers/httpClient';
import { SUPPLIER_CONTACT } from '../helpers/supplierContact';
import { createPgliteFolder, createTestDatabase } from '../helpers/testDatabase';
import { RECONNECT_MS, startDraining } from '../../api/src/foundation/draining';
import { shutDown } from '../../api/src/shutdown';
import { createOrderReferences } from '../helpers/orderReferences';
import { orderBody } from '../helpers/orders';
import { startWebhookReceiver } from '../helpers/webhookReceiver';
import { sendDueWebhooks } from '../../api/src/webhooks/webhookWorker';
import { startTestApp, useSignedInApp } from '../helpers/testApp';
import { freePort } from '../helpers/freePort';
import { eventually } from '../helpers/eventually';

// Stopping a server (SIGTERM, server.ts → shutdown.ts) without cutting what is under way.
const { app, admin } = useSignedInApp({ admin: 'admin' });

const IMPORTED = 1_000;
const EXPORTED = 3_000;
const STREAMS = 100;
const GRACE_MS = 10_000;
/** Orders of the import a process is stopped under: more than its 300 ms grace period lets it write. */
const CUT_IMPORT = 5_000;

/** A CSV of `count` new orders with DN numbers STOP-<n>, naming the references' master data. */
function importFile(count: number): Blob {
  const header = ['MTM number', 'DN number', 'Supplier', 'Pickup warehouse', 'Vehicle type', 'Delivery area', 'Assigned user',
    'Pickup date', 'MOS date', 'Notes'];
  const rows = Array.from({ length: count }, (_, n) => [`MTM-STOP-${n}`, `STOP-${n}`, 'Carrier One', 'W1', '5 t truck', 'own',
    'team_leader', '2026-11-20', '2026-11-25', '']);
  return new Blob([`\uFEFF${Papa.unparse([header, ...rows])}`]);
}

describe('a stopping server', () => {
  it('lets an import, an export and 100 event streams end whole, then closes within the grace period', async () => {
    const refs = await createOrderReferences(app, admin);
    await app.db.raw(`insert into orders (mtm_number, dn_number, pickup_warehouse_id, delivery_area_id, assigned_user_id,
      pickup_date, mos_date, status) select 'MTM-OLD-' || g, 'DN-OLD-' || g, ?, ?, (select id from users where username = 'admin'),
      '2026-10-01', '2026-10-06', 'booking_received' from generate_series(1, ?) g`, [refs.warehouse, refs.ownArea, EXPORTED]);
    const streams = await Promise.all(Array.from({ length: STREAMS }, () =>
      fetch(`${app.url}/api/events`, { headers: { cookie: admin.cookieHeader } })));
    expect(streams.map((res) => res.status)).toEqual(Array(STREAMS).fill(200));
    const streamTexts = streams.map((res) => res.text());

    const arrived: string[] = [];
    const onRequest = (req: IncomingMessage) => arrived.push(req.url!);
    app.server.on('request', onRequest);
    const form = new FormData();
    form.append('dryRun', 'false');
    form.append('expect', String(IMPORTED));
    form.append('file', importFile(IMPORTED), 'orders.csv');
    const importing = admin.post('/api/orders/import', form);
    const exporting = fetch(`${app.url}/api/orders/export.csv?locale=en`, { headers: { cookie: admin.cookieHeader } })
      .then(async (res) => ({ status: res.status, text: await res.text() }));
    await eventually(() => expect(arrived).toEqual(expect.arrayContaining([expect.stringMatching(/^\/api\/orders\/import/),
      expect.stringMatching(/^\/api\/orders\/export/)])), 5_000);
    app.server.off('request', onRequest);

    const started = Date.now();
    const stopped = shutDown({ app: app.koa, server: app.server, db: app.db, jobs: [] }, GRACE_MS);
    // No new connection is taken.
    await expect(fetch(`${app.url}/healthz`)).rejects.toThrow();
    const imported = await importing;
    expect(imported.status).toBe(201);
    expect(imported.body).toMatchObject({ created: IMPORTED });
    const exported = await exporting;
    expect(exported.status).toBe(200);
    // Every order there was when it began (the import's may be there too), down to the first made.
    const lines = exported.text.trimEnd().split(/\r?\n/);
    expect(lines.filter((line) => line.includes(',MTM-OLD-'))).toHaveLength(EXPORTED);
    expect(lines.at(-1)).toMatch(/,MTM-OLD-1,/);
    const texts = await Promise.all(streamTexts);
    expect(texts.filter((text) => text.endsWith(`retry: ${RECONNECT_MS}\n\n`))).toHaveLength(STREAMS);
    expect(await stopped).toEqual({ cut: false });
    expect(Date.now() - started).toBeLessThan(GRACE_MS);
  });
});

describe('a draining server', () => {
  it('says so on /healthz (503) and closes each connection after its answer', async () => {
    const other = await startTestApp({ demo: false });
    try {
      expect((await fetch(`${other.url}/healthz`)).status).toBe(200);
      startDraining(other.koa);
      const health = await fetch(`${other.url}/healthz`);
      expect(health.status).toBe(503);
      expect(await health.json()).toEqual({ status: 'draining' });
      expect(health.headers.get('connection')).toBe('close');
      expect((await fetch(`${other.url}/api/translations/catalog/en`)).headers.get('connection')).toBe('close');
    } finally {
      await other.close();
    }
  });
});

/**
 * The server as `npm start` runs it (server.ts), in a process of its own, on a migrated and seeded
 * database of its own (on the server or in a PGlite folder: a first start, which migrates and seeds,
 * is compiledServer.test.ts's), with a short grace period; signed in as the admin once listening.
 */
async function serverProcess(env: Record<string, string> = {}) {
  const postgres = process.env.TEST_DB_KIND === 'postgres';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shutdown-'));
  const preparation = { config: readConfig({ PASSWORD_HASH_COST: '12' }), demo: true, sampleData: false };
  const { target, drop } = postgres ? await createTestDatabase(preparation)
    : await createPgliteFolder(preparation, dataDir).then(() => ({ target: { dataDir } as DatabaseTarget, drop: async () => undefined }));
  const port = await freePort();
  const graceMs = 300;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, '../../api/src/server.ts')], {
    env: { ...process.env, PORT: String(port), DATABASE_URL: target.databaseUrl ?? '', DATA_DIR: dataDir, PASSWORD_HASH_COST: '12',
      LOG_LEVEL: 'info', SESSION_KEYS: 'shutdown-test', REPORT_SCHEDULE: 'off', NOTIFICATION_JOB: 'off', SHUTDOWN_GRACE_MS: String(graceMs), ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => { if (chunk.toString().includes('http://localhost')) resolve(); });
    void exited.then((code) => reject(new Error(`the server exited (${code})`)));
  });
  const url = `http://127.0.0.1:${port}`;
  const admin = new HttpClient(url);
  await admin.login('admin', 'demo1234');
  return {
    url, admin, child, exited, graceMs,
    /** The database, opened again once the process has exited (a PGlite folder has one user at a time). */
    reopen: () => openDatabase(postgres ? target : { dataDir }),
    remove: async () => {
      child.kill('SIGKILL');
      await exited;
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

describe('the server process on SIGTERM', () => {
  it('exits 0 within the grace period, an import it had to cut left nothing', async () => {
    const server = await serverProcess();
    const { url, admin, child, exited, graceMs } = server;
    let importingResult: unknown;
    try {
      for (const [resource, body] of [['warehouses', { code: 'W1', name: 'Main DC' }], ['suppliers', { name: 'Carrier One', ...SUPPLIER_CONTACT }],
        ['vehicle-types', { code: 'T5', name: '5 t truck' }], ['delivery-areas', { code: 'OWN', name: 'Dispatcher area' }]] as const) {
        await admin.create(`/api/${resource}`, body);
      }
      // The import sent whole, then the signal: it is under way (or, on a fast machine, done).
      const form = new FormData();
      form.append('dryRun', 'false');
      form.append('expect', String(CUT_IMPORT));
      form.append('file', importFile(CUT_IMPORT), 'orders.csv');
      const multipart = new Request(url, { method: 'POST', body: form });
      const bytes = Buffer.from(await multipart.arrayBuffer());
      let signalled = 0;
      const importing = new Promise<number | Error>((resolve) => {
        const req = request(`${url}/api/orders/import`, { method: 'POST', headers: { cookie: admin.cookieHeader,
          'content-type': multipart.headers.get('content-type')!, 'content-length': bytes.length } },
        (res) => { res.resume(); res.on('end', () => resolve(res.statusCode!)); });
        req.on('error', resolve);
        req.end(bytes, () => {
          signalled = Date.now();
          child.kill('SIGTERM');
        });
      });
      expect(await exited).toBe(0);
      // Past the grace period, the time to close the database: up to 3.3 s for PGlite with both test workers busy.
      expect(Date.now() - signalled).toBeLessThan(graceMs + 5_000);
      importingResult = await importing;
      // The database opens again, holding the import only if its answer said so.
      const db = server.reopen();
      try {
        const { n } = (await db('orders').where('dnNumber', 'like', 'STOP-%').count({ n: '*' }))[0];
        // Imported if and only if it said so: a cut import left nothing.
        expect(Number(n)).toBe(importingResult === 201 ? CUT_IMPORT : 0);
      } finally {
        await db.destroy();
      }
    } finally {
      await server.remove();
    }
  });

  it('in the middle of a webhook delivery loses nothing: the delivery goes out again, with its message id', async () => {
    const receiver = await startWebhookReceiver();
    receiver.answer('hang');
    const server = await serverProcess({ WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', WEBHOOK_TIMEOUT_MS: '5000' });
    try {
      const { admin } = server;
      await admin.create('/api/webhooks', { url: receiver.url, events: ['order.created'] });
      const order = await admin.create('/api/orders', orderBody({ pickupWarehouseId: (await admin.create('/api/warehouses', { code: 'W1', name: 'Main DC' })).id,
        deliveryAreaId: (await admin.create('/api/delivery-areas', { code: 'OWN', name: 'Own area' })).id, assignedUserId: (await admin.get('/api/user')).body.id }));
      // The worker is sending it (the receiver holds the request), then the signal.
      await eventually(() => expect(receiver.held()).toBe(1));
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      receiver.answer(200);
      const db = server.reopen();
      try {
        const [delivery] = await db('webhookDeliveries').select('id', 'status', 'messageId', 'orderId');
        expect(delivery).toMatchObject({ orderId: order.id, status: 'sending' });
        // Once its claim has lapsed, the next instance's worker sends it again, and it is delivered.
        const config = readConfig({ WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' });
        expect(await sendDueWebhooks(db, config, new Date(Date.now() + 61_000))).toBe(1);
        expect(await db('webhookDeliveries').where({ id: delivery.id }).first('status')).toEqual({ status: 'delivered' });
        expect(receiver.received.map((got) => [got.headers['webhook-id'], got.json.type])).toEqual([[delivery.messageId, 'order.created']]);
      } finally {
        await db.destroy();
      }
    } finally {
      await server.remove();
      await receiver.close();
    }
  });
});
