import { dateTimeFormat } from '@kernel/i18n/dateText';

/** The calendar date ('YYYY-MM-DD') of an instant in a time zone. */
export function dateIn(at: Date, timeZone: string): string {
  return dateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** The first day of the month `monthsBack` months before the month of `date` ('YYYY-MM-DD'). */
export function monthStart(date: string, monthsBack: number): string {
  const [year, month] = date.split('-').map(Number);
  const index = year * 12 + month - 1 - monthsBack;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

/** The Monday that starts the ISO week of a date ('YYYY-MM-DD'). */
export function weekStart(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  return day.toISOString().slice(0, 10);
}

/** How many months a run covers: its own month and the 12 before (docs/reports.md#report-kinds offers up to 12). */
export const RUN_MONTHS = 13;
