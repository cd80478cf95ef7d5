import fc from 'fast-check';
import type { Role } from '@kernel/users/roles';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import {
  acceptEncodings, bodies, bodyEncodings, pathValues, queryString, type BodyEncoding, type BodySpec, type PathValue,
} from '../helpers/fuzzArbitraries';
import { HttpClient, signedInAs, type Answer } from '../helpers/httpClient';
import {
  createFixtures, demoCredentials, fixtureId, SESSION_ROUTES, validBodies, writeParams, type Fixtures, type RecordMaker,
} from '../helpers/routeFixtures';
import { isWrite, ROUTES, type RouteEntry } from '../helpers/routeTable';
import { activityOf, changedTables, REFUSAL_LOG_ACTIONS, tableMarks } from '../helpers/tableMarks';
import { startTestApp, type TestApp } from '../helpers/testApp';

/**
 * Property: whatever a signed-in user sends to any route (odd path ids, list parameters with
 * prototype keys and deep nesting, mangled records, broken JSON and multipart, any Accept-Encoding,
 * bodies compressed or only said to be), the answer is never a 5xx, the server stays up, and a
 * refused request changes nothing: every table but the session store and the audit trail is as it
 * was, and the audit trail gained at most a failed sign-in. GETs change nothing at all
 * (docs/api-conventions.md#cross-site-requests-csrf-and-origin-rule). And the regional dispatcher
 * never gets through to the order outside their delivery areas, whatever else the request carries.
 *
 * FUZZ_RUNS (default 1000) cases per database, spread over the routes and the two callers; `npm run
 * fuzz` runs 20,000. FUZZ_SEED fixes the seed (default 20261123 on PGlite and 20261124 on
 * PostgreSQL, so a normal run is reproducible and the two databases meet 2,000 different cases
 * between them); FUZZ_SEED=random draws one, and every failure names the seed to run it again.
 */
const TOTAL_RUNS = Number(process.env.FUZZ_RUNS ?? 1000);
const SEED = process.env.FUZZ_SEED === 'random' ? Math.floor(Math.random() * 2 ** 31)
  : Number(process.env.FUZZ_SEED ?? (process.env.TEST_DB_KIND === 'postgres' ? 20261124 : 20261123));

// The dispatcher first: the admin may take pages away from it (PUT /api/permissions) or delete
// its records while fuzzing; the widest reach goes last.
const CALLERS: Role[] = ['regional_dispatcher', 'admin'];
const RUNS_PER_ROUTE = Math.max(1, Math.ceil(TOTAL_RUNS / (ROUTES.length * CALLERS.length)));
// A route's cases take some 20 ms each, more with the 20,000 of `npm run fuzz` on a busy machine.
const ROUTE_TIMEOUT = Math.max(60_000, RUNS_PER_ROUTE * 1_000);

let app: TestApp;
let f: Fixtures;
let maker: RecordMaker;
const clients = {} as Record<Role, HttpClient>;
let caseNumber = 0;

beforeAll(async () => {
  app = await startTestApp();
  let admin: HttpClient;
  ({ fixtures: f, maker, admin } = await createFixtures(app));
  clients.admin = admin;
  clients.regional_dispatcher = await signedInAs(app.url, 'regional_dispatcher');
}, 120_000);
afterAll(() => app?.close());

/** Set when the caller got a 401: some request may have ended its session. */
const maybeSignedOut = {} as Record<Role, boolean>;

/** The caller's client, signed in again if a request ended its session. */
async function signedIn(role: Role): Promise<HttpClient> {
  if (!maybeSignedOut[role]) return clients[role];
  maybeSignedOut[role] = false;
  const me = await clients[role].get('/api/user');
  if (me.status !== 200 || me.body.username !== role) clients[role] = await signedInAs(app.url, role);
  return clients[role];
}

/**
 * The table marks as the last reading left them, read again only after an accepted write:
 * reading every table costs a query, and most cases are refused.
 */
let known: Record<string, string> | undefined;
async function currentMarks(): Promise<Record<string, string>> {
  known ??= await tableMarks(app.db);
  return known;
}
const somethingChanged = () => { known = undefined; };

