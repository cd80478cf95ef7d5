import type { Knex } from 'knex';

/*
 * The activity log's filters, each with the time order the screen lists in (issue #38), measured
 * on the bench database (bench/history.ts: a million orders, ten million log rows; EXPLAIN
 * (ANALYZE, BUFFERS)):
 * - An action's rows ("show its rows"): the index by action id had no time, so the planner walked
 *   the whole time index looking for them: 3.1 s, a 503 on every request at 8 connections.
 *   (action_id, at, id) answers the page from the index; the undo's reads by action still use it.
 * - An action kind or a record type the log holds few of (purge, a rate card's changes): no index,
 *   so a parallel scan of every row, 1.1 s with nothing found. (action, at) and (entity_type, at).
 *   A common kind is found by walking the time index a few thousand rows: the planner's choice.
 * - The planner took leads, action and entity type as independent: bulk actions are most rows but
 *   few of them lead, so the grouped view by action was estimated at 340,034 rows for 57,546.
 *   Their combined statistics (most common value lists) make its totals and plans right.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('drop index activity_logs_action_index');
  await knex.raw('create index activity_logs_action_index on activity_logs (action_id, at, id) where action_id is not null');
  await knex.raw('create index activity_logs_action_at on activity_logs (action, at)');
  await knex.raw('create index activity_logs_entity_type_at on activity_logs (entity_type, at)');
  // The grouped view (the default) in its order: a deep page (offset 10,000) passes over its entries
  // in this index alone, 1.6 ms, rather than over the whole log's rows in the time index, 150 ms.
  await knex.raw('create index activity_logs_leads_at on activity_logs (at, id) where leads');
  await knex.raw('create statistics activity_logs_kinds (mcv) on leads, action, entity_type from activity_logs');
  await knex.raw('analyze activity_logs');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop statistics activity_logs_kinds');
  await knex.raw('drop index activity_logs_leads_at');
  await knex.raw('drop index activity_logs_entity_type_at');
  await knex.raw('drop index activity_logs_action_at');
  await knex.raw('drop index activity_logs_action_index');
  await knex.raw('create index activity_logs_action_index on activity_logs (action_id, id) where action_id is not null');
}
