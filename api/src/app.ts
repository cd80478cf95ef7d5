import { Stream } from 'node:stream';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import Koa from 'koa';
import compress from 'koa-compress';
import helmet from 'koa-helmet';
import type { Knex } from 'knex';
import type Router from '@koa/router';
import type { AppState } from './foundation/appState';
import type { Config } from './foundation/config';
import { requestErrorLogger } from './foundation/errorLog';
import { authRoutes } from './auth/routes';
import { dashboardRoutes } from './dashboard/routes';
import { healthRoutes } from './health/routes';
import { adminApp } from './middleware/adminApp';
import { csrfProtection } from './middleware/csrf';
import { loadCurrentUser } from './middleware/currentUser';
import { errorHandler } from './middleware/errors';
import { jsonBody } from './middleware/jsonBody';
import { keepRouteAnswer, noteRouteAnswer } from './middleware/routeAnswer';
import { sessionMiddleware } from './middleware/session';
import { permissionRoutes } from './permissions/routes';
import { translationRoutes } from './translations/routes';
import { RESOURCES } from './registry';
import { resourceRoutes } from './resources/resourceRoutes';
import { trashRoutes } from './trash/routes';
import { orderRoutes } from './orders/routes';
import { pricingRoutes } from './pricing/routes';
import { rateCardRoutes } from './rate-cards/routes';
import { pricePasteRoutes } from './pricing/pricePaste';
import { attachmentRoutes } from './orders/attachments';
import { orderImportRoutes } from './orders/orderImport';
import { savedFilterRoutes } from './saved-filters/routes';
import { reportRoutes } from './reports/routes';
import { processMonitoringRoutes } from './monitoring/processMonitoring';
import { publicMonitoringRoutes } from './monitoring/publicMonitoring';
import { liveRoutes } from './live/routes';
import { httpError } from './foundation/httpError';
import { userRoutes } from './users/routes';
import { undoRoutes } from './undo/routes';
import { mailRoutes } from './mail/routes';
import { notificationRoutes } from './notifications/routes';

/** Every router of the API; a test checks that each of their routes starts with a guard. */
export const routers: Router<AppState>[] = [
  healthRoutes,
  authRoutes,
  permissionRoutes,
  translationRoutes,
  dashboardRoutes,
  trashRoutes,
  orderRoutes, // before the orders resource: its fixed paths must win over /:id
  attachmentRoutes,
  userRoutes,
  orderImportRoutes,
  savedFilterRoutes,
  reportRoutes, // before the report-runs resource: it adds the POST
  processMonitoringRoutes,
  liveRoutes,
  undoRoutes,
  notificationRoutes,
  publicMonitoringRoutes,
  pricingRoutes, // before the pricing resource: /stats must win over /:id
  rateCardRoutes,
  pricePasteRoutes,
  mailRoutes,
  ...RESOURCES.map(resourceRoutes),
];

/**
 * koa-compress with two corrections. It leaves alone any response with a Content-Range, as it
 * would a byte range: a list's Content-Range (ra-data-simple-rest's "orders 0-24/319") counts
 * records, so it is held back while koa-compress decides and put back after. And it fails (an
 * undefined Content-Encoding) when the client refuses every encoding it has, identity included
 * (`identity;q=0`, `*;q=0`): such a client is answered uncompressed, as mainstream servers do.
 */
function compressLists(compressor: ReturnType<typeof compress>): Koa.Middleware {
  return async (ctx, next) => {
    let itemRange: string | undefined;
    await compressor(ctx, async () => {
      await next();
      if (!ctx.acceptsEncodings(compressor.preferredEncodings)) ctx.compress = false;
      const range = ctx.response.get('Content-Range');
      if (range && ctx.status !== 206 && !/^bytes\b/i.test(range)) {
        itemRange = range;
        ctx.remove('Content-Range');
      }
    });
    if (itemRange) ctx.set('Content-Range', itemRange);
  };
}

/** Bodies up to this size are compressed at once, in the request's own turn (about 0.05 ms for 10 KB, 1 ms for 256 KB). */
const AT_ONCE_LIMIT = 256 * 1024;
/** koa-compress's threshold: a smaller body is sent as it is. */
const COMPRESS_THRESHOLD = 1024;
const BROTLI_QUALITY = 4; // koa-compress's own
const UNCOMPRESSED_STATUSES = new Set([204, 205, 206, 304]);

