import type { Knex } from 'knex';
import { pinyin } from 'pinyin-pro';

/*
 * Names sort by their pinyin, not by code point (北方, 华南, 安达, 苏通 → 安达, 北方, 华南, 苏通),
 * on PostgreSQL and on PGlite alike (PGlite has no ICU collations). Each sorted name has a stored
 * key beside it, `pinyin_key(name)`: every Chinese character as its usual reading (pinyin-pro's,
 * one per character: 长 → chang), then a space; anything else lowercased. A trigger fills the key
 * on every insert and every change of the name, so every path that writes names is covered
 * (the API, the seeds, a test's own insert). Lists order by the key, then by the name
 * (resources' `sortKeys`).
 */
const SORTED: ReadonlyArray<{ table: string; columns: readonly string[] }> = [
  { table: 'suppliers', columns: ['name'] },
  { table: 'warehouses', columns: ['name'] },
  { table: 'vehicle_types', columns: ['name'] },
  { table: 'delivery_areas', columns: ['name'] },
  { table: 'users', columns: ['last_name', 'first_name'] },
];

/** CJK Unified Ideographs and Extension A: every character of a Chinese name in practice. */
const RANGES = [[0x3400, 0x4dbf], [0x4e00, 0x9fff]] as const;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('pinyin_readings', (t) => {
    t.text('ch').primary();
    t.text('reading').notNullable();
  });
  const readings: Array<{ ch: string; reading: string }> = [];
  for (const [from, to] of RANGES) {
    for (let code = from; code <= to; code += 1) {
      const ch = String.fromCodePoint(code);
      const reading = pinyin(ch, { toneType: 'none', type: 'string' });
      if (reading && reading !== ch) readings.push({ ch, reading });
    }
  }
  await knex.batchInsert('pinyin_readings', readings, 2000);
  await knex.raw(`create function pinyin_key(value text) returns text language sql stable as $$
    select string_agg(coalesce(r.reading || ' ', lower(u.ch)), '' order by u.n)
    from unnest(string_to_array(value, null)) with ordinality as u(ch, n)
    left join pinyin_readings r on r.ch = u.ch $$`);
  // Arguments: pairs of (name column, key column).
  await knex.raw(`create function fill_sort_keys() returns trigger language plpgsql as $$
    declare
      i integer := 0;
    begin
      while i < tg_nargs loop
        new := jsonb_populate_record(new, jsonb_build_object(tg_argv[i + 1], pinyin_key(to_jsonb(new) ->> tg_argv[i])));
        i := i + 2;
      end loop;
      return new;
    end $$`);
  for (const { table, columns } of SORTED) {
    await knex.schema.alterTable(table, (t) => {
      for (const column of columns) t.text(`${column}_sort`);
    });
    const pairs = columns.flatMap((column) => [`'${column}'`, `'${column}_sort'`]).join(', ');
    await knex.raw(`create trigger ${table}_sort_keys before insert or update of ${columns.join(', ')} on ${table}
      for each row execute function fill_sort_keys(${pairs})`);
    await knex(table).update(Object.fromEntries(columns.map((column) => [`${column}_sort`, knex.raw('pinyin_key(??)', [column])])));
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const { table, columns } of SORTED) {
    await knex.raw(`drop trigger ${table}_sort_keys on ${table}`);
    await knex.schema.alterTable(table, (t) => {
      for (const column of columns) t.dropColumn(`${column}_sort`);
    });
  }
  await knex.raw('drop function fill_sort_keys()');
  await knex.raw('drop function pinyin_key(text)');
  await knex.schema.dropTable('pinyin_readings');
}
