import type { Server } from 'node:http';
import type { Cron } from 'croner';
import type { Knex } from 'knex';
import { RECONNECT_MS, startDraining } from './foundation/draining';
import { endLiveStreams } from './live/routes';

/** What a running server is made of, as server.ts starts it. */
export interface Running {
  app: object;
  server: Server;
  db: Knex;
  /** The scheduled jobs (reports, mail, digest, notifications, webhooks); undefined where off. */
  jobs: Array<Cron | undefined>;
}

/** How often the wait looks again for connections gone idle and jobs done. */
const POLL_MS = 50;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Stops a server without cutting what is under way (SIGTERM, SIGINT): it accepts no new connection,
 * answers 503 "draining" on /healthz and closes each connection after its answer, so a proxy sends
 * elsewhere; its event streams end telling their browsers to reconnect after RECONNECT_MS; no job
 * starts again. Requests in flight (an import, an export) and a job's run under way get `graceMs` to
 * finish. Past that their connections are cut: a write under way then rolls back whole, being one
 * transaction, once the process exits (at once, then). Else the pool closes. Says whether anything
 * had to be cut.
 */
export async function shutDown({ app, server, db, jobs }: Running, graceMs: number): Promise<{ cut: boolean }> {
  const deadline = Date.now() + graceMs;
  startDraining(app);
  for (const job of jobs) job?.stop();
  let closed = false;
  server.close(() => { closed = true; });
  endLiveStreams(db, RECONNECT_MS);
  // Connections become idle as their answers end; those are closed at once.
  while (!(closed && !jobs.some((job) => job?.isBusy())) && Date.now() < deadline) {
    server.closeIdleConnections();
    await pause(POLL_MS);
  }
  const cut = !closed || jobs.some((job) => job?.isBusy());
  server.closeAllConnections();
  // What is still under way was cut from its answer: it must not commit after. The process exits
  // at once, and PostgreSQL rolls back the transactions of the connections it loses.
  if (!cut) await db.destroy();
  return { cut };
}
