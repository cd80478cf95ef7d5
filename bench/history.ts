/**
 * "Years of data": the benchmark database as a company has it after two years of work, on top of
 * benchDatabase()'s generated orders. The list pages read tables the order benchmarks leave nearly
 * empty (the activity log, the notifications, the trash), and their queries behave differently at
 * tens of millions of rows (issue #38: the grouped log answered 503 from three million rows on).
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench ORDERS=1000000 LOGS=10000000 npx tsx bench/history.ts
 *
 * Sizes from the environment: LOGS activity-log rows (default 10,000,000, rounded up to whole
 * blocks of 12,000), NOTIFICATIONS (default 1,000,000, a sixth of them the admin's) and TRASH
 * orders in the trash (default 100,000); ORDERS as every benchmark reads it. Everything is made by
 * set-based SQL and topped up: a second run adds only what is missing. Each part prints its time,
 * which is also kept in the table bench_history, so that a later benchmark can say how its data
 * was made (bench/pages.ts writes it to its results).
 */
import type { Knex } from 'knex';
import { NOTIFICATION_KEEP_DAYS } from '@kernel/notifications/notificationKinds';
import { ORDER_STATUSES } from '@kernel/orders/statusFlow';
import { benchDatabase, run } from './benchHarness';

export interface HistorySizes { logs: number; notifications: number; trash: number }

/** What the environment asks for. */
export const HISTORY: HistorySizes = {
  logs: Number(process.env.LOGS ?? 10_000_000),
  notifications: Number(process.env.NOTIFICATIONS ?? 1_000_000),
  trash: Number(process.env.TRASH ?? 100_000),
};

/**
 * The log is made in blocks of BLOCK rows: its first SINGLES rows are single-row actions, the
 * rest the actions of one bulk size (blocks take the sizes in turn). Each size divides the bulk
 * rows of a block, so no action crosses a block, and a block is written whole in one transaction:
 * whether block b exists is one primary-key lookup of its first action (a top-up starts after
 * the last one), and a top-up never continues an action already counted in activity_actions.
 */
const BLOCK = 12_000;
const SINGLES = 2_000;
const BULK_SIZES = [10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000];
/** Blocks per INSERT: 3 million rows, so that progress prints and memory stays bounded. */
const CHUNK_BLOCKS = 250;

/** The bulk actions on orders, each as the API logs it (one row per order, one action id). */
const BULK_ACTIONS = ['bulk_edit', 'status_change', 'import', 'delete', 'batch_update'];
/** The single-row actions by their share of 20, with the type of record each names. */
const SINGLE_MIX: Array<[action: string, entityType: string, share: number]> = [
  ['update', 'order', 7], ['create', 'order', 3], ['print', 'order', 3], ['update', 'supplier', 1],
  ['update', 'warehouse', 1], ['login', 'user', 3], ['login_failed', 'user', 1], ['logout', 'user', 1]];
const SINGLE_ACTIONS = SINGLE_MIX.flatMap(([action, , share]) => Array<string>(share).fill(action));
const SINGLE_TYPES = SINGLE_MIX.flatMap(([, type, share]) => Array<string>(share).fill(type));
/** The statuses a logged status change or move goes between (a plain array, as a query binding). */
const STATUSES: string[] = [...ORDER_STATUSES];
const USER_AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.53',
];

/** The active people, who act in the log (the demo company's staff: the six demo logins and their colleagues). */
const PEOPLE = `people as (select array_agg(id order by id) as ids, array_agg(username order by id) as names, count(*)::int as n
  from users where deleted_at is null and status = 'active')`;
/** The range of order ids (generated orders are nearly all of it; a gap finds no order, as a purged one). */
const ORDER_RANGE = 'orders_range as (select min(id) as first, max(id) - min(id) + 1 as span from orders)';
/** The suppliers and warehouses a single-row edit may name. */
const MASTER_DATA = `master as (select (select array_agg(id order by id) from suppliers) as suppliers,
  (select array_agg(id order by id) from warehouses) as warehouses)`;

/** An action's id, from the number of its first row: the same on every run, one per action. */
const actionId = (lead: string) => `md5('bench-history:' || ${lead})::uuid`;