/** The order outside the dispatcher's areas, as this route names it (pricing shows completed orders only). */
const foreignId = (route: RouteEntry) => (/^\/api\/(orders|pricing)\/:id/.test(route.path)
  ? (route.path.startsWith('/api/pricing/') ? f.otherCompleted.id : f.otherOrder.id) : undefined);

/**
 * Real path values for a route: the shared fixtures, the other area's order (the dispatcher's
 * scope: never to be reached), and for a write that uses its record up (a delete, a restore) one
 * made for it alone, so the shared fixtures stay for the routes after it.
 */
async function poolFor(route: RouteEntry, role: Role): Promise<Array<Record<string, string | number>>> {
  if (route.params.length === 0) return [{}];
  const usesUp = route.method === 'DELETE' || route.path.startsWith('/api/trash/');
  const pool = usesUp ? [await writeParams(route, f, maker, f.userIds[role])] : [fixtureId(route, f)];
  if (usesUp) somethingChanged();
  const foreign = foreignId(route);
  if (foreign !== undefined && (!usesUp || role === 'regional_dispatcher')) pool.push({ id: foreign, attachmentId: f.otherAttachment });
  return pool;
}

interface FuzzRequest {
  path: Record<string, PathValue>;
  query: string;
  body: BodySpec;
  acceptEncoding: string | undefined;
  bodyEncoding: BodyEncoding | undefined;
}

const COMPRESS = { gzip: gzipSync, deflate: deflateSync, br: brotliCompressSync } as Record<string, (text: string) => Buffer>;

interface Sent {
  request: string;
  userAgent: string;
  bodyText?: string;
  answer: Answer;
}

const clip = (text: string | undefined, length: number) =>
  (text === undefined ? '' : text.length > length ? `${text.slice(0, length)}… (${text.length} chars)` : text);

/** The failure fast-check reports beside its counterexample and seed: what was sent and answered. */
function failure(what: string, sent: Sent): Error {
  const { status, body } = sent.answer;
  const answered = typeof body === 'string' ? body : JSON.stringify(body);
  return new Error(`${what}\n  ${sent.request} → ${status} ${clip(answered, 1500)}\n  sent body: ${clip(sent.bodyText, 600)}`
    + `\n  (FUZZ_SEED=${SEED})`);
}

async function send(route: RouteEntry, client: HttpClient, request: FuzzRequest): Promise<Sent> {
  const path = route.path.replace(/:([A-Za-z]+)/g, (_m, name: string) => {
    const { value, raw } = request.path[name];
    return raw ? value : encodeURIComponent(value);
  });
  const userAgent = `fuzz/${++caseNumber}`;
  const headers: Record<string, string> = { 'user-agent': userAgent };
  let bodyText: string | undefined;
  if (request.body.kind === 'json') {
    bodyText = JSON.stringify(request.body.value);
    headers['content-type'] = 'application/json';
  } else if (request.body.kind === 'raw') {
    bodyText = request.body.text;
    headers['content-type'] = request.body.contentType;
  }
  if (request.acceptEncoding !== undefined) headers['accept-encoding'] = request.acceptEncoding;
  let body: string | Blob | undefined = bodyText;
  if (request.bodyEncoding && bodyText !== undefined) {
    headers['content-encoding'] = request.bodyEncoding.name;
    if (request.bodyEncoding.applied) body = new Blob([new Uint8Array(COMPRESS[request.bodyEncoding.name](bodyText))]);
  }
  const sent: Sent = { request: `${route.method} ${path}${request.query}`, userAgent,
    bodyText: headers['content-encoding'] === undefined ? bodyText : `(Content-Encoding: ${headers['content-encoding']}) ${bodyText}`,
    answer: { status: 0, body: undefined, headers: new Headers() } };
  // Signing in, registering and signing out would change the fuzzing client's session: an anonymous client sends them.
  const sender = SESSION_ROUTES.includes(route.name) ? new HttpClient(app.url) : client;
  try {
    sent.answer = await sender.request(route.method, path + request.query, body, headers);
  } catch (err) {
    throw failure(`no answer: ${(err as Error).message} ${String((err as { cause?: unknown }).cause ?? '')}`, sent);
  }
  return sent;
}

