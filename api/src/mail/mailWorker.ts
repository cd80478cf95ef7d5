import { Cron } from 'croner';
import type { Knex } from 'knex';
import nodemailer, { type Transporter } from 'nodemailer';
import { DEFAULT_LOCALE, type Locale } from '@kernel/i18n/catalogs';
import type { Config } from '../foundation/config';
import { User } from '../users/User';
import { MailOutbox } from './MailOutbox';
import { renderMail, Unsendable } from './renderMail';
import { JOB_LOCKS, withJobLock } from '../db/singleRunner';
import { log } from '../foundation/log';
import { measuredJob } from '../foundation/metrics';
import { GIVE_UP_MS, retryDelayMs } from '../foundation/retryDelay';

/** The worker looks for due mails this often while e-mail is on. */
const POLL_SCHEDULE = '*/5 * * * * *';
/** At most this many mails per pass; the next pass goes on. */
const PASS_MAX = 100;
/**
 * A mail claimed this long ago and still `sending` was interrupted (the instance stopped while
 * sending): it fails as "interrupted" instead of going out a second time; an admin may retry it.
 * Far beyond the transport's own limits below, so no live send is ever taken for dead.
 */
const SENDING_TIMEOUT_MS = 15 * 60_000;
const TRANSPORT_TIMEOUTS = { connectionTimeout: 20_000, greetingTimeout: 20_000, socketTimeout: 60_000 };

/**
 * Claims the next due mail: marked `sending` (its next_attempt_at now the claim's deadline) and
 * committed before it is sent, so no other pass or instance sends it. Interrupted claims are
 * failed first. Undefined when nothing is due or another instance holds the lock.
 */
function claimNext(db: Knex, now: Date): Promise<MailOutbox | undefined> {
  return withJobLock(db, JOB_LOCKS.mail, async (trx) => {
    await MailOutbox.query(trx).where('status', 'sending').where('nextAttemptAt', '<=', now)
      .patch({ status: 'failed', lastError: 'interrupted' });
    const due = MailOutbox.query(trx).where('status', 'pending').where('nextAttemptAt', '<=', now)
      .orderBy('id').limit(1).forUpdate().skipLocked().select('id');
    const [claimed] = await MailOutbox.query(trx).whereIn('id', due)
      .patch({ status: 'sending', nextAttemptAt: new Date(now.getTime() + SENDING_TIMEOUT_MS) }).returning('*');
    return claimed;
  });
}

async function deliver(db: Knex, transport: Transporter, config: Config, mail: MailOutbox, now: Date): Promise<void> {
  // The outcome is written only to the row as this pass claimed it.
  const claimed = () => MailOutbox.query(db).findById(mail.id).where('status', 'sending');
  const failed = (reason: string) => claimed().patch({ status: 'failed', attempts: mail.attempts + 1, lastError: reason });
  const recipient = mail.userId === null ? undefined : await User.query(db).findById(mail.userId);
  if (!recipient || recipient.deletedAt || recipient.status === 'inactive') {
    await failed('no_recipient');
    return;
  }
  if (!recipient.email) {
    await failed('no_address');
    return;
  }
  // The column's check keeps it one of the app's languages.
  const settings: { language: Locale } | undefined = await db('mailSettings').where({ userId: recipient.id }).first('language');
  const language = settings?.language ?? DEFAULT_LOCALE;
  try {
    const rendered = await renderMail(db, mail, recipient, language);
    await transport.sendMail({ from: config.mailFrom, to: recipient.email, ...rendered });
  } catch (err) {
    if (err instanceof Unsendable) {
      await failed(err.message);
      return;
    }
    const attempts = mail.attempts + 1;
    const lastError = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
    const givenUp = now.getTime() - (mail.retriedAt ?? mail.createdAt).getTime() >= GIVE_UP_MS;
    await claimed().patch(givenUp ? { status: 'failed', attempts, lastError }
      : { status: 'pending', attempts, lastError, nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)) });
    return;
  }
  await claimed().patch({ status: 'sent', attempts: mail.attempts + 1, sentAt: new Date(), lastError: null });
}

/**
 * One pass of the mail worker (docs/email.md#the-outbox): sends the due mails one by one, each
 * claimed before it is sent, so a mail goes out at most once per row, whatever instance or pass
 * runs beside this one. `now` stands for the clock in tests. Answers how many mails it handled.
 */
export async function sendDueMails(db: Knex, config: Config, now = new Date()): Promise<number> {
  if (!config.smtpUrl) return 0;
  let transport: Transporter | undefined;
  let handled = 0;
  try {
    for (; handled < PASS_MAX; handled += 1) {
      const mail = await claimNext(db, now);
      if (!mail) break;
      transport ??= nodemailer.createTransport({ url: config.smtpUrl, ...TRANSPORT_TIMEOUTS });
      await deliver(db, transport, config, mail, now);
    }
  } finally {
    transport?.close();
  }
  return handled;
}

/** Starts the worker: a pass every few seconds while e-mail is on, never two at once on this instance. */
export function startMailWorker(db: Knex, config: Config): Cron | undefined {
  if (!config.smtpUrl) return undefined;
  return new Cron(POLL_SCHEDULE, {
    protect: true,
    catch: (err) => log().error({ err }, 'The mail worker failed'),
  }, measuredJob('mail', () => sendDueMails(db, config)));
}
