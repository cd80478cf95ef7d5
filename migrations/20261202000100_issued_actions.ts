import type { Knex } from 'knex';

/*
 * Action ids belong to the server (docs/undo.md#action-ids): a client that sends one change per
 * record and wants them to be one action first asks POST /api/actions, which issues an id to its
 * session for 10 minutes. A request naming an id (X-Action-Id) that is not here for its session,
 * or has expired, is refused; an ended session takes its ids with it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`create table issued_actions (
    id uuid primary key,
    session_id text not null references sessions (id) on delete cascade,
    expires_at timestamptz not null
  )`);
  await knex.raw('create index issued_actions_session_index on issued_actions (session_id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table issued_actions');
}
