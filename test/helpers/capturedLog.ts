import { Writable } from 'node:stream';
import type pino from 'pino';
import { createLog, useLog } from '../../api/src/foundation/log';

/** A log line as the server writes it: pino's JSON. */
export type LogLine = Record<string, unknown> & { level: number; msg: string; time: string };

/**
 * The server's log lines (this process's logger, at `level`) until `restore`: parsed from the JSON
 * it writes, with the raw text to look for what must never be in it.
 */
export function captureLog(level: pino.LevelWithSilent = 'info') {
  const lines: LogLine[] = [];
  let text = '';
  const sink = new Writable({ write(chunk: Buffer, _encoding, done) {
    text += chunk.toString();
    for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as LogLine);
    done();
  } });
  const before = useLog(createLog({ level, format: 'json' }, sink));
  return { lines, text: () => text, restore: () => { useLog(before); } };
}