/**
 * One INSERT of the log rows numbered [from, to), and their actions' rows in activity_actions. The
 * table's triggers are off for it (about 20 µs a row each, and a notice naming millions of rows):
 * it sets here what they would have, set-based. For an order row the trigger's order_area_ids is
 * the order's area (no generated change moves an order) and its entity_label the MTM number; any
 * other row's label comes from the triggers' own function. `leads` marks the first row of each
 * action, which the ORDER BY makes its smallest id. Disabling the triggers is DDL and so part of
 * the transaction: a failure, or the process killed, rolls it back with the rows, where a `finally`
 * outside a transaction could leave the live table without its triggers.
 */
async function insertLogBlocks(db: Knex, from: number, to: number, total: number): Promise<void> {
  await db.transaction(async (trx) => {
    await trx.raw("set local work_mem = '256MB'");
    await trx.raw('set local synchronous_commit = off');
    await trx.raw('alter table activity_logs disable trigger user');
    await trx.raw(`with ${PEOPLE}, ${ORDER_RANGE}, ${MASTER_DATA},
      numbered as (
        -- n: the row's number; lead: the number of its action's first row; i: its place in the action.
        select n, n - i as lead, i, size from generate_series(?::int, ?::int - 1) n,
          lateral (select n % ${BLOCK} as r, (?::int[])[1 + n / ${BLOCK} * 3 % ${BULK_SIZES.length}] as bulk) b,
          lateral (select case when r < ${SINGLES} then 1 else bulk end as size,
            case when r < ${SINGLES} then 0 else (r - ${SINGLES}) % bulk end as i) p),
      acts as (
        -- One roll per action (h): its rows share who did it, what, when and from where.
        select x.*, h, case when size > 1 then (?::text[])[1 + h % ${BULK_ACTIONS.length}] else (?::text[])[1 + h % 20] end as action,
          case when size > 1 then 'order' else (?::text[])[1 + h % 20] end as entity_type,
          1 + h / 20 % people.n as actor, now() - interval '730 days' * (1 - lead::float8 / ?) as at
        from numbered x, people, lateral (select hashint4(x.lead) & 2147483647 as h) d),
      named as (
        -- A bulk action's orders follow one another: one row per order.
        select a.*, case when a.entity_type = 'order' then (r.first + (a.h + a.i) % r.span)::int end as order_id,
          case a.entity_type when 'supplier' then m.suppliers[1 + a.h % cardinality(m.suppliers)]
            when 'warehouse' then m.warehouses[1 + a.h % cardinality(m.warehouses)] when 'user' then people.ids[a.actor] end as other_id
        from acts a, orders_range r, master m, people),
      inserted as (
        insert into activity_logs (user_id, username, action, entity_type, entity_id, changes, ip, user_agent, at,
          action_id, leads, entity_label, order_area_ids)
        select case when e.action <> 'login_failed' then people.ids[e.actor] end,
          case when e.action <> 'login_failed' then people.names[e.actor] end,
          e.action, e.entity_type, coalesce(e.order_id, e.other_id)::text,
          case e.action
            when 'bulk_edit' then jsonb_build_object('vehicleTypeId', jsonb_build_object('before', 1 + e.h % 4, 'after', 1 + (e.h + 1) % 4))
            when 'status_change' then jsonb_build_object('status', jsonb_build_object('before', (?::text[])[1 + e.h % 8], 'after', (?::text[])[2 + e.h % 8]))
            when 'import' then jsonb_build_object('mtmNumber', jsonb_build_object('before', null, 'after', o.mtm_number))
            when 'create' then jsonb_build_object('mtmNumber', jsonb_build_object('before', null, 'after', o.mtm_number))
            when 'delete' then jsonb_build_object('mtmNumber', jsonb_build_object('before', o.mtm_number, 'after', null))
            when 'batch_update' then jsonb_build_object('completionDate', jsonb_build_object('before', null, 'after', e.at))
            when 'update' then case when e.entity_type = 'order'
              then jsonb_build_object('notes', jsonb_build_object('before', null, 'after', 'call before delivery'))
              else jsonb_build_object('contactPhone', jsonb_build_object('before', '138' || lpad((e.h % 100000000)::text, 8, '0'),
                'after', '139' || lpad((e.h % 100000000)::text, 8, '0'))) end
            when 'print' then '{"layout":"a4"}'::jsonb
            when 'login_failed' then jsonb_build_object('username', people.names[e.actor])
          end,
          '192.168.' || e.actor || '.' || (10 + e.h % 40), (?::text[])[1 + e.actor % ${USER_AGENTS.length}], e.at,
          ${actionId('e.lead')}, e.i = 0,
          case when e.entity_type = 'order' then o.mtm_number else activity_log_entity_label(e.entity_type, e.other_id::text) end,
          case when e.entity_type = 'order' then array_remove(array[o.delivery_area_id], null) end
        from named e cross join people left join orders o on o.id = e.order_id
        order by e.n
        returning id, action_id)
      insert into activity_actions (action_id, first_id, size) select action_id, min(id), count(*) from inserted group by action_id`,
    [from, to, BULK_SIZES, BULK_ACTIONS, SINGLE_ACTIONS, SINGLE_TYPES, total, STATUSES, STATUSES, USER_AGENTS]);
    await trx.raw('alter table activity_logs enable trigger user');
  });
}