/**
 * A JSON or text body of a few KB (a list page, a record) compressed in one synchronous call rather
 * than through koa-compress's stream: the stream's set-up, buffers and hand-over to the thread pool
 * cost about four times the compression itself (0.2 against 0.05 ms for a 10 KB page; brotli's
 * default 4 MB window alone is allocated per response). Brotli (told the body's size, so that it
 * takes a window to match) or gzip, as the client accepts; bigger bodies and streams are left to
 * koa-compress, which also sees that a body compressed here needs nothing more.
 */
const compressSmallBodies: Koa.Middleware = async (ctx, next) => {
  await next();
  const body: unknown = ctx.body;
  if (typeof body !== 'string' && !Buffer.isBuffer(body)) return;
  const size = Buffer.byteLength(body);
  if (size < COMPRESS_THRESHOLD || size > AT_ONCE_LIMIT || ctx.compress === false || ctx.method === 'HEAD'
    || UNCOMPRESSED_STATUSES.has(ctx.status) || ctx.response.get('Content-Encoding') || !ctx.response.is(['json', 'text/*'])
    || /(?:^|,)\s*no-transform\s*(?:,|$)/.test(ctx.response.get('Cache-Control'))) return;
  const encoding = ctx.acceptsEncodings('br', 'gzip', 'identity');
  if (encoding !== 'br' && encoding !== 'gzip') return;
  ctx.body = encoding === 'br'
    ? brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: size } })
    : gzipSync(body);
  ctx.set('Content-Encoding', encoding);
};

/**
 * Koa measures an object body by turning it into JSON, koa-compress asks for that length, and Koa
 * turns it into JSON again to send it: a 400 KB report was serialised three times per request.
 * Serialised once here, the body is a string whose length is cheap.
 */
const serialiseJsonOnce: Koa.Middleware = async (ctx, next) => {
  await next();
  const body: unknown = ctx.body;
  if (body !== null && typeof body === 'object' && !Buffer.isBuffer(body) && !(body instanceof Stream)) {
    ctx.body = JSON.stringify(body);
    ctx.type = 'json';
  }
};

export function createApp(db: Knex, config: Config): Koa<AppState> {
  const app = new Koa<AppState>({ proxy: config.trustProxy, maxIpsCount: config.proxyHops });
  app.on('error', requestErrorLogger());

  app.use(errorHandler);
  app.use(keepRouteAnswer);
  app.use(helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"], // MUI (emotion) injects its styles at run time
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        upgradeInsecureRequests: config.trustProxy ? [] : null,
      },
    },
    hsts: config.trustProxy,
  }));
  app.use(compressLists(compress()));
  app.use(compressSmallBodies);
  app.use(serialiseJsonOnce);
  app.use(async (ctx, next) => {
    ctx.state.db = db;
    ctx.state.config = config;
    await next();
  });
  app.use(sessionMiddleware(app as unknown as Koa, db, config));
  app.use(csrfProtection);
  app.use(jsonBody());
  app.use(loadCurrentUser);
  app.use(noteRouteAnswer);
  for (const router of routers) app.use(router.routes()).use(router.allowedMethods());
  app.use(async (ctx, next) => {
    if (ctx.path === '/api' || ctx.path.startsWith('/api/')) {
      // A known path asked with another method: 405 and the methods it takes (each router's own
      // allowedMethods never sees it, this answer being thrown past them).
      const allowed = [...new Set(routers.flatMap((router) => router.match(ctx.path, ctx.method).path.flatMap((layer) => layer.methods)))];
      if (allowed.length > 0) {
        throw Object.assign(httpError('method_not_allowed', `${ctx.method} is not allowed on ${ctx.path}: use ${allowed.join(', ')}`,
          { params: { method: ctx.method, allowed: allowed.join(', ') } }), { headers: { Allow: allowed.join(', ') } });
      }
      throw httpError('route_not_found', `No API route ${ctx.method} ${ctx.path}`, { params: { method: ctx.method, path: ctx.path } });
    }
    await next();
  });
  app.use(adminApp(config.adminDist));
  return app;
}
