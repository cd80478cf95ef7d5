import { serverToday } from '../../api/src/orders/delays';

/*
 * The calendar of the browser tests (and of the API tests whose checks count from today: they
 * take useServerDay). The server takes "today" from the wall clock in its time zone
 * (serverToday: this process's, which the test shares), the database stamps rows with the wall
 * clock, and the browser reads its own. A date counted from the wall clock once and checked later
 * fails when a midnight (or New Year's) falls in between, and a day counted in UTC is not the
 * server's. So every date of a browser test is one of two kinds:
 *
 * - one the server never compares with its wall clock (a rate card's days, a completion date priced
 *   by its year, month or week): counted from FIXED_NOW, and the browser runs on that clock too
 *   (useAppInBrowser({ clock: FIXED_NOW })), so that its this year, this month and today are
 *   FIXED_NOW's whatever the date;
 * - one the server judges by its wall clock (late to pull out, days overdue, completed today, a
 *   report's window): counted by dayFrom from one instant of the server's clock, as the server
 *   counts its today. Where a check depends on which day that is (days overdue, completed today),
 *   the file takes the instant from useServerDay, which starts the file only when the server's day
 *   outlasts it.
 */

/** Noon of Wednesday 17 June 2026 in the server's (this process's) time zone: mid-day, mid-month, mid-year. */
export const FIXED_NOW = new Date(2026, 5, 17, 12, 0);

/** The calendar day `days` after (before, when negative) the day of `at`, in the server's time zone: 'YYYY-MM-DD'. */
export function dayFrom(at: Date, days: number): string {
  return serverToday(new Date(at.getFullYear(), at.getMonth(), at.getDate() + days, 12));
}

/** The longest a browser test file takes, on a busy machine too (an API file takes less). */
const FILE_MS = 10 * 60_000;

/**
 * The instant a file's dates count from, for a file whose checks depend on the server's today. Its
 * hook runs before the file's own (call it at the top of the file); less than a file's time before
 * the server's midnight, it first waits for the new day, so that the server's today stays the
 * file's to its end.
 */
export function useServerDay(): { now: Date } {
  const clock = { now: new Date(Number.NaN) };
  beforeAll(async () => {
    const now = new Date();
    const left = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1).getTime() - now.getTime();
    if (left < FILE_MS) await new Promise((resolve) => setTimeout(resolve, left + 1_000));
    clock.now = new Date();
  }, FILE_MS + 60_000);
  return clock;
}
