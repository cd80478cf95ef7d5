import type { Knex } from 'knex';

/*
 * The name a logged record had at the time of the change (an order's MTM number, a supplier's
 * name, a person's name), kept on its log row: the log read "订单 3284" and "供应商 14", and a name
 * changed later would rewrite history. A trigger fills it from the record as the change's own
 * transaction left it, so every path that logs is covered; a record gone for good (purged) keeps
 * none and the log shows its id. Rows logged before are given the names their records have now.
 * IPv4 addresses seen through an IPv6 socket (::ffff:127.0.0.1) are kept as plain IPv4.
 */
// A person's name as api/src/users/personNameSql.ts writes it (a migration keeps its own copy: it is history).
const PERSON = `(case when coalesce(first_name, '') || coalesce(last_name, '') ~ '[\u3400-\u9fff]'
  then coalesce(last_name, '') || coalesce(first_name, '') else trim(coalesce(first_name, '') || ' ' || coalesce(last_name, '')) end)`;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('activity_logs', (t) => {
    t.text('entity_label');
  });
  await knex.raw(`create function activity_log_entity_label(entity_type text, entity_id text) returns text language plpgsql stable as $$
    declare
      record_id integer;
      label text;
    begin
      if entity_id is null or entity_id !~ '^[0-9]{1,9}$' then return null; end if;
      record_id := entity_id::integer;
      case entity_type
        when 'order' then select o.mtm_number into label from orders o where o.id = record_id;
        when 'supplier' then select s.name into label from suppliers s where s.id = record_id;
        when 'warehouse' then select w.name into label from warehouses w where w.id = record_id;
        when 'vehicle_type' then select v.name into label from vehicle_types v where v.id = record_id;
        when 'delivery_area' then select a.name into label from delivery_areas a where a.id = record_id;
        when 'user' then select coalesce(nullif(${PERSON}, ''), u.username) into label from users u where u.id = record_id;
        when 'translation' then select t.namespace || '.' || t.key into label from translations t where t.id = record_id;
        else label := null;
      end case;
      return label;
    end $$`);
  await knex.raw(`create function activity_logs_entity_label() returns trigger language plpgsql as $$
    begin
      new.entity_label := activity_log_entity_label(new.entity_type, new.entity_id);
      return new;
    end $$`);
  await knex.raw(`create trigger activity_logs_entity_label before insert on activity_logs for each row
    when (new.entity_label is null and new.entity_id ~ '^[0-9]{1,9}$') execute function activity_logs_entity_label()`);
  await knex.raw(`update activity_logs set entity_label = activity_log_entity_label(entity_type, entity_id)
    where entity_id ~ '^[0-9]{1,9}$'`);
  await knex.raw(`update activity_logs set ip = substr(ip, 8) where ip like '::ffff:%.%'`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger activity_logs_entity_label on activity_logs');
  await knex.raw('drop function activity_logs_entity_label()');
  await knex.raw('drop function activity_log_entity_label(text, text)');
  await knex.schema.alterTable('activity_logs', (t) => {
    t.dropColumn('entity_label');
  });
}