/** The activity-log rows refused requests wrote that a refusal may not write. */
async function unexpectedLogRows(refused: Sent[]): Promise<Array<{ action: string; request: Sent }>> {
  const byAgent = new Map(refused.map((sent) => [sent.userAgent, sent]));
  return (await activityOf(app.db, [...byAgent.keys()]))
    .filter((row) => !REFUSAL_LOG_ACTIONS.includes(row.action))
    .map((row) => ({ action: row.action, request: byAgent.get(row.userAgent)! }));
}

/** A seed per route and caller, derived from SEED: one route's failure replays alone. */
function seedFor(route: RouteEntry, role: Role): number {
  let hash = SEED;
  for (const c of `${role} ${route.name}`) hash = (Math.imul(hash, 31) + c.charCodeAt(0)) | 0;
  return hash;
}

describe(`fuzzing every route (${RUNS_PER_ROUTE} cases per route and caller, FUZZ_SEED=${SEED})`, () => {
  describe.each(CALLERS)('as %s', (role) => {
    it.each(ROUTES)('$name: never 5xx, and a refusal changes nothing', async (route) => {
      const client = await signedIn(role);
      const pool = await poolFor(route, role);
      const template = validBodies(f, maker, demoCredentials(role))[route.name];
      const write = isWrite(route);
      const requests: fc.Arbitrary<FuzzRequest> = fc.record({
        path: pathValues(route, pool),
        query: write ? fc.oneof({ weight: 4, arbitrary: fc.constant('') }, { weight: 1, arbitrary: queryString(route) })
          : queryString(route),
        body: write ? bodies(route, template) : fc.constant<BodySpec>({ kind: 'none' }),
        acceptEncoding: acceptEncodings,
        bodyEncoding: write ? bodyEncodings : fc.constant(undefined),
      });

      const batchStart = await currentMarks();
      const gets: Sent[] = [];

      await fc.assert(fc.asyncProperty(requests, async (request) => {
        const baseline = write ? await currentMarks() : batchStart;
        const sent = await send(route, client, request);
        const { status } = sent.answer;
        if (status >= 500 || status < 100) throw failure(`answered ${status}`, sent);
        if (status === 401) maybeSignedOut[role] = true;
        if (role === 'regional_dispatcher' && status < 400 && request.path.id?.value === String(foreignId(route))) {
          throw failure('the regional dispatcher reached an order outside their delivery areas', sent);
        }
        if (!write) {
          gets.push(sent);
          return;
        }
        if (status < 400) {
          somethingChanged();
          return;
        }
        known = await tableMarks(app.db);
        const changed = changedTables(baseline, known);
        if (changed.length > 0) throw failure(`refused with ${status}, yet changed the tables ${changed.join(', ')}`, sent);
        const logged = await unexpectedLogRows([sent]);
        if (logged.length > 0) {
          throw failure(`refused with ${status}, yet wrote activity-log rows ${logged.map((l) => l.action).join(', ')}`, sent);
        }
      }), { numRuns: RUNS_PER_ROUTE, seed: seedFor(route, role) });

      if (!write) {
        somethingChanged();
        const changed = changedTables(batchStart, await currentMarks());
        if (changed.length > 0) {
          throw new Error(`GETs changed the tables ${changed.join(', ')}; the requests:\n`
            + `${gets.map((g) => `  ${g.request} → ${g.answer.status}`).join('\n')}\n(FUZZ_SEED=${SEED})`);
        }
        const logged = await unexpectedLogRows(gets.filter((g) => g.answer.status >= 400));
        if (logged.length > 0) throw failure(`refused, yet wrote activity-log rows ${logged[0].action}`, logged[0].request);
      }
    }, ROUTE_TIMEOUT);

    it('leaves the server up and answering', async () => {
      expect((await new HttpClient(app.url).get('/healthz')).status).toBe(200);
    });
  });
});
