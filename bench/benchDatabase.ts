import knexFactory, { type Knex } from 'knex';

/** Creates the benchmark database on its server when it does not exist yet. */
export async function ensureDatabase(url: string): Promise<void> {
  const { pathname, href } = new URL(url);
  const admin = knexFactory({ client: 'pg', connection: href.replace(pathname, '/postgres') });
  const name = pathname.slice(1);
  const exists = await admin.raw('select 1 from pg_database where datname = ?', [name]);
  if (exists.rows.length === 0) await admin.raw(`create database "${name}"`);
  await admin.destroy();
}

/**
 * Orders spread over the demo master data, statuses and the last two years, by set-based SQL,
 * up to `count` orders (the benchmarks share the database, so the first one pays). Their DN
 * numbers start with DNB, apart from the demo orders' (unique among live orders).
 */
export async function fillOrders(db: Knex, count: number): Promise<number> {
  const have = Number((await db('orders').count({ n: '*' }))[0].n);
  if (have >= count) return have;
  console.log(`Generating ${count - have} orders...`);
  const started = Date.now();
  await db.raw(`
    insert into orders (mtm_number, dn_number, supplier_id, pickup_warehouse_id, vehicle_type_id, delivery_area_id,
      assigned_user_id, pickup_date, mos_date, status, completion_date, base_purchase_price, base_sale_price,
      created_at, updated_at)
    select 'MTM' || lpad(g::text, 8, '0'), 'DNB' || lpad((g::bigint * 7919 % 100000000)::text, 8, '0'),
      (select array_agg(id) from suppliers)[1 + g % 5], (select array_agg(id) from warehouses)[1 + g % 4],
      (select array_agg(id) from vehicle_types)[1 + g % 4], (select array_agg(id) from delivery_areas)[1 + g % 6],
      (select array_agg(id) from users)[1 + g % 6],
      d::date, (d + interval '5 days')::date,
      (array['booking_received','awaiting_supplier_confirmation','awaiting_receiver_confirmation',
        'awaiting_vehicle_departure','vehicle_arrived_warehouse','in_transit','awaiting_delivery',
        'awaiting_pod_upload','completed','completed','completed','completed','cancelled'])[1 + g % 13],
      case when g % 13 between 8 and 11 then d + interval '6 days' end,
      case when g % 3 > 0 then 100 + g % 900 end, case when g % 3 > 0 then 150 + g % 1200 end,
      d, d
    from generate_series(?::int + 1, ?::int) g, lateral (select now() - (g % 730) * interval '1 day' as d) t`,
  [have, count]);
  await db.raw('analyze orders');
  console.log(`  done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return count;
}

/** The SQL of a knex query event with its values put in as literals (the pg dialect reports $n), for EXPLAIN. */
export const inlineBindings = (db: Knex, q: { sql: string; bindings?: unknown[] }): string =>
  q.sql.replace(/\$(\d+)/g, (_m, n: string) => db.raw('?', [(q.bindings ?? [])[Number(n) - 1] as Knex.Value]).toString());

/** The median of the timings of one call. */
export const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
