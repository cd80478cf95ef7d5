import { fieldRefusal, problem } from '../foundation/httpError';
import { isoWeekStart, nextDay } from '@kernel/pricing/isoWeek';

/** A year ('2026'), a month ('2026-11') or an ISO week ('2026-W48'), as the half-open range [start, end). */
export interface PeriodRange {
  start: Date;
  end: Date;
}

const PERIOD = /^(\d{4})(?:-(\d{2})|-W(\d{2}))?$/;

const refuse = () => fieldRefusal('invalid_query', 'period must be a year (2026), a month (2026-11) or an ISO week (2026-W48)',
  'period', problem('invalid_period', 'Use YYYY, YYYY-MM or YYYY-Www'));

/**
 * The instants a period spans in the server's time zone (the Node process's `TZ`), built from
 * local calendar parts so a daylight-saving change inside it is counted right.
 */
export function periodRange(value: unknown): PeriodRange {
  const match = typeof value === 'string' ? PERIOD.exec(value) : null;
  if (!match || Number(match[1]) < 1900) throw refuse();
  const year = Number(match[1]);
  if (match[2]) {
    const month = Number(match[2]);
    if (month < 1 || month > 12) throw refuse();
    return { start: new Date(year, month - 1, 1), end: new Date(year, month, 1) };
  }
  if (match[3]) {
    const start = isoWeekStart(year, Number(match[3]));
    if (!start) throw refuse();
    return { start, end: nextDay(start, 7) };
  }
  return { start: new Date(year, 0, 1), end: new Date(year + 1, 0, 1) };
}
