import { readConfig } from './foundation/config';
import { createLog, log, useLog } from './foundation/log';
import { openDatabase } from './db/knex';
import { DEMO_PASSWORD, prepareDatabase } from './startup';
import { createApp } from './app';
import { shutDown } from './shutdown';
import { setPasswordWorkLimits } from './auth/passwords';
import { ROLES } from '@kernel/users/roles';
import { serverTimeZone } from './monitoring/periods';
import { catchUpReports, startReportSchedule } from './reports/reportSchedule';
import { startMailWorker } from './mail/mailWorker';
import { startDigestJob } from './mail/digest';
import { startNotificationJob } from './notifications/notificationJob';
import { startWebhookWorker } from './webhooks/webhookWorker';

async function main() {
  const config = readConfig();
  useLog(createLog(config.log));
  if (!config.sessionKeysFromEnv) {
    log().warn('SESSION_KEYS is not set: sessions are signed with the public development key. '
      + 'Set SESSION_KEYS to a long random secret before real use.');
  }
  setPasswordWorkLimits(config.passwordHashConcurrency);
  const db = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, timeouts: config.databaseTimeouts });
  const where = config.databaseUrl ? 'PostgreSQL server (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`;
  log().info(`Database: ${where}`);
  const { seeded } = await prepareDatabase(db, config, { demo: true });
  await catchUpReports(db, serverTimeZone());
  const reportJob = config.reportSchedule ? startReportSchedule(db, serverTimeZone(), config) : undefined;
  const mailWorker = startMailWorker(db, config);
  const digestJob = startDigestJob(db, config);
  log().info(config.smtpUrl ? 'E-mail: on (SMTP_URL)' : 'E-mail: off (set SMTP_URL to turn it on)');
  const notificationJob = config.notificationJob ? startNotificationJob(db, config, serverTimeZone()) : undefined;
  const webhookWorker = startWebhookWorker(db, config);
  const app = createApp(db, config);
  const server = app.listen(config.port, () => {
    log().info(`Logistics back-office: http://localhost:${config.port}`);
    if (seeded) log().info(`Demo data seeded. Demo logins (password "${DEMO_PASSWORD}"): ${ROLES.join(', ')}`);
  });
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log().info(`${signal}: stopping; requests under way have ${config.shutdownGraceMs} ms to finish (SHUTDOWN_GRACE_MS)`);
    void shutDown({ app, server, db, jobs: [reportJob, mailWorker, digestJob, notificationJob, webhookWorker] }, config.shutdownGraceMs)
      .then(({ cut }) => {
        log().info(cut ? 'Stopped; what was still under way was cut (a write under way rolled back).' : 'Stopped.');
        process.exit(0);
      });
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((err) => {
  log().fatal({ err }, 'The server could not start');
  process.exit(1);
});
