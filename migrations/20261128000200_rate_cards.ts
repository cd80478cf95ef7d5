import type { Knex } from 'knex';
import { standardColumns } from './helpers/standardColumns';

const PRICES = ['base_purchase_price', 'hauling_buy_price', 'foul_trip_buy_price', 'base_sale_price', 'hauling_sale_price',
  'foul_trip_sale_price'];

// A person's name as in 20261127000300 (a migration keeps its own copy: it is history).
const PERSON = `(case when coalesce(first_name, '') || coalesce(last_name, '') ~ '[\u3400-\u9fff]'
  then coalesce(last_name, '') || coalesce(first_name, '') else trim(coalesce(first_name, '') || ' ' || coalesce(last_name, '')) end)`;

/** The log's record names (20261127000300) with one more kind of record. */
const entityLabel = (withRateCards: boolean) => `create or replace function activity_log_entity_label(entity_type text, entity_id text)
  returns text language plpgsql stable as $$
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
        ${withRateCards ? "when 'rate_card' then select c.name into label from rate_cards c where c.id = record_id;" : ''}
        else label := null;
      end case;
      return label;
    end $$`;

/*
 * Rate cards (docs/pricing.md#rate-cards): a supplier's six prices, optionally for one vehicle type
 * and/or one delivery area, valid from a day to an optional last day. An order remembers the card
 * that priced it (null when its prices were typed). That live cards of one supplier / vehicle type /
 * area never overlap is checked by the API under a lock of the supplier's row: an exclusion
 * constraint would need btree_gist, which the embedded database does not have.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('rate_cards', (t) => {
    t.increments('id');
    t.text('name').notNullable();
    t.integer('supplier_id').notNullable().references('suppliers.id');
    t.integer('vehicle_type_id').references('vehicle_types.id');
    t.integer('delivery_area_id').references('delivery_areas.id');
    t.date('valid_from').notNullable();
    t.date('valid_to');
    for (const price of PRICES) t.decimal(price, 12, 2);
    t.text('notes');
    standardColumns(knex, t);
  });
  await knex.raw(`alter table rate_cards
    add constraint rate_cards_period_check check (valid_to is null or valid_to >= valid_from),
    add constraint rate_cards_prices_check check (${PRICES.map((price) => `coalesce(${price}, 0) >= 0`).join(' and ')}),
    add constraint rate_cards_base_prices_check check (base_purchase_price is not null and base_sale_price is not null)`);
  // The lookup: a supplier's live cards by validity (a handful per supplier).
  await knex.raw('create index rate_cards_live_supplier on rate_cards (supplier_id, valid_from) where deleted_at is null');
  await knex.schema.alterTable('orders', (t) => {
    t.integer('rate_card_id').references('rate_cards.id');
  });
  await knex.raw('create index orders_rate_card on orders (rate_card_id) where rate_card_id is not null');
  await knex.raw(entityLabel(true));
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(entityLabel(false));
  await knex.schema.alterTable('orders', (t) => {
    t.dropColumn('rate_card_id');
  });
  await knex.schema.dropTable('rate_cards');
}
