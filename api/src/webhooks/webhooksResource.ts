import { randomBytes } from 'node:crypto';
import Joi from 'joi';
import { WEBHOOK_EVENTS } from '@kernel/webhooks/webhookEvents';
import { problem } from '../foundation/httpError';
import { seal } from '../db/sealedSecret';
import { idList, messages, partial } from '../resources/fields';
import { ofRecordType, type Ctx, type RecordWrite, type Refusals, type ResourceDef } from '../resources/resource';
import { personNameSql } from '../users/personNameSql';
import { literalRefusal } from './addresses';
import { Webhook } from './Webhook';

/** A rotated secret keeps signing beside the new one this long (DESIGN §15). */
export const PREVIOUS_SECRET_MS = 24 * 3_600_000;

/** A signing secret in the Standard Webhooks form: `whsec_` and 24 random bytes in base64. */
const newSecret = () => `whsec_${randomBytes(24).toString('base64')}`;
/** A signing secret as it is kept (docs/operations.md#secrets-at-rest): sealed; the answer reveals it once, as it is. */
const sealed = (ctx: Ctx, secret: string) => seal(secret, ctx.state.config.sessionKeys, 'webhook');

const create = Joi.object({
  url: Joi.string().trim().uri({ scheme: ['http', 'https'] }).max(2000).required().messages(messages),
  events: Joi.array().items(Joi.string().valid(...WEBHOOK_EVENTS)).min(1).unique().required().messages(messages),
  deliveryAreaIds: idList(),
  active: Joi.boolean().default(true).messages(messages),
});

/** `rotateSecret: true` makes a new secret, answered once; the old one signs beside it for 24 hours. */
const update = partial(create).keys({ rotateSecret: Joi.boolean().valid(true).messages(messages) });

/**
 * An address written as such must be a public one (a name is checked at each send: addresses.ts),
 * unless its host is allowed by WEBHOOK_ALLOWED_HOSTS.
 */
function urlRefusals(ctx: Ctx, writes: RecordWrite[]): Refusals {
  const refusals: Refusals = new Map();
  for (const write of writes.filter((w) => w.fields.includes('url'))) {
    if (literalRefusal(new URL(String(write.after.url)), ctx.state.config.webhookAllowedHosts)) {
      refusals.set(write.id, { field: 'url', problem: problem('address_refused', 'Not a public address: loopback, private and link-local ones are refused') });
    }
  }
  return refusals;
}

/**
 * Webhooks (DESIGN §15, docs/webhooks.md), on the integrations page. A webhook acts as the person
 * who made it: its deliveries tell what they may see. Its secret is answered once, at its creation
 * and at each rotation (`revealed`), and never shown again.
 */
export const webhooksResource: ResourceDef<Webhook> = {
  ...ofRecordType('webhook'),
  model: Webhook,
  label: 'url',
  hidden: ['signingSecret', 'previousSecret'],
  computed: {
    userName: `(select coalesce(nullif(${personNameSql('u')}, ''), u.username) from users u where u.id = webhooks.user_id)`,
    openDeliveries: `(select count(*)::int from webhook_deliveries d where d.webhook_id = webhooks.id and d.status in ('pending', 'sending'))`,
  },
  list: {
    sortable: ['id', 'url', 'createdAt', 'updatedAt'],
    defaultSort: { field: 'createdAt', order: 'desc' },
    search: ['url'],
    filters: { active: 'eq', userId: 'eq' },
  },
  write: { schemas: { create, update }, revealed: ['secret'], readOnly: ['userId', 'pausedAt', 'failingSince', 'previousSecretUntil'] },
  hooks: {
    beforeCreate(ctx, data) {
      const secret = newSecret();
      return { ...data, secret, signingSecret: sealed(ctx, secret), userId: ctx.state.user!.id, createdBy: ctx.state.user!.id };
    },
    beforeUpdate(ctx, { rotateSecret, ...patch }, existing) {
      // Made active again, a paused webhook starts its failures' count anew.
      const resumed = patch.active === true && !existing.active ? { pausedAt: null, failingSince: null } : {};
      if (!rotateSecret) return { ...patch, ...resumed };
      const secret = newSecret();
      return { ...patch, ...resumed, secret, signingSecret: sealed(ctx, secret), previousSecret: existing.signingSecret,
        previousSecretUntil: new Date(Date.now() + PREVIOUS_SECRET_MS) };
    },
  },
  rules: {
    check: async (ctx, _trx, writes) => urlRefusals(ctx, writes),
  },
};
