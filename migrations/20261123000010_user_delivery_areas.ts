import type { Knex } from 'knex';

/** The delivery areas a regional dispatcher works in (docs/roles-and-permissions.md#regional-dispatcher-scope). */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('user_delivery_areas', (t) => {
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.integer('delivery_area_id').notNullable().references('delivery_areas.id').onDelete('CASCADE');
    t.primary(['user_id', 'delivery_area_id']);
    t.index('delivery_area_id');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('user_delivery_areas');
}
