import { dateTimeFormat } from '@kernel/i18n/dateText';
import { serverToday } from '../orders/delays';
import type { Ctx } from '../resources/resource';

/** A span of time: instants for timestamp columns, calendar dates for date columns; `to` excluded. */
export interface Period {
  from: Date;
  to: Date;
  fromDate: string;
  toDate: string;
}

const span = (from: Date, to: Date): Period => ({ from, to, fromDate: serverToday(from), toDate: serverToday(to) });

/** The server's time zone (the Node process's `TZ`), for grouping timestamps by day in SQL. */
export const serverTimeZone = () => dateTimeFormat('en', {}).resolvedOptions().timeZone;

/** The header naming the time zone of the person's browser on each request of the admin. */
const TIME_ZONE_HEADER = 'X-Time-Zone';

/**
 * The person's time zone, in which a calendar day of theirs is taken (a completion date's): the one
 * their browser names (TIME_ZONE_HEADER), else, unnamed or unknown, the server's.
 */
export function personTimeZone(ctx: Pick<Ctx, 'get'>): string {
  const named = ctx.get(TIME_ZONE_HEADER);
  if (!named) return serverTimeZone();
  try {
    return dateTimeFormat('en', { timeZone: named }).resolvedOptions().timeZone;
  } catch {
    return serverTimeZone();
  }
}

/** Today, this ISO week (Monday to Sunday) and this month, in the server's time zone. */
export function currentPeriods(now = new Date()) {
  const [y, m, d] = [now.getFullYear(), now.getMonth(), now.getDate()];
  const monday = d - ((now.getDay() + 6) % 7);
  return {
    today: span(new Date(y, m, d), new Date(y, m, d + 1)),
    week: span(new Date(y, m, monday), new Date(y, m, monday + 7)),
    month: span(new Date(y, m, 1), new Date(y, m + 1, 1)),
  };
}

/** The last `days` days up to and including today, in the server's time zone. */
export function lastDays(days: number, now = new Date()): Period & { dates: string[] } {
  const [y, m, d] = [now.getFullYear(), now.getMonth(), now.getDate()];
  const dates = Array.from({ length: days }, (_, i) => serverToday(new Date(y, m, d - days + 1 + i)));
  return { ...span(new Date(y, m, d - days + 1), new Date(y, m, d + 1)), dates };
}
