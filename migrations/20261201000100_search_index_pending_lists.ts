import type { Knex } from 'knex';

/*
 * The order-number trigram indexes keep short pending lists. A GIN index writes new entries to a
 * pending list (4 MB by default) that every search reads whole until it is merged: at a million
 * orders the two lists held 220 pages after the last import, read by each number search. 128 kB
 * keeps that to 16 pages an index, new orders still written in batches.
 */
const INDEXES = ['orders_mtm_number_trgm', 'orders_dn_number_trgm'];

export async function up(knex: Knex): Promise<void> {
  for (const index of INDEXES) await knex.raw('alter index ?? set (gin_pending_list_limit = 128)', [index]);
}

export async function down(knex: Knex): Promise<void> {
  for (const index of INDEXES) await knex.raw('alter index ?? reset (gin_pending_list_limit)', [index]);
}
