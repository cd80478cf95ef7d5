import type { Knex } from 'knex';
import { cachedAggregate } from '../db/aggregateCache';
import { likePattern } from './listQuery';

/**
 * "Contains" searches (ILIKE '%term%') on text columns with a pg_trgm GIN index, where most values
 * share some trigrams: every order number starts MTM00…. The index reads the whole posting list of
 * each trigram of the pattern, some 300 pages for one that a million rows share, so a search for
 * MTM0012345 cost 8 ms of index reading for 11 rows (bench/results/load.md). Here the index is asked
 * only for the longest piece of the term made of rare trigrams (012345), and the whole term is
 * checked on the rows it finds: the same rows, as any value holding the term holds each piece of it.
 */

/** About this many rows are sampled to learn a column's common trigrams. */
const SAMPLE_ROWS = 20_000;
/** A trigram held by more than this share of the sampled values is not asked of the index. */
const COMMON_SHARE = 0.02;
/** The common trigrams are learnt again after this long; stale ones cost speed, never rows. */
const LEARNT_FOR_MS = 10 * 60_000;

/** pg_trgm's trigrams (lower case) that more than 2 % of a column's values hold, from a sample of the table. */
function commonTrigrams(db: Knex, table: string, column: string): Promise<ReadonlySet<string>> {
  return cachedAggregate(db, `common trigrams of ${table}.${column}`, LEARNT_FOR_MS, async () => {
    const { rows: [{ reltuples }] } = await db.raw('select reltuples from pg_class where oid = ?::regclass', [table]);
    // reltuples is -1 until the table is first analysed: then it is new, and read whole.
    const percent = Math.min(100, (100 * SAMPLE_ROWS) / Math.max(1, Number(reltuples)));
    const { rows } = await db.raw(`with sample as materialized (select ?? as value from ?? tablesample system (?::real))
      select trigram from sample, unnest(show_trgm(sample.value)) trigram
      group by trigram having count(*) > ?::real * (select count(*) from sample)`, [column, table, percent, COMMON_SHARE]);
    return new Set((rows as Array<{ trigram: string }>).map(({ trigram }) => trigram));
  });
}

/**
 * The longest piece of `term` that pg_trgm reads as trigrams none of which is common: within a run
 * of ASCII letters and digits (what pg_trgm takes as one word in any locale), at least three long.
 * Empty when there is none.
 */
export function rarePiece(term: string, common: ReadonlySet<string>): string {
  let best = '';
  for (const run of term.match(/[a-z0-9]+/gi) ?? []) {
    const lower = run.toLowerCase();
    let start = 0;
    for (let end = 3; end <= run.length; end++) {
      if (common.has(lower.slice(end - 3, end))) start = end - 2;
      else if (end - start > best.length) best = run.slice(start, end);
    }
  }
  return best;
}

/**
 * The condition "column contains `term`, whatever the case" for each of `columns` (or-ed), on a
 * table whose columns have trigram indexes: the index asked for the term's rare piece, the term
 * itself checked by an expression the index does not answer (lower … like is ILIKE's definition).
 */
export async function trigramContains(db: Knex, table: string, columns: readonly string[],
  term: string): Promise<{ sql: string; bindings: string[] }> {
  const pattern = likePattern(term);
  const conditions = await Promise.all(columns.map(async (column) => {
    const piece = rarePiece(term, await commonTrigrams(db, table, column));
    const name = `${table}.${column}`;
    return piece === '' || piece === term
      ? { sql: '??::text ilike ?', bindings: [name, pattern] }
      : { sql: '(??::text ilike ? and lower(??::text) like lower(?))', bindings: [name, likePattern(piece), name, pattern] };
  }));
  return { sql: `(${conditions.map(({ sql }) => sql).join(' or ')})`, bindings: conditions.flatMap(({ bindings }) => bindings) };
}
