import type { Knex } from 'knex';

/*
 * An admin's retry of a failed mail (docs/email.md#the-outbox): the worker gives up 24 hours after
 * the mail was queued or last retried, so a retry gets a day of its own and the list keeps when
 * the mail was first queued.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('mail_outbox', (t) => {
    t.timestamp('retried_at', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('mail_outbox', (t) => {
    t.dropColumn('retried_at');
  });
}
