import Router from '@koa/router';
import Joi from 'joi';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@kernel/i18n/catalogs';
import { logActivity } from '../activity/logActivity';
import type { AppState } from '../foundation/appState';
import { httpError } from '../foundation/httpError';
import { requireRole, requireUser } from '../middleware/guard';
import { takes, type Input } from '../middleware/validate';
import type { Ctx } from '../resources/resource';
import { pathId } from '../resources/pathId';
import { present } from '../resources/resourceRoutes';
import { MailOutbox } from './MailOutbox';
import { MAIL_ADMINS, mailOutboxResource } from './mailOutboxResource';

/** Whether e-mail is on (SMTP_URL): the screens where a person would choose e-mail say so when it is off. */
function mailStatus(ctx: Ctx) {
  ctx.body = { emailEnabled: Boolean(ctx.state.config.smtpUrl) };
}

const languageBody = Joi.object({ language: Joi.string().valid(...LOCALES).required() });

/** The language the person chose in the app, which their mails are written in (the admin sends it on each switch). */
async function setMailLanguage(ctx: Ctx, { body: { language } }: Input<{ language: Locale }>) {
  const user = ctx.state.user!;
  await ctx.state.db.transaction(async (trx) => {
    // Requests of one person take turns on their user row: a change is read, made and logged once
    // (eight parallel switches logged "cn → en" four times).
    await trx('users').where({ id: user.id }).forUpdate().first('id');
    // No row is the default language: sending the language in use changes (and logs) nothing.
    const before: Locale = (await trx('mailSettings').where({ userId: user.id }).first('language'))?.language ?? DEFAULT_LOCALE;
    if (before === language) return;
    await trx('mailSettings').insert({ userId: user.id, language, updatedAt: new Date() })
      .onConflict('userId').merge(['language', 'updatedAt']);
    await logActivity(trx, ctx, { action: 'update', entityType: 'mail_settings', entityId: user.id,
      changes: { language: { before, after: language } } });
  });
  ctx.body = { language };
}

/** An admin's retry of a failed mail: due at once, with a new 24 hours before the worker gives up. */
async function retry(ctx: Ctx) {
  const id = pathId(ctx);
  const mail = await ctx.state.db.transaction(async (trx) => {
    const existing = await MailOutbox.query(trx).findById(id).forUpdate();
    if (!existing) throw httpError('not_found', `No mail with id ${id}`, { params: { entity: 'mail', id } });
    if (existing.status !== 'failed') throw httpError('mail_not_failed', 'Only a mail that failed can be retried', { params: { status: existing.status } });
    const now = new Date();
    const retried = await MailOutbox.query(trx).patchAndFetchById(id, { status: 'pending', nextAttemptAt: now, retriedAt: now });
    await logActivity(trx, ctx, { action: 'retry', entityType: 'mail', entityId: id,
      changes: { template: existing.template, userId: existing.userId, attempts: existing.attempts, lastError: existing.lastError } });
    return retried;
  });
  ctx.body = present(mailOutboxResource, mail);
}

export const mailRoutes = new Router<AppState>({ prefix: '/api' })
  .get('/mail/status', requireUser(), mailStatus)
  .put('/me/mail-language', requireUser(), takes({ body: languageBody }, setMailLanguage))
  .post('/mail-outbox/:id/retry', requireRole(MAIL_ADMINS), retry);
