import type { Locale } from './catalogs';

/** Polyglot's locale names are not BCP 47 ones: `cn` formats as zh-CN. */
export const BCP47: Record<string, string> = { cn: 'zh-CN', en: 'en-US' };

/**
 * The one style of dates people read, in their language (never the browser's or the server's):
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

const formats = new Map<string, Intl.DateTimeFormat>();
/** The most formatters kept: a time zone is named by the request (X-Time-Zone), in any letter case. */
const MAX_FORMATS = 1000;

/**
 * The formatter of a language (BCP 47) and options, made once: making one took a hundred times as
 * long as formatting a date with it (a list's dates, the days of a thousand orders completed at
 * once). One without a time zone formats in the process's or page's, as it was when first asked.
 */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    if (formats.size >= MAX_FORMATS) formats.clear();
    formats.set(key, format);
  }
  return format;
}

/** `value` in `style` and `locale` ('cn' or 'en'); '' when there is no date or it cannot be read. */
export function formatDate(value: DateValue, locale: string, style: DateStyle): string {
  if (value === null || value === undefined || value === '') return '';
  const calendarDate = typeof value === 'string' && CALENDAR_DATE.test(value);
  const date = calendarDate ? new Date(`${value}T00:00:00Z`) : new Date(value);
  // JavaScript reads 2026-02-30 as March 2: a day that does not exist cannot be read.
  if (Number.isNaN(date.getTime()) || (calendarDate && date.toISOString().slice(0, 10) !== value)) return '';
  // A calendar date has no time to show, and is read in UTC, where it was placed, so it cannot shift a day.
  const options: Intl.DateTimeFormatOptions = calendarDate
    ? { ...STYLES[style], timeStyle: undefined, timeZone: 'UTC' }
    : STYLES[style];
  return dateTimeFormat(BCP47[locale] ?? locale, options).format(date);
}

/**
 * A message's placeholder values with each calendar date ('2026-11-20') in the language's date
 * style, as the screens show dates: "MOS 日期不能早于提货日期（2026年11月20日）", "… (Nov 20, 2026)".
 * The admin's translator fills every message through it, the server an import's error file.
 */
export function readableDates<T extends Record<string, unknown>>(args: T, locale: Locale): T {
  // `_` is polyglot's text for a missing message, no placeholder.
  const dated = Object.entries(args).filter(([name, value]) => name !== '_' && typeof value === 'string' && CALENDAR_DATE.test(value)
    && formatDate(value, locale, 'date') !== '');
  if (dated.length === 0) return args;
  return { ...args, ...Object.fromEntries(dated.map(([name, value]) => [name, formatDate(value as string, locale, 'date')])) };
}
