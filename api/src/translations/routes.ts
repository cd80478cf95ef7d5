import Router from '@koa/router';
import Joi from 'joi';
import type { Context } from 'koa';
import { LOCALES, type Locale } from '../../../admin/src/i18n/catalogs';
import type { AppState } from '../appState';
import { publicRoute } from '../middleware/guard';
import { validate } from '../middleware/validate';
import { loadCatalog } from './catalog';

type Ctx = Context & { state: AppState };

const localeParams = Joi.object({ locale: Joi.string().valid(...LOCALES).required() });

/** Public: the sign-in page needs its texts before anyone is signed in. */
async function catalog(ctx: Ctx) {
  const { locale } = validate<{ locale: Locale }>(localeParams, ctx.params);
  ctx.set('Cache-Control', 'no-cache');
  ctx.body = await loadCatalog(ctx.state.db, locale);
}

export const translationRoutes = new Router<AppState>({ prefix: '/api/translations' })
  .get('/catalog/:locale', publicRoute(), catalog);