/**
 * Activity-log rows up to `count` (whole blocks), in chunks: most of them in bulk actions of 10 to
 * 10,000 orders (bulk edit, status change, import, delete, batch completion date), the others
 * single-row actions (an order's creation, edit or print, a supplier's or warehouse's edit,
 * sign-ins, failed ones, sign-outs), by the active people, over the last two years: row n at
 * n / count of the way from two years ago to now, all rows of an action at its first row's time.
 * (Topped up to a larger count, the new rows spread over the later part of the two years only.)
 * Answers how many rows it added.
 */
export async function fillLogs(db: Knex, count: number): Promise<number> {
  const blocks = Math.ceil(count / BLOCK);
  const { rows: [{ done }] } = await db.raw(`select count(*)::int as done from generate_series(0, ?::int - 1) b
    where exists (select 1 from activity_actions a where a.action_id = ${actionId(`b::bigint * ${BLOCK}`)})`, [blocks]);
  if (done >= blocks) return 0;
  console.log(`Generating ${((blocks - done) * BLOCK).toLocaleString('en')} activity-log rows...`);
  for (let block = done; block < blocks; block += CHUNK_BLOCKS) {
    const started = Date.now();
    const end = Math.min(blocks, block + CHUNK_BLOCKS);
    await insertLogBlocks(db, block * BLOCK, end * BLOCK, blocks * BLOCK);
    console.log(`  rows ${(end * BLOCK).toLocaleString('en')} of ${(blocks * BLOCK).toLocaleString('en')} `
      + `(${((Date.now() - started) / 1000).toFixed(1)} s)`);
  }
  // As autovacuum leaves a table after inserts: statistics, and the visibility map index-only scans need.
  await db.raw('vacuum analyze activity_logs, activity_actions');
  return (blocks - done) * BLOCK;
}

/**
 * Notifications up to `count`: one in six the admin's (165,000 of a million, as many as the person
 * assigned a sixth of the orders heard of in printingAndAlerts.ts), the others round the other
 * active people. Of each person's, 4 in 10 are late pulling-out, 3 late MOS (each of its own order,
 * as the unique index wants: a clash is skipped) and 3 status moves by someone else; 4 in 5 of
 * each kind read. Spread over the NOTIFICATION_KEEP_DAYS a working database keeps. Answers how
 * many rows it added.
 */
export async function fillNotifications(db: Knex, count: number): Promise<number> {
  const have = Number((await db('notifications').count({ n: '*' }))[0].n);
  if (have >= count) return 0;
  console.log(`Generating ${(count - have).toLocaleString('en')} notifications...`);
  const { rowCount } = await db.raw(`with ${ORDER_RANGE}, admin as (select id from users where username = 'admin'),
    others as (select array_agg(id order by id) as ids, count(*)::int as n from users
      where deleted_at is null and status = 'active' and username <> 'admin')
    insert into notifications (user_id, kind, order_id, data, read_at, created_at)
    select p.user_id, k.kind, o.id,
      case when k.kind = 'order_moved' then jsonb_build_object('from', (?::text[])[1 + p.m % 8], 'to', (?::text[])[2 + p.m % 8],
        'byUserId', p.by_user_id) else '{}'::jsonb end,
      case when p.m / 10 % 5 <> 0 then k.created + interval '3 hours' end, k.created
    from generate_series(?::int, ?::int - 1) g cross join admin cross join others cross join orders_range r
      -- j: the row's place among the others' rows; m: among its person's.
      cross join lateral (select g - g / 6 - 1 as j) q
      cross join lateral (select case when g % 6 = 0 then admin.id else others.ids[1 + q.j % others.n] end as user_id,
        case when g % 6 = 0 then g / 6 else q.j / others.n end as m,
        case when g % 6 = 0 then others.ids[1 + g / 6 % others.n] else others.ids[1 + (q.j + 1) % others.n] end as by_user_id) p
      cross join lateral (select (array['late_pulling_out', 'late_pulling_out', 'late_pulling_out', 'late_pulling_out', 'late_mos',
        'late_mos', 'late_mos', 'order_moved', 'order_moved', 'order_moved'])[1 + p.m % 10] as kind,
        now() - interval '1 day' * ?::int * (1 - g::float8 / ?) as created) k
      join orders o on o.id = r.first + p.m % r.span
    on conflict do nothing`, [STATUSES, STATUSES, have, count, NOTIFICATION_KEEP_DAYS, count]);
  await db.raw('vacuum analyze notifications');
  return rowCount ?? 0;
}

