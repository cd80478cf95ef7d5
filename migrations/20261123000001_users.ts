import type { Knex } from 'knex';
import { standardColumns } from './helpers/standardColumns';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('users', (t) => {
    t.increments('id');
    t.text('username').notNullable();
    t.text('password_hash').notNullable();
    t.text('first_name').notNullable();
    t.text('last_name').notNullable();
    t.text('role').notNullable();
    t.text('status').notNullable().defaultTo('pending');
    t.text('email');
    t.text('phone');
    t.timestamp('last_login_at', { useTz: true });
    standardColumns(knex, t);
  });
  await knex.raw(`alter table users add constraint users_role_check check (role in
    ('admin','director','manager','team_leader','biller','regional_dispatcher'))`);
  await knex.raw(`alter table users add constraint users_status_check check (status in ('active','inactive','pending'))`);
  await knex.raw('alter table users add constraint users_deleted_by_fk foreign key (deleted_by) references users(id)');
  await knex.raw('create unique index users_username_unique on users (lower(username)) where deleted_at is null');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('users');
}
