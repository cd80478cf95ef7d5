import { useMemo } from 'react';
import { useLocaleState } from 'react-admin';
import { BCP47, useDateFormat } from '../../common/dateFormat';
import { moneyText } from '../../common/moneyText';

/** Numbers, rates and dates in the UI's language; money stays the server's exact 2-decimal text, grouped. */
export function useReportFormat() {
  const [locale] = useLocaleState();
  const dates = useDateFormat();
  return useMemo(() => {
    const language = BCP47[locale] ?? locale;
    const count = new Intl.NumberFormat(language);
    const days = new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    const percent = new Intl.NumberFormat(language, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });
    return {
      count: (value: number) => count.format(value),
      money: moneyText,
      days: (value: number | null) => (value === null ? '—' : days.format(value)),
      /** completed / orders; a dash when there were no orders. */
      rate: (completed: number, orders: number) => (orders === 0 ? '—' : percent.format(completed / orders)),
      percent: (ratio: number) => percent.format(ratio),
      ...dates,
    };
  }, [locale, dates]);
}

export type ReportFormat = ReturnType<typeof useReportFormat>;
