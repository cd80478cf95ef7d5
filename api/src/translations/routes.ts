import Router from '@koa/router';
import Joi from 'joi';
import type { Context } from 'koa';
import { LOCALES, type Locale } from '@kernel/i18n/catalogs';
import { logActivity } from '../activity/logActivity';
import type { AppState } from '../foundation/appState';
import { publicRoute, requireRole, requireUser } from '../middleware/guard';
import { takes, type Input } from '../middleware/validate';
import { invalidateCatalogsOnCommit, servedCatalog } from './catalog';
import { applyImport, importBody, importRefused, importSummary, planImport } from './importTranslations';
import { TRANSLATION_EDITORS } from '@kernel/translations/translationRules';
import { Translation } from './Translation';

type Ctx = Context & { state: AppState };

const localeParams = Joi.object({ locale: Joi.string().valid(...LOCALES).required() });

/**
 * Public: the sign-in page needs its texts before anyone is signed in. Served from memory with
 * an ETag; `no-cache` makes the browser ask each time (304 when unchanged), so an edit shows at once.
 */
async function catalog(ctx: Ctx, { params: { locale } }: Input<unknown, unknown, { locale: Locale }>) {
  const { json, etag } = await servedCatalog(ctx.state.db, locale);
  ctx.set('Cache-Control', 'no-cache');
  ctx.etag = etag;
  ctx.type = 'application/json';
  ctx.body = json;
  if (ctx.fresh) ctx.status = 304;
}

/** The namespaces of the live entries, for the list's namespace filter. */
async function namespaces(ctx: Ctx) {
  const rows = await Translation.query(ctx.state.db).modify('live').distinct('namespace').orderBy('namespace');
  ctx.body = rows.map((row) => row.namespace);
}

/**
 * `{ rows, dryRun }`: a preview answers what would be added and changed and each row's errors;
 * an apply writes all rows in one transaction with one activity-log row, or nothing at all
 * (400) when any row is invalid.
 */
async function importTexts(ctx: Ctx, { body: { rows, dryRun } }: Input<{ rows: unknown[]; dryRun: boolean }>) {
  if (dryRun) {
    ctx.body = (await planImport(ctx.state.db, rows)).report;
    return;
  }
  ctx.body = await ctx.state.db.transaction(async (trx) => {
    invalidateCatalogsOnCommit(trx);
    const plan = await planImport(trx, rows);
    if (plan.report.errors.length > 0) throw importRefused(plan.report.errors);
    await applyImport(trx, plan);
    if (plan.report.added.length + plan.report.changed.length > 0) {
      await logActivity(trx, ctx, { action: 'import', entityType: 'translation', changes: importSummary(plan.report) });
    }
    return plan.report;
  });
}

// Before the translations resource in app.ts: these fixed paths win over its /:id.
export const translationRoutes = new Router<AppState>({ prefix: '/api/translations' })
  .get('/catalog/:locale', publicRoute(), takes({ params: localeParams }, catalog))
  .get('/namespaces', requireUser(), namespaces)
  .post('/import', requireRole(TRANSLATION_EDITORS), takes({ body: importBody }, importTexts));