/**
 * Generated orders put in the trash up to `count`, as a delete does (deleted_at, deleted_by, a new
 * version), spread over the table (every step-th order first) and over the last year, by the
 * active people. Answers how many it moved.
 */
export async function fillTrash(db: Knex, count: number): Promise<number> {
  const have = Number((await db('orders').whereNotNull('deletedAt').count({ n: '*' }))[0].n);
  if (have >= count) return 0;
  console.log(`Putting ${(count - have).toLocaleString('en')} orders in the trash...`);
  const orders = Number((await db('orders').count({ n: '*' }))[0].n);
  const { rowCount } = await db.raw(`with ${PEOPLE}
    update orders o set deleted_at = d.at, deleted_by = people.ids[1 + o.id % people.n], version = o.version + 1, updated_at = d.at
    from (select id from orders where deleted_at is null and dn_number like 'DNB%' order by id % ?, id limit ?) pick cross join people,
      lateral (select now() - (pick.id % 365) * interval '1 day' - (pick.id % 86400) * interval '1 second' as at) d
    where o.id = pick.id`, [Math.max(1, Math.floor(orders / count)), count - have]);
  await db.raw('vacuum analyze orders');
  return rowCount ?? 0;
}

export interface HistoryPart { part: string; rows: number; seconds: number }

/** `fill` timed, printed, and kept in bench_history (the seconds of every top-up added up) when it added rows. */
async function timed(db: Knex, part: string, fill: () => Promise<number>): Promise<HistoryPart> {
  const started = Date.now();
  const rows = await fill();
  const seconds = (Date.now() - started) / 1000;
  if (rows > 0) {
    console.log(`  ${part}: ${rows.toLocaleString('en')} rows added in ${seconds.toFixed(1)} s`);
    await db.raw(`insert into bench_history (part, rows, seconds) values (?, ?, ?)
      on conflict (part) do update set rows = bench_history.rows + excluded.rows, seconds = bench_history.seconds + excluded.seconds,
        generated_at = now()`, [part, rows, seconds]);
  }
  return { part, rows, seconds };
}

/** The parts of the history, each topped up to its size: what each added now, and in how many seconds. */
export async function fillHistory(db: Knex, sizes: HistorySizes = HISTORY): Promise<HistoryPart[]> {
  await db.raw(`create table if not exists bench_history (part text primary key, rows bigint not null, seconds numeric not null,
    generated_at timestamptz not null default now())`);
  return [
    await timed(db, 'trash', () => fillTrash(db, sizes.trash)),
    await timed(db, 'notifications', () => fillNotifications(db, sizes.notifications)),
    await timed(db, 'activity log', () => fillLogs(db, sizes.logs)),
  ];
}

/** Every part as generated so far, all runs together: rows added and the seconds it took. */
export async function historyRecord(db: Knex): Promise<HistoryPart[]> {
  const { rows } = await db.raw('select part, rows, seconds from bench_history order by part');
  return rows.map((row: { part: string; rows: string; seconds: string }) => ({ part: row.part, rows: Number(row.rows), seconds: Number(row.seconds) }));
}

async function main() {
  const started = Date.now();
  const { db, total } = await benchDatabase();
  console.log(`${total.toLocaleString('en')} orders ready after ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const added = await fillHistory(db);
  console.log(`History topped up in ${added.reduce((sum, part) => sum + part.seconds, 0).toFixed(1)} s; as generated so far:`);
  for (const { part, rows, seconds } of await historyRecord(db)) {
    console.log(`  ${part.padEnd(14)} ${rows.toLocaleString('en').padStart(12)} rows in ${seconds.toFixed(1)} s`);
  }
  await db.destroy();
}

if (require.main === module) run(main);
