import type { Knex } from 'knex';

/*
 * The browser tab a change came from (its X-Tab-Id header), so that the live stream can tell a tab
 * its own changes apart from the same person's changes in another tab or browser
 * (docs/live-updates.md).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('activity_logs', (t) => {
    t.text('tab_id');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('activity_logs', (t) => {
    t.dropColumn('tab_id');
  });
}
