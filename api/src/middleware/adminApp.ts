import fs from 'node:fs';
import path from 'node:path';
import type { Context, Middleware, Next } from 'koa';
import serve from 'koa-static';

const ONE_YEAR_S = 365 * 24 * 60 * 60;

/**
 * Serves the built admin: hashed assets cached for a year, index.html never cached, and every
 * other GET that wants HTML answered with index.html so each route of docs/routes-and-pages.md loads directly.
 */
export function adminApp(distDir: string): Middleware {
  const assets = serve(distDir, {
    index: false,
    setHeaders: (res, file) => {
      const hashed = file.includes(`${path.sep}assets${path.sep}`);
      res.setHeader('Cache-Control', hashed ? `public, max-age=${ONE_YEAR_S}, immutable` : 'no-cache');
    },
  });
  const indexFile = path.join(distDir, 'index.html');
  return async (ctx: Context, next: Next) => {
    if (ctx.path.startsWith('/api/') || ctx.path === '/api') return next();
    await assets(ctx, async () => undefined);
    if (ctx.body !== undefined || !['GET', 'HEAD'].includes(ctx.method)) return next();
    if (!ctx.accepts('html')) return next();
    if (!fs.existsSync(indexFile)) {
      ctx.status = 503;
      ctx.body = 'The admin is not built yet: run `npm run build`.';
      return;
    }
    ctx.set('Cache-Control', 'no-cache');
    ctx.type = 'html';
    ctx.body = fs.createReadStream(indexFile);
  };
}
