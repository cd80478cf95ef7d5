import type { Knex } from 'knex';

/*
 * Every action carries an id on its activity-log rows (docs/undo.md): a bulk action's rows share
 * one, a single change has its own. The batch id of 20261127000400 was that id for bulk actions;
 * it is renamed for what it now is, so undo finds an action's rows by it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table activity_logs rename column batch_id to action_id');
  await knex.raw('alter index activity_logs_batch_index rename to activity_logs_action_index');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter index activity_logs_action_index rename to activity_logs_batch_index');
  await knex.raw('alter table activity_logs rename column action_id to batch_id');
}
