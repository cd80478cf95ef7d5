import os from 'node:os';
import pino, { type DestinationStream, type Logger } from 'pino';
import pinoPretty from 'pino-pretty';

/** How the server writes its log (LOG_LEVEL, LOG_FORMAT; config.ts). */
export interface LogSettings {
  level: pino.LevelWithSilent;
  /** JSON lines, one object each (not a terminal, or LOG_FORMAT=json), or lines for people. */
  format: 'json' | 'pretty';
}

export const LOG_LEVELS: readonly pino.LevelWithSilent[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/**
 * A logger: time, level, the instance (INSTANCE_NAME, else host:pid) and what each call gives.
 * Whatever a caller passes under these keys is written as [Redacted], should one ever slip in.
 */
export function createLog(settings: LogSettings, destination?: DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level: settings.level,
    base: { instance: process.env.INSTANCE_NAME || `${os.hostname()}:${process.pid}` },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: ['password', 'newPassword', 'cookie', 'headers.cookie', 'sessionId', 'req.headers.cookie', 'res.headers["set-cookie"]'],
  };
  if (destination) return pino(options, destination);
  return settings.format === 'pretty'
    ? pino(options, pinoPretty({ sync: true, colorize: Boolean(process.stdout.isTTY), translateTime: 'SYS:HH:MM:ss',
      ignore: `pid,hostname,instance,${REQUEST_FIELDS.join(',')}`, messageFormat: prettyMessage }))
    : pino(options);
}

/** The fields of a request's line (middleware/requestLog.ts), which a line for people says in words. */
const REQUEST_FIELDS = ['requestId', 'method', 'route', 'status', 'ms', 'userId', 'cut'];

/** A request on one line for people: "GET /api/orders/:id 200 4.2 ms, user 7"; an error names its request. */
function prettyMessage(line: Record<string, unknown>, messageKey: string): string {
  const request = `${line.method} ${line.route} ${line.status}`;
  if (line[messageKey] === 'request') {
    return `${request} ${line.ms} ms${line.userId ? `, user ${line.userId}` : ''}${line.cut ? ' (cut short)' : ''}`;
  }
  return line.requestId ? `${line[messageKey]} (${request}, request ${line.requestId})` : String(line[messageKey]);
}

/** Before the configuration is read, and in the tests: LOG_LEVEL (default info), JSON unless a terminal. */
const envLevel = LOG_LEVELS.find((level) => level === process.env.LOG_LEVEL?.trim());
let current = createLog({ level: envLevel ?? 'info', format: process.env.LOG_FORMAT === 'json' || !process.stdout.isTTY ? 'json' : 'pretty' });

/** The process's logger. */
export const log = (): Logger => current;

/** Replaces the process's logger (the server, once its configuration is read; a test, to read the lines). */
export function useLog(logger: Logger): Logger {
  const before = current;
  current = logger;
  return before;
}
