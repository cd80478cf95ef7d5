import { timingSafeEqual } from 'node:crypto';
import Router from '@koa/router';
import type { Knex } from 'knex';
import { Gauge } from 'prom-client';
import type { AppState, Ctx } from '../foundation/appState';
import { httpError } from '../foundation/httpError';
import { metrics } from '../foundation/metrics';
import { cachedAggregate } from '../db/aggregateCache';
import { liveViews } from '../live/views';
import { publicRoute } from '../middleware/guard';

/** Read by Prometheus; like /healthz, it reads no session (middleware/session.ts). */
export const METRICS_PATH = '/metrics';

const poolConnections = new Gauge({ name: 'database_pool_connections',
  help: 'The database pool: connections in use, free, and requests waiting for one (DATABASE_POOL_MAX)',
  labelNames: ['state'] as const, registers: [metrics] });
const openStreams = new Gauge({ name: 'event_streams_open', help: 'Open event streams (GET /api/events) on this instance',
  registers: [metrics] });
const outboxWaiting = new Gauge({ name: 'mail_outbox_waiting', help: 'Mails queued and not yet sent (pending or being sent), on the whole database',
  registers: [metrics] });

/** How long a scrape waits for the outbox's count: /metrics answers while the database does not. */
const OUTBOX_COUNT_MS = 1_000;
/** A count this recent serves the scrapes that follow (Prometheus scrapes each instance every 15 s or so). */
const OUTBOX_COUNT_KEPT_MS = 5_000;

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * With METRICS_TOKEN, whoever sends it as a bearer token; else (or besides) a client on this machine
 * that no proxy relayed (a proxy on the machine adds X-Forwarded-For: its clients are not local).
 */
function mayRead(ctx: Ctx): boolean {
  const token = ctx.state.config.metricsToken;
  if (token && sameText(ctx.get('Authorization'), `Bearer ${token}`)) return true;
  return LOOPBACK.has(ctx.req.socket.remoteAddress ?? '') && !ctx.get('X-Forwarded-For') && !ctx.get('Forwarded');
}

/** The instance's pool, streams and the database's outbox, read now. */
async function readGauges(db: Knex): Promise<void> {
  const pool = (db.client as { pool?: { numUsed(): number; numFree(): number; numPendingAcquires(): number } }).pool;
  poolConnections.set({ state: 'used' }, pool?.numUsed() ?? 0);
  poolConnections.set({ state: 'free' }, pool?.numFree() ?? 0);
  poolConnections.set({ state: 'waiting' }, pool?.numPendingAcquires() ?? 0);
  openStreams.set(liveViews(db).streamCount());
  // One count at a time, whoever scrapes: in an outage each would otherwise wait for a connection
  // of a pool the requests need, as long as DATABASE_ACQUIRE_TIMEOUT_MS. A scrape waits a second
  // for it; past that it answers with the last count, and the count sets the gauge when it comes.
  const count = cachedAggregate(db, 'metrics:mail_outbox_waiting', OUTBOX_COUNT_KEPT_MS, async () => {
    const [{ n }] = await db('mailOutbox').whereIn('status', ['pending', 'sending']).count({ n: '*' });
    outboxWaiting.set(Number(n));
  }).catch(() => undefined);
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([count, new Promise((resolve) => { timer = setTimeout(resolve, OUTBOX_COUNT_MS); })]);
  clearTimeout(timer);
}

async function readMetrics(ctx: Ctx) {
  if (!mayRead(ctx)) throw httpError('access_denied', 'Metrics are read with METRICS_TOKEN or from this machine');
  await readGauges(ctx.state.db);
  ctx.type = metrics.contentType;
  ctx.body = await metrics.metrics();
}

export const metricsRoutes = new Router<AppState>().get(METRICS_PATH, publicRoute(), readMetrics);
