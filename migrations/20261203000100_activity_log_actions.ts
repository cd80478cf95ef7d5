import type { Knex } from 'knex';

/*
 * The activity log's grouped view (its default) shows one entry per action: the action's first row
 * stands for all of it, with the action's size. It found them with a subquery per row (is this the
 * smallest id of its action? how many rows has it?), which tested every row of the log: over 90 s at
 * ten million rows, and a 503 on every request from three million on (issue #38).
 *
 * Both are now kept as the rows are written. `activity_actions` holds each action's first row and
 * size; a row's `leads` says whether it stands for its action (its first row, or a row of no
 * action), so the grouped view is a plain condition an index can hold. A row-level trigger claims
 * the action for the first row written under it (the insert into activity_actions that finds it
 * taken tells a later row, also one of another transaction, which waits for the first to commit);
 * a statement-level one adds each statement's rows to the size. No log row is ever rewritten.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`create table activity_actions (
    action_id uuid primary key,
    first_id bigint not null,
    size integer not null default 0)`);
  await knex.raw('alter table activity_logs add column leads boolean not null default true');
  await knex.raw(`insert into activity_actions (action_id, first_id, size)
    select action_id, min(id), count(*) from activity_logs where action_id is not null group by action_id`);
  await knex.raw(`update activity_logs l set leads = false from activity_actions a
    where a.action_id = l.action_id and l.id <> a.first_id`);

  await knex.raw(`create function activity_logs_lead() returns trigger language plpgsql as $$
    begin
      insert into activity_actions (action_id, first_id) values (new.action_id, new.id) on conflict (action_id) do nothing;
      new.leads := found;
      return new;
    end $$`);
  await knex.raw(`create trigger activity_logs_lead before insert on activity_logs for each row
    when (new.action_id is not null) execute function activity_logs_lead()`);
  await knex.raw(`create function activity_logs_action_size() returns trigger language plpgsql as $$
    begin
      update activity_actions a set size = a.size + n.rows
        from (select action_id, count(*) as rows from new_rows where action_id is not null group by action_id) n
        where a.action_id = n.action_id;
      return null;
    end $$`);
  await knex.raw(`create trigger activity_logs_action_size after insert on activity_logs referencing new table as new_rows
    for each statement execute function activity_logs_action_size()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger activity_logs_action_size on activity_logs');
  await knex.raw('drop function activity_logs_action_size');
  await knex.raw('drop trigger activity_logs_lead on activity_logs');
  await knex.raw('drop function activity_logs_lead');
  await knex.raw('alter table activity_logs drop column leads');
  await knex.raw('drop table activity_actions');
}
