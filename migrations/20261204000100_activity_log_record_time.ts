import type { Knex } from 'knex';

/*
 * A record's rows in time order (issue #39): its History lists them newest first, and the log
 * names a referenced record by the name it had at a row's time, the label of its latest row up to
 * then (api/src/activity/activityLogsResource.ts). The index by record alone sorted every row of a
 * record for either: a user's thousands of sign-ins. It replaces that index, whose reads it serves.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('create index activity_logs_record_at on activity_logs (entity_type, entity_id, at)');
  await knex.raw('drop index activity_logs_entity_type_entity_id_index');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('create index activity_logs_entity_type_entity_id_index on activity_logs (entity_type, entity_id)');
  await knex.raw('drop index activity_logs_record_at');
}
