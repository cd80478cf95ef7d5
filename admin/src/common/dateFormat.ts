import { useMemo } from 'react';
import { useLocaleState } from 'react-admin';

/** Polyglot's locale names are not BCP 47 ones: `cn` formats as zh-CN. */
export const BCP47: Record<string, string> = { cn: 'zh-CN', en: 'en-US' };

/**
 * The one style of dates on screen, in the UI's language (never the browser's):
 * cn 2026年11月23日 · 2026年11月23日 14:02, en Nov 23, 2026 · Nov 23, 2026, 2:02 PM.
 * Chart axes, short on room, drop the year: 11月23日, Nov 23. A month of its own (an archive
 * file's, given as its first day): 2026年11月, November 2026.
 */
const STYLES = {
  date: { dateStyle: 'medium' },
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  dayMonth: { month: 'short', day: 'numeric' },
  month: { year: 'numeric', month: 'long' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

export type DateStyle = keyof typeof STYLES;
export type DateValue = string | number | Date | null | undefined;

/** A calendar date without time or zone (pickupDate '2026-11-23'): the same day wherever the reader is. */
const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** An instant as the API writes it (completionDate '2026-11-23T06:02:00.000Z'). */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** The style a text from the API is shown in when it is a date ('date') or an instant ('dateTime'). */
export function dateStyleOf(text: string): DateStyle | undefined {
  if (CALENDAR_DATE.test(text)) return 'date';
  if (INSTANT.test(text)) return 'dateTime';
  return undefined;
}

/** `value` in `style` and `locale` ('cn' or 'en'); '' when there is no date or it cannot be read. */
export function formatDate(value: DateValue, locale: string, style: DateStyle): string {
  if (value === null || value === undefined || value === '') return '';
  const calendarDate = typeof value === 'string' && CALENDAR_DATE.test(value);
  const date = calendarDate ? new Date(`${value}T00:00:00Z`) : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  // A calendar date has no time to show, and is read in UTC, where it was placed, so it cannot shift a day.
  const options: Intl.DateTimeFormatOptions = calendarDate
    ? { ...STYLES[style], timeStyle: undefined, timeZone: 'UTC' }
    : STYLES[style];
  return new Intl.DateTimeFormat(BCP47[locale] ?? locale, options).format(date);
}

/** The formatters of the UI's current language: `format.date(order.pickupDate)`, `format.dateTime(log.at)`. */
export function useDateFormat(): Record<DateStyle, (value: DateValue) => string> {
  const [locale] = useLocaleState();
  return useMemo(() => ({
    date: (value) => formatDate(value, locale, 'date'),
    dateTime: (value) => formatDate(value, locale, 'dateTime'),
    dayMonth: (value) => formatDate(value, locale, 'dayMonth'),
    month: (value) => formatDate(value, locale, 'month'),
  }), [locale]);
}
