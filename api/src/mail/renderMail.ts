import type { Knex } from 'knex';
import type { Locale } from '@kernel/i18n/catalogs';
import { REPORT_SUBSCRIPTION_PAGE, type ReportSubscriptionPeriod } from '@kernel/notifications/notificationKinds';
import { personName } from '@kernel/users/personName';
import { excelCsvText } from '../csv/excelCsv';
import { canAccessPage } from '../permissions/access';
import { statisticsCsv } from '../reports/statisticsCsv';
import { loadFillingTranslator, type FillingTranslate } from '../translations/catalog';
import type { User } from '../users/User';
import type { DigestOrder } from './digest';
import type { MailOutbox } from './MailOutbox';
import { SUBSCRIPTION_REPORTS } from './reportMails';

export interface RenderedMail {
  subject: string;
  text: string;
  attachments?: Array<{ filename: string; content: string; contentType: string }>;
}

/** A mail that can never be sent as it stands (its code is the row's last error): failed at once, not retried. */
export class Unsendable extends Error {}

type Data = Record<string, unknown>;
type Body = { subject: Data; text: string[]; attachments?: RenderedMail['attachments'] };

const text = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/**
 * The order a notification names, as it is now (its numbers and dates), else as `data` tells it:
 * the notification helper may pass any of orderId, mtmNumber, dnNumber, status and by.
 */
async function orderMail(db: Knex, template: string, data: Data, t: FillingTranslate): Promise<Body> {
  const order = typeof data.orderId === 'number'
    ? await db('orders').where({ id: data.orderId }).first('mtmNumber', 'dnNumber', 'pickupDate', 'mosDate', 'status')
    : undefined;
  const status = text(data.status) || text(order?.status);
  const by = typeof data.by === 'number'
    ? await db('users').where({ id: data.by }).first('firstName', 'lastName', 'username').then((u) => (u ? personName(u) || u.username : ''))
    : text(data.by);
  const args = { mtm: text(order?.mtmNumber) || text(data.mtmNumber), dn: text(order?.dnNumber) || text(data.dnNumber),
    pickupDate: text(order?.pickupDate) || text(data.pickupDate), mosDate: text(order?.mosDate) || text(data.mosDate),
    status: status ? t(`order_status.${status}`) : '', by };
  return { subject: args, text: [t(`mail.bodies.${template}`, args)] };
}

async function registrationMail(db: Knex, data: Data, t: FillingTranslate): Promise<Body> {
  const subjectId = data.subjectUserId ?? data.userId;
  const user = typeof subjectId === 'number' ? await db('users').where({ id: subjectId }).first('username') : undefined;
  const args = { username: text(user?.username) || text(data.username) };
  return { subject: args, text: [t('mail.bodies.registration_pending', args)] };
}

function digestMail(data: Data, t: FillingTranslate): Body {
  const orders = (data.orders ?? []) as DigestOrder[];
  const count = Number(data.count ?? orders.length);
  const args = { date: text(data.date), count };
  const lines = orders.map((order) => t('mail.digest_line',
    { order: t('mail.order_line', { mtm: order.mtmNumber, dn: order.dnNumber }), kind: t(`mail.digest_kinds.${order.kind}`) }));
  const more = count > orders.length ? [t('mail.bodies.digest_more', { count: count - orders.length })] : [];
  return { subject: args, text: [t('mail.bodies.digest', args), ...lines, ...more] };
}

/**
 * The reports centre's own CSV of the run, made now in the recipient's language and scope: none
 * for someone who may no longer open the page since it was queued.
 */
async function reportMail(db: Knex, recipient: User, language: Locale, data: Data, t: FillingTranslate): Promise<Body> {
  if (!(await canAccessPage(db, recipient, REPORT_SUBSCRIPTION_PAGE))) throw new Unsendable('no_access');
  const period = data.period as ReportSubscriptionPeriod;
  const table = await statisticsCsv(db, recipient, { ...SUBSCRIPTION_REPORTS[period], runId: Number(data.runId) }, language);
  const args = { period: t(`mail.periods.${period}`), date: text(data.runDate) };
  return { subject: args, text: [t('mail.bodies.report', args)],
    attachments: [{ filename: `${table.fileName}-${period}.csv`, content: excelCsvText(table.columns, table.rows), contentType: 'text/csv; charset=utf-8' }] };
}

function body(db: Knex, mail: MailOutbox, recipient: User, language: Locale, t: FillingTranslate): Promise<Body> | Body {
  switch (mail.template) {
    case 'late_pulling_out': case 'late_mos': case 'order_moved': return orderMail(db, mail.template, mail.data, t);
    case 'registration_pending': return registrationMail(db, mail.data, t);
    case 'webhook_paused': return { subject: { url: text(mail.data.url) }, text: [t('mail.bodies.webhook_paused', { url: text(mail.data.url) })] };
    case 'digest': return digestMail(mail.data, t);
    case 'report': return reportMail(db, recipient, language, mail.data, t);
    default: throw new Unsendable('unknown_template');
  }
}

/**
 * A mail of the outbox in the recipient's language, from the live catalog (kernel/i18n/modules/mail.ts,
 * as edited on /translations): subject and plain text, with a greeting and a footer.
 */
export async function renderMail(db: Knex, mail: MailOutbox, recipient: User, language: Locale): Promise<RenderedMail> {
  const t = await loadFillingTranslator(db, language, ['mail', 'order_status']);
  const { subject, text: lines, attachments } = await body(db, mail, recipient, language, t);
  const name = personName(recipient) || recipient.username;
  return { subject: t(`mail.subjects.${mail.template}`, subject),
    text: [t('mail.greeting', { name }), '', ...lines, '', '--', t('mail.footer')].join('\n'), attachments };
}
