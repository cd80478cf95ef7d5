import type { Knex } from 'knex';

/*
 * Idempotency-Key (DESIGN §15, docs/api-conventions.md#idempotent-writes): the first answer of a
 * write per holder (a user's sessions, or an API token) and key, kept 24 hours. `status` is null
 * while the first request runs; `fingerprint` is the SHA-256 of its method, path and body.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`create table idempotency_keys (
    holder text not null,
    key text not null,
    fingerprint text not null,
    status integer,
    answer text,
    answer_type text,
    created_at timestamptz not null default now(),
    primary key (holder, key)
  )`);
  await knex.raw('create index idempotency_keys_created_index on idempotency_keys (created_at)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table idempotency_keys');
}
