import type { Knex } from 'knex';

/**
 * The live-row rule: a row not in the trash (docs/api-conventions.md#soft-delete-and-trash).
 * Model queries reach it as the `live` modifier (RecordModel); SQL written by hand (joins on
 * aliases, COPY, rollups, subqueries) writes these. The triggers and the migrations keep their
 * own copies: they are the schema's history.
 */
const DELETED_AT = 'deleted_at';

/** The rule as an SQL condition on `alias`: `${liveRows('o')}` is `o.deleted_at is null`. */
export const liveRows = (alias: string): string => `${alias}.${DELETED_AT} is null`;

/** A knex join to the live row of `alias` whose id `column` names: a deleted record joins nothing. */
export const onLiveRow = (alias: string, column: string) => (join: Knex.JoinClause) =>
  join.on(`${alias}.id`, column).andOnNull(`${alias}.${DELETED_AT}`);
