import Koa from 'koa';
import helmet from 'koa-helmet';
import type { Knex } from 'knex';
import type Router from '@koa/router';
import type { AppState } from './foundation/appState';
import type { Config } from './foundation/config';
import { requestErrorLogger } from './foundation/errorLog';
import { isDraining } from './foundation/draining';
import { routePattern } from './foundation/routePattern';
import { authRoutes } from './auth/routes';
import { secondFactorRoutes } from './auth/secondFactorRoutes';
import { dashboardRoutes } from './dashboard/routes';
import { healthRoutes } from './health/routes';
import { metricsRoutes } from './health/metricsRoute';
import { adminApp } from './middleware/adminApp';
import { answerBody } from './middleware/answerBody';
import { bearerToken } from './api-tokens/bearer';
import { csrfProtection } from './middleware/csrf';
import { loadCurrentUser } from './middleware/currentUser';
import { errorHandler } from './middleware/errors';
import { requestLog } from './middleware/requestLog';
import { jsonBody } from './middleware/jsonBody';
import { idempotentWrites } from './middleware/idempotency';
import { keepRouteAnswer, noteRouteAnswer } from './middleware/routeAnswer';
import { sessionMiddleware } from './middleware/session';
import { permissionRoutes } from './permissions/routes';
import { loadTranslator } from './translations/catalog';
import { translationRoutes } from './translations/routes';
import { RECORD_RESOURCES, RESOURCES } from './registry';
import type { ResourceServices } from './resources/resource';
import { resourceRoutes } from './resources/resourceRoutes';
import { trashed, trashRoutes } from './trash/routes';
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
import { sessionRoutes } from './users/sessions';
import { undoRoutes } from './undo/routes';
import { mailRoutes } from './mail/routes';
import { webhookRoutes } from './webhooks/routes';
import { trackingRoutes } from './tracking/routes';
import { openapiRoutes } from './openapi/routes';
import { notificationRoutes } from './notifications/routes';
import { logArchiveRoutes } from './activity/archiveRoutes';
import { logActivity } from './activity/logActivity';

/** What the generic resource routes take from the domains: they import none. */
const resourceServices: ResourceServices = { logActivity, loadTranslator, trashed };

/** Every router of the API; a test checks that each of their routes starts with a guard. */
export const routers: Router<AppState>[] = [
  healthRoutes,
  metricsRoutes,
  authRoutes,
  secondFactorRoutes,
  permissionRoutes,
  translationRoutes,
  dashboardRoutes,
  trashRoutes(Object.values(RECORD_RESOURCES)),
  orderRoutes, // before the orders resource: its fixed paths must win over /:id
  attachmentRoutes,
  userRoutes,
  sessionRoutes,
  orderImportRoutes,
  savedFilterRoutes(RESOURCES),
  reportRoutes, // before the report-runs resource: it adds the POST
  processMonitoringRoutes,
  liveRoutes,
  undoRoutes(RESOURCES),
  notificationRoutes,
  publicMonitoringRoutes,
  pricingRoutes, // before the pricing resource: /stats must win over /:id
  rateCardRoutes,
  pricePasteRoutes,
  mailRoutes,
  webhookRoutes,
  trackingRoutes,
  logArchiveRoutes, // before the activity-logs resource: /archives must win over /:id
  ...RESOURCES.map((def) => resourceRoutes(def, resourceServices)),
  openapiRoutes(() => routers),
];

export function createApp(db: Knex, config: Config): Koa<AppState> {
  const app = new Koa<AppState>({ proxy: config.trustProxy, maxIpsCount: config.proxyHops });
  const routeOf = routePattern(routers);
  app.on('error', requestErrorLogger(routeOf));

  app.use(requestLog(config, routeOf));
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
  for (const step of answerBody()) app.use(step);
  app.use(async (ctx, next) => {
    // A stopping server's clients open their next connection elsewhere (shutdown.ts).
    if (isDraining(app)) ctx.set('Connection', 'close');
    ctx.state.db = db;
    ctx.state.config = config;
    await next();
  });
  app.use(sessionMiddleware(app as unknown as Koa, db, config));
  // Inside the session middleware: under the request's deadline, and a write waits for its notices (session.ts).
  app.use(bearerToken);
  app.use(csrfProtection);
  app.use(jsonBody());
  app.use(loadCurrentUser);
  app.use(idempotentWrites(config.idempotencyWaitMs));
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
