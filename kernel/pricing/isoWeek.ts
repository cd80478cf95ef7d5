/**
 * ISO 8601 weeks in local time (the server's time zone on the API, the browser's in the admin):
 * weeks start on Monday and week 1 is the one holding 4 January. Free of server code so that
 * the admin's week picker counts the same weeks the API filters by.
 */

/** Monday 00:00 of a week, or undefined when the year has no such week (only some have a week 53). */
export function isoWeekStart(year: number, week: number): Date | undefined {
  if (!Number.isInteger(week) || week < 1) return undefined;
  // The January day (0 or less: in December before) of week 1's Monday.
  const weekOneMonday = 4 - ((new Date(year, 0, 4).getDay() + 6) % 7);
  const start = new Date(year, 0, weekOneMonday + (week - 1) * 7);
  const thursday = new Date(start.getFullYear(), start.getMonth(), start.getDate() + 3);
  return thursday.getFullYear() === year ? start : undefined;
}

/** 52 or 53. */
export const isoWeeksIn = (year: number) => (isoWeekStart(year, 53) ? 53 : 52);

/** The ISO year and week of a moment, which near New Year may belong to the neighbouring year. */
export function isoWeekOf(date: Date): { year: number; week: number } {
  const thursday = new Date(date.getFullYear(), date.getMonth(), date.getDate() + 3 - ((date.getDay() + 6) % 7));
  const year = thursday.getFullYear();
  const start = isoWeekStart(year, 1)!;
  const days = Math.round((thursday.getTime() - start.getTime()) / 86_400_000);
  return { year, week: Math.floor(days / 7) + 1 };
}

/** A local date `days` days later, at 00:00. */
export const nextDay = (date: Date, days = 1) => new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
