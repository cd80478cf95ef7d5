import type { Knex } from 'knex';
import { logServerActivities } from '../activity/logActivity';
import { newVersionSql } from '../db/RecordModel';
import type { Config } from '../foundation/config';
import { notifyWebhooksPaused } from '../notifications/notificationRules';

/** A webhook whose deliveries have failed for this long is paused (DESIGN §15). */
export const PAUSE_AFTER_MS = 3 * 24 * 3_600_000;

/**
 * Pauses the webhooks failing for PAUSE_AFTER_MS by `now`: no longer active (their deliveries wait,
 * kept, until someone makes them active again), each pause in the activity log as the server's, and
 * told to those who may open the integrations page (in the app, by mail as each chose).
 */
export async function pauseFailingWebhooks(db: Knex, config: Pick<Config, 'smtpUrl'>, now: Date): Promise<void> {
  await db.transaction(async (trx) => {
    const { rows } = await trx.raw(`update webhooks w set active = false, paused_at = ?, ${newVersionSql('w', '?')}
      where active and deleted_at is null and failing_since <= ? returning id`,
    [now, now, new Date(now.getTime() - PAUSE_AFTER_MS)]) as { rows: Array<{ id: number }> };
    await logServerActivities(trx, rows.map((row) => ({ action: 'pause', entityType: 'webhook', entityId: row.id,
      changes: { active: { before: true, after: false } } })));
    await notifyWebhooksPaused(trx, config, rows.map((row) => row.id));
  });
}
