import { requireRole } from '../middleware/guard';
import type { ResourceDef } from '../resources/resource';
import { personNameSql } from '../users/personNameSql';
import { MailOutbox } from './MailOutbox';

/** Admins only: a mail holds another person's orders and reports, whatever their areas. */
export const MAIL_ADMINS = ['admin'] as const;

/**
 * The outbox as admins see it (docs/email.md#the-outbox): each mail's recipient, status, attempts
 * and last error. Written only by the mail code; an admin's retry is its own route (routes.ts).
 */
export const mailOutboxResource: ResourceDef<MailOutbox> = {
  name: 'mail-outbox',
  entityType: 'mail',
  model: MailOutbox,
  guards: { read: requireRole(MAIL_ADMINS), write: requireRole(MAIL_ADMINS) },
  label: 'template',
  computed: {
    userName: `(select coalesce(nullif(${personNameSql('u')}, ''), u.username) from users u where u.id = mail_outbox.user_id)`,
    email: '(select u.email from users u where u.id = mail_outbox.user_id)',
  },
  softDelete: false,
  // What the worker renders from; the list says which mail it is by its template.
  hidden: ['data', 'dedupeKey'],
  list: {
    sortable: ['id', 'createdAt', 'status', 'template', 'attempts', 'nextAttemptAt', 'sentAt'],
    defaultSort: { field: 'id', order: 'desc' },
    search: ['lastError'],
    filters: { status: 'eq', template: 'eq', userId: 'eq', createdAt: 'range' },
  },
};
