import { useMemo } from 'react';
import { useLocaleState } from 'react-admin';
import { formatDate, type DateStyle, type DateValue } from '@kernel/i18n/dateText';

// The date styles are the kernel's: the server writes dates in messages and files as the screens show them.
export { BCP47, dateStyleOf, formatDate, type DateStyle, type DateValue } from '@kernel/i18n/dateText';

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
