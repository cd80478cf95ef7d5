import { projectRoot, readConfig } from '../../api/src/foundation/config';

describe('readConfig', () => {
  it('refuses to start in production with the public development session key', () => {
    expect(() => readConfig({ NODE_ENV: 'production' })).toThrow('SESSION_KEYS must be set in production');
    expect(() => readConfig({ NODE_ENV: 'production', SESSION_KEYS: ' , ' })).toThrow('SESSION_KEYS must be set in production');
  });

  it('starts in production with SESSION_KEYS set', () => {
    const config = readConfig({ NODE_ENV: 'production', SESSION_KEYS: 'new-secret,old-secret' });
    expect(config.sessionKeys).toEqual(['new-secret', 'old-secret']);
    expect(config.sessionKeysFromEnv).toBe(true);
  });

  it('lets a newcomer start without any setting (npm start sets no NODE_ENV), on the development key', () => {
    const config = readConfig({});
    expect(config.sessionKeysFromEnv).toBe(false);
    expect(config.sessionKeys).toHaveLength(1);
  });

  it('logs at info, JSON when not on a terminal, unless LOG_LEVEL and LOG_FORMAT say otherwise', () => {
    expect(readConfig({}).log).toEqual({ level: 'info', format: process.stdout.isTTY ? 'pretty' : 'json' });
    expect(readConfig({ LOG_LEVEL: 'debug', LOG_FORMAT: 'pretty' }).log).toEqual({ level: 'debug', format: 'pretty' });
    expect(() => readConfig({ LOG_LEVEL: 'verbose' })).toThrow(/LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent/);
    expect(() => readConfig({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT must be one of json, pretty/);
  });

  it('gives requests under way 10 s to finish when the server stops, unless SHUTDOWN_GRACE_MS says otherwise', () => {
    expect(readConfig({}).shutdownGraceMs).toBe(10_000);
    expect(readConfig({ SHUTDOWN_GRACE_MS: '2500' }).shutdownGraceMs).toBe(2_500);
    expect(() => readConfig({ SHUTDOWN_GRACE_MS: '0' })).toThrow(/SHUTDOWN_GRACE_MS/);
  });

  it('trusts one proxy hop by default, and the number PROXY_HOPS says', () => {
    expect(readConfig({ TRUST_PROXY: '1' }).proxyHops).toBe(1);
    expect(readConfig({ TRUST_PROXY: '1', PROXY_HOPS: '2' }).proxyHops).toBe(2);
  });

  it.each(['0', '-1', '1.5', 'two'])('refuses PROXY_HOPS=%s, naming the variable', (value) => {
    expect(() => readConfig({ TRUST_PROXY: '1', PROXY_HOPS: value })).toThrow(/PROXY_HOPS/);
  });

  it("gives a person's database statements 5 s unless DATABASE_REQUEST_TIMEOUT_MS says otherwise, reports 30 s", () => {
    expect(readConfig({}).databaseTimeouts).toMatchObject({ requestMs: 5_000, statementMs: 30_000, healthCheckMs: 2_000 });
    expect(readConfig({ DATABASE_REQUEST_TIMEOUT_MS: '8000' }).databaseTimeouts.requestMs).toBe(8_000);
    expect(() => readConfig({ DATABASE_REQUEST_TIMEOUT_MS: '5s' })).toThrow(/DATABASE_REQUEST_TIMEOUT_MS/);
  });

  it('keeps 24 months of the activity log online unless ACTIVITY_LOG_MONTHS says otherwise (0: all), archived beside the data', () => {
    expect(readConfig({})).toMatchObject({ activityLogMonths: 24, logArchiveDir: `${projectRoot}/archives` });
    expect(readConfig({ ACTIVITY_LOG_MONTHS: '0', LOG_ARCHIVE_DIR: '/srv/archives' })).toMatchObject({ activityLogMonths: 0,
      logArchiveDir: '/srv/archives' });
    expect(() => readConfig({ ACTIVITY_LOG_MONTHS: '-1' })).toThrow(/ACTIVITY_LOG_MONTHS must be a whole number of 0 or more/);
    expect(() => readConfig({ ACTIVITY_LOG_MONTHS: '1.5' })).toThrow(/ACTIVITY_LOG_MONTHS/);
  });

  it('runs two password hashes at once unless PASSWORD_HASH_CONCURRENCY says otherwise', () => {
    expect(readConfig({}).passwordHashConcurrency).toBe(2);
    expect(readConfig({ PASSWORD_HASH_CONCURRENCY: '4' }).passwordHashConcurrency).toBe(4);
    expect(() => readConfig({ PASSWORD_HASH_CONCURRENCY: '0' })).toThrow(/PASSWORD_HASH_CONCURRENCY/);
  });
});
