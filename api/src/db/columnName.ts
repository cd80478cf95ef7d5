import { knexSnakeCaseMappers } from 'objection';

/** How knex names every identifier in the database (db/knex.ts): camelCase in the code, snake_case in the tables. */
export const identifierMappers = knexSnakeCaseMappers();

/** A field's column in SQL written by hand, by the mapper knex uses: `deliveryAreaId` → `delivery_area_id`. */
export const columnName = (field: string): string => identifierMappers.wrapIdentifier(field, (name) => name);
