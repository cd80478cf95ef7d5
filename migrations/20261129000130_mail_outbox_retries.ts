import type { Knex } from 'knex';

/*
 * The mail worker's needs (docs/email.md#the-outbox). An admin's retry of a failed mail: the
 * worker gives up 24 hours after the mail was queued or last retried, so a retry gets a day of
 * its own and the list keeps when the mail was first queued. And the claims whose deadline passed
 * (interrupted sends), which every claim looks for, found without reading the sent mails.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('mail_outbox', (t) => {
    t.timestamp('retried_at', { useTz: true });
  });
  await knex.raw("create index mail_outbox_claimed on mail_outbox (next_attempt_at) where status = 'sending'");
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index mail_outbox_claimed');
  await knex.schema.alterTable('mail_outbox', (t) => {
    t.dropColumn('retried_at');
  });
}
