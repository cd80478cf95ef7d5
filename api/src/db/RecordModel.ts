import { Model, raw, type ModelOptions, type Modifiers, type QueryContext } from 'objection';
import { liveRows } from './liveRows';

/**
 * A table with the standard columns (migrations/helpers/standardColumns.ts): timestamps, the
 * optimistic-locking `version` and the soft-delete pair behind the trash.
 */
export class RecordModel extends Model {
  id!: number;
  createdAt!: Date;
  updatedAt!: Date;
  version!: number;
  deletedAt!: Date | null;
  deletedBy!: number | null;

  /** Fields whose change alone is no edit of the record: no new version (a user's `lastLoginAt`). */
  static unversioned: readonly string[] = [];

  static modifiers: Modifiers = {
    /** Rows not in the trash. */
    live(query) {
      query.whereRaw(liveRows(query.tableRefFor(query.modelClass())));
    },
  };

  /**
   * Every write through the model is a new version: `version` goes up by one in the statement
   * itself (the optimistic-lock compare stays with the caller, under the row lock), and `updatedAt`
   * is now, except for a soft delete, which `deletedAt` dates.
   */
  $beforeUpdate(opt: ModelOptions, queryContext: QueryContext): void {
    void super.$beforeUpdate(opt, queryContext);
    // Declared class fields are own properties, undefined until set: only the set ones are written.
    const fields = Object.entries(this).filter(([, value]) => value !== undefined).map(([field]) => field);
    const { unversioned } = this.constructor as typeof RecordModel;
    if (fields.length > 0 && fields.every((field) => unversioned.includes(field))) return;
    Object.assign(this, { version: raw('?? + 1', ['version']) });
    if (!this.deletedAt) this.updatedAt = new Date();
  }
}

/**
 * $beforeUpdate's rule for an UPDATE written by hand, which gives each row its own values in one
 * statement (the model cannot): the SET of a new version of `alias`'s row, dated `updatedAt`.
 */
export const newVersionSql = (alias: string, updatedAt = 'now()'): string =>
  `version = ${alias}.version + 1, updated_at = ${updatedAt}`;

/**
 * A many-to-many relation of `table`'s rows to `modelClass`'s through the table `through`, whose
 * `ownerColumn` names the row and `relatedColumn` the related one (columns camel-cased, as knex maps them).
 */
export const manyToMany = (table: string, modelClass: typeof RecordModel, through: string, ownerColumn: string, relatedColumn: string) => ({
  relation: RecordModel.ManyToManyRelation, modelClass,
  join: { from: `${table}.id`, through: { from: `${through}.${ownerColumn}`, to: `${through}.${relatedColumn}` }, to: `${modelClass.tableName}.id` },
});

/** A belongs-to-one relation of `table`'s rows: the id in `column` names a row of `modelClass`. */
export const belongsTo = (table: string, modelClass: typeof RecordModel, column: string) => ({
  relation: RecordModel.BelongsToOneRelation, modelClass, join: { from: `${table}.${column}`, to: `${modelClass.tableName}.id` },
});
