import fs from 'node:fs';
import path from 'node:path';
import Router from '@koa/router';
import type { AppState } from '../foundation/appState';
import { httpError } from '../foundation/httpError';
import { APP_VERSION } from '../foundation/version';
import { requireActiveUser } from '../middleware/guard';
import type { Ctx } from '../resources/resource';
import { openapiDocument } from './document';

/** The viewer's files, from swagger-ui-dist as npm installed it (no copy of ours). */
const VIEWER_DIR = path.dirname(require.resolve('swagger-ui-dist/package.json'));
const VIEWER_FILES: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Logistics back-office API</title>
<link rel="icon" href="/api/docs/favicon-32x32.png">
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
</head>
<body>
<div id="api-docs"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/start.js"></script>
</body>
</html>
`;

/**
 * The viewer reads the document with the visitor's session; "Try it out" calls go with it too. Its
 * 150 routes are listed by their first segment (the tags), each opened on a click, with a filter box.
 */
const START = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#api-docs', deepLinking: true, docExpansion: 'none', filter: true,
  requestInterceptor: (request) => { request.credentials = 'same-origin'; return request; } });
`;

/**
 * GET /api/openapi.json, the API's OpenAPI 3.1 document made from the mounted routes
 * (docs/api-conventions.md#openapi), and GET /api/docs, a viewer of it (Swagger UI), for signed-in
 * users (a signed-out browser is sent to the sign-in page). `routers` is read when first asked, so
 * the document holds these routes too.
 */
export function openapiRoutes(routers: () => Array<Router<AppState>>): Router<AppState> {
  let document: string | undefined;
  return new Router<AppState>({ prefix: '/api' })
    .get('/openapi.json', requireActiveUser(), (ctx: Ctx) => {
      document ??= JSON.stringify(openapiDocument(routers(), APP_VERSION));
      ctx.type = 'application/json';
      ctx.body = document;
    })
    .get('/docs', requireActiveUser({ signInPage: true }), (ctx: Ctx) => {
      ctx.type = 'text/html; charset=utf-8';
      ctx.body = PAGE;
    })
    .get('/docs/:file', requireActiveUser(), (ctx: Ctx) => {
      const file = ctx.params.file ?? '';
      if (file === 'start.js') {
        ctx.type = 'text/javascript; charset=utf-8';
        ctx.body = START;
        return;
      }
      if (!Object.hasOwn(VIEWER_FILES, file)) throw httpError('not_found', 'No such file of the API viewer');
      ctx.type = VIEWER_FILES[file];
      ctx.set('Cache-Control', 'private, max-age=86400');
      ctx.body = fs.createReadStream(path.join(VIEWER_DIR, file));
    });
}
