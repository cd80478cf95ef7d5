import type { Knex } from 'knex';

/** The SQL (without its values) of every statement `db` runs while `work` does. */
export async function statementsDuring(db: Knex, work: () => Promise<unknown>): Promise<string[]> {
  const statements: string[] = [];
  const listener = (query: Knex.Sql) => { statements.push(query.sql); };
  db.on('query', listener);
  try {
    await work();
  } finally {
    db.off('query', listener);
  }
  return statements;
}
