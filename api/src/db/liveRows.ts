/**
 * The live-row rule: a row not in the trash (docs/api-conventions.md#soft-delete-and-trash).
 * Model queries reach it as the `live` modifier (RecordModel); SQL written by hand (joins on
 * aliases, COPY, rollups, subqueries) writes this fragment. The triggers and the migrations keep
 * their own copies: they are the schema's history.
 */
export const liveRows = (alias: string): string => `${alias}.deleted_at is null`;
