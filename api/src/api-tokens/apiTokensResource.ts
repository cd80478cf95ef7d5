import Joi from 'joi';
import type { Knex } from 'knex';
import { mayManageUser, type Role } from '@kernel/users/roles';
import { httpError, problem } from '../foundation/httpError';
import { messages, partial, recordId, requiredText } from '../resources/fields';
import { ofRecordType, type Ctx, type RecordWrite, type Refusals, type ResourceDef } from '../resources/resource';
import { personNameSql } from '../users/personNameSql';
import { User } from '../users/User';
import { requireFreshCheck } from '../auth/secondFactor';
import { ApiToken } from './ApiToken';
import { newSecret } from './secrets';

/** How long a new token lives unless asked otherwise, and at most (DESIGN §15). */
export const DEFAULT_DAYS = 90;
export const MAX_DAYS = 365;
const DAY_MS = 24 * 60 * 60 * 1000;

const create = Joi.object({
  name: requiredText(100),
  userId: recordId().required().messages(messages),
  expiresInDays: Joi.number().integer().min(1).max(MAX_DAYS).default(DEFAULT_DAYS).messages(messages),
});

/** A token is renamed, never given to another user or another lifetime: a new one is made instead. */
const update = partial(Joi.object({ name: requiredText(100) }));

/**
 * A live token acts as an active user whom the writer may manage (one's own account, or one the
 * writer's role manages: kernel/users/roles.ts), else anyone with the page could act as an
 * administrator. One statement however many tokens.
 */
async function userRefusals(ctx: Ctx, trx: Knex.Transaction, writes: RecordWrite[]): Promise<Refusals> {
  const refusals: Refusals = new Map();
  const placed = writes.filter((w) => w.after.deletedAt == null && w.fields.includes('userId'));
  if (placed.length === 0) return refusals;
  const users = new Map((await User.query(trx).modify('live').whereIn('id', placed.map((w) => w.after.userId as number))
    .select('id', 'role', 'status')).map((user) => [user.id, user]));
  const actor = ctx.state.user!;
  for (const w of placed) {
    const user = users.get(w.after.userId as number);
    // A user not live is refused as unknown by the reference check (writeRules.ts).
    if (!user) continue;
    if (user.status !== 'active') {
      refusals.set(w.id, { field: 'userId', problem: problem('user_not_active', 'This user is not active') });
    } else if (!mayManageUser(actor, { id: user.id, role: user.role as Role })) {
      refusals.set(w.id, { field: 'userId', problem: problem('not_managed', 'You can make tokens only for yourself or accounts you manage') });
    }
  }
  return refusals;
}

/**
 * API tokens (DESIGN §15, docs/api-conventions.md#api-tokens), on the integrations page. A create
 * answers the secret once (`revealed`); the table keeps its hash. Deleting a token revokes it: it
 * waits in the trash to be purged and never comes back (a restore or an undo of the delete is refused).
 */
export const apiTokensResource: ResourceDef<ApiToken> = {
  ...ofRecordType('api_token'),
  model: ApiToken,
  label: 'name',
  hidden: ['tokenHash'],
  computed: {
    userName: `(select coalesce(nullif(${personNameSql('u')}, ''), u.username) from users u where u.id = api_tokens.user_id)`,
    // By the server's clock, which judges it.
    expired: 'api_tokens.expires_at <= now()',
  },
  list: {
    sortable: ['id', 'name', 'expiresAt', 'lastUsedAt', 'createdAt'],
    defaultSort: { field: 'createdAt', order: 'desc' },
    search: ['name', 'prefix'],
    filters: { userId: 'eq', expiresAt: 'range' },
  },
  write: { schemas: { create, update }, revealed: ['secret'] },
  hooks: {
    async beforeCreate(ctx, { expiresInDays, ...data }, trx) {
      // A token acts as its user without their password or second factor: it takes a fresh check.
      await requireFreshCheck(ctx, trx);
      return { ...data, ...newSecret(), expiresAt: new Date(Date.now() + Number(expiresInDays) * DAY_MS), createdBy: ctx.state.user!.id };
    },
    beforeTrashAction(_ctx, deleted, action) {
      if (action === 'restore') {
        throw httpError('token_revoked', `"${deleted.name}" is revoked: a deleted API token cannot come back. Make a new one.`,
          { params: { label: deleted.name } });
      }
    },
  },
  rules: {
    check: (ctx, trx, writes) => userRefusals(ctx, trx, writes),
  },
};
