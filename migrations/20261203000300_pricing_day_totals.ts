import type { Knex } from 'knex';

/*
 * Pricing management's totals (all time by default) summed every completed order on each request:
 * 35 ms of PostgreSQL CPU a request even as an index-only scan at a million orders, 276 ms p50 at 8
 * connections (bench/pages.ts), ten times that at ten million (issue #38). The totals are now kept
 * per day of completion, delivery area, supplier and whether a rate card priced the order, as the
 * orders change: a statement-level trigger adds what each statement of any write path took out of
 * or put into the completed live orders (the transition tables: one upsert per key it changed, in
 * key order, so two writers take the rows' locks in the same order; keys it did not change are not
 * touched). api/src/pricing/dayTotals.ts reads them for the filters they can answer.
 *
 * The days are those of the server's time zone, as the period filter's (api/src/pricing/period.ts):
 * the zone the rows were made for is kept beside them, and until the app has set it (at start,
 * rebuilding the rows from the orders when it differs) the trigger keeps nothing and the totals
 * are summed from the orders.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`create table pricing_day_totals (
    day date not null,
    delivery_area_id integer not null,
    supplier_id integer,
    by_card boolean not null,
    orders integer not null,
    priced integer not null,
    buy_total numeric(16, 2) not null,
    sale_total numeric(16, 2) not null,
    margin numeric(16, 2) not null,
    unique nulls not distinct (day, delivery_area_id, supplier_id, by_card))`);
  await knex.raw('create table pricing_totals_zone (zone text not null, one boolean primary key default true check (one))');

  // What a completed live order adds to its day's totals (and nothing for any other order): the one
  // statement of it, for the trigger below and for the rebuild (api/src/pricing/dayTotals.ts), given
  // the order's columns (a transition table's rows are records, not orders). Pricing set and the
  // margin as api/src/pricing/margin.ts states them.
  await knex.raw(`create function pricing_day_figures(zone text, deleted_at timestamptz, status text, completion_date timestamptz,
      delivery_area_id integer, supplier_id integer, rate_card_id integer, base_purchase_price numeric, base_sale_price numeric,
      mtm_buy_price numeric, mtm_sale_price numeric)
    returns table (day date, delivery_area_id integer, supplier_id integer, by_card boolean, priced integer, buy_total numeric,
      sale_total numeric, margin numeric)
    language sql immutable as $$
      select (completion_date at time zone zone)::date, delivery_area_id, supplier_id, rate_card_id is not null, p.set::int,
        case when p.set then mtm_buy_price else 0 end, case when p.set then mtm_sale_price else 0 end,
        case when p.set then mtm_sale_price - mtm_buy_price else 0 end
      from (select base_purchase_price is not null and base_sale_price is not null as set) p
      where deleted_at is null and status = 'completed' and completion_date is not null
    $$`);
  await knex.raw(`create function pricing_day_totals_change() returns trigger language plpgsql as $$
    declare
      zone text := (select z.zone from pricing_totals_zone z);
      rows text := case tg_op when 'INSERT' then 'select 1 as sign, * from new_rows'
        when 'DELETE' then 'select -1 as sign, * from old_rows'
        else 'select -1 as sign, * from old_rows union all select 1, * from new_rows' end;
    begin
      if zone is null then return null; end if;
      execute format($sql$
        insert into pricing_day_totals as t (day, delivery_area_id, supplier_id, by_card, orders, priced, buy_total, sale_total, margin)
        select f.day, f.delivery_area_id, f.supplier_id, f.by_card, sum(r.sign), sum(r.sign * f.priced), sum(r.sign * f.buy_total),
          sum(r.sign * f.sale_total), sum(r.sign * f.margin)
        from (%s) r, lateral pricing_day_figures($1, r.deleted_at, r.status, r.completion_date, r.delivery_area_id, r.supplier_id,
          r.rate_card_id, r.base_purchase_price, r.base_sale_price, r.mtm_buy_price, r.mtm_sale_price) f
        group by 1, 2, 3, 4
        having sum(r.sign) <> 0 or sum(r.sign * f.priced) <> 0 or sum(r.sign * f.buy_total) <> 0 or sum(r.sign * f.sale_total) <> 0
        order by 1, 2, 3, 4
        on conflict (day, delivery_area_id, supplier_id, by_card) do update set orders = t.orders + excluded.orders,
          priced = t.priced + excluded.priced, buy_total = t.buy_total + excluded.buy_total,
          sale_total = t.sale_total + excluded.sale_total, margin = t.margin + excluded.margin
      $sql$, rows) using zone;
      return null;
    end $$`);
  // A truncate (the tests' and an operator's) leaves no order: nor totals.
  await knex.raw(`create function pricing_day_totals_truncate() returns trigger language plpgsql as $$
    begin
      delete from pricing_day_totals;
      return null;
    end $$`);
  await knex.raw(`create trigger orders_pricing_day_totals_truncate after truncate on orders
    for each statement execute function pricing_day_totals_truncate()`);
  for (const [event, tables] of [['insert', 'new table as new_rows'], ['update', 'old table as old_rows new table as new_rows'],
    ['delete', 'old table as old_rows']]) {
    await knex.raw(`create trigger orders_pricing_day_totals_${event} after ${event} on orders referencing ${tables}
      for each statement execute function pricing_day_totals_change()`);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const event of ['insert', 'update', 'delete', 'truncate']) await knex.raw(`drop trigger orders_pricing_day_totals_${event} on orders`);
  await knex.raw('drop function pricing_day_totals_truncate');
  await knex.raw('drop function pricing_day_totals_change');
  await knex.raw('drop function pricing_day_figures');
  await knex.raw('drop table pricing_totals_zone');
  await knex.raw('drop table pricing_day_totals');
}
