import { MenuItem, Stack, TextField } from '@mui/material';
import { useInput, useLocaleState, useTranslate } from 'react-admin';
import { isoWeekOf, isoWeeksIn, isoWeekStart, nextDay } from '@kernel/pricing/isoWeek';
import { BCP47 } from '../../common/dateFormat';
import { fromPeriodFilter, toPeriodFilter, type Period, type PeriodKind } from './pricingModel';

const YEARS_BACK = 5;
const KINDS: PeriodKind[] = ['year', 'month', 'week'];

/** The month or ISO week that holds today when `year` is this year, else the first one. */
function defaultPart(year: number, kind: PeriodKind): number | undefined {
  const now = new Date();
  if (kind === 'month') return year === now.getFullYear() ? now.getMonth() + 1 : 1;
  if (kind === 'week') {
    const current = isoWeekOf(now);
    return current.year === year ? current.week : 1;
  }
  return undefined;
}

/** On a phone the selects share the row; from `sm` on each keeps its width. */
const selectSx = (width: number) => ({ flex: { xs: '1 1 0', sm: '0 0 auto' }, minWidth: 0, width: { sm: width } });

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/**
 * The year, month and ISO week selection (docs/pricing.md#pricing-management) as one filter value, `period`: '2026',
 * '2026-11' or '2026-W48', counted by the server in its time zone. No year means all time.
 */
export const PeriodInput = ({ source }: { source: string; alwaysOn?: boolean }) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { field } = useInput({ source });
  const period = fromPeriodFilter(field.value);
  const set = (next: Period) => field.onChange(toPeriodFilter(next) ?? '');

  const thisYear = new Date().getFullYear();
  const years = range(thisYear - YEARS_BACK, thisYear).reverse();
  if (period.year && !years.includes(period.year)) years.push(period.year);
  const dates = new Intl.DateTimeFormat(BCP47[locale] ?? locale, { month: 'short', day: 'numeric' });
  const months = new Intl.DateTimeFormat(BCP47[locale] ?? locale, { month: 'long' });

  const onYear = (value: string) => {
    const year = value ? Number(value) : undefined;
    const part = year && period.part && period.kind === 'week' ? Math.min(period.part, isoWeeksIn(year)) : period.part;
    set({ year, kind: year ? period.kind : 'year', part });
  };
  const onKind = (kind: PeriodKind) => set({ year: period.year, kind, part: defaultPart(period.year!, kind) });

  return (
    <Stack direction="row" sx={{ gap: 1, flexWrap: { xs: 'wrap', sm: 'nowrap' }, alignItems: 'flex-end', width: { xs: '100%', sm: 'auto' } }}
      data-testid="period-input">
      <TextField select size="small" label={translate('pricing.period.year')} value={period.year ?? ''}
        onChange={(event) => onYear(event.target.value)} sx={selectSx(120)}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'period-year' } }}>
        <MenuItem value="">{translate('pricing.period.all_years')}</MenuItem>
        {years.map((year) => <MenuItem key={year} value={year}>{year}</MenuItem>)}
      </TextField>
      <TextField select size="small" label={translate('pricing.period.by')} value={period.kind} disabled={!period.year}
        onChange={(event) => onKind(event.target.value as PeriodKind)} sx={selectSx(120)}
        slotProps={{ htmlInput: { 'data-testid': 'period-kind' } }}>
        {KINDS.map((kind) => (
          <MenuItem key={kind} value={kind}>{translate(`pricing.period.${kind === 'year' ? 'whole_year' : kind}`)}</MenuItem>
        ))}
      </TextField>
      {period.year && period.kind === 'month' && (
        <TextField select size="small" label={translate('pricing.period.month_label')} value={period.part ?? 1}
          onChange={(event) => set({ ...period, part: Number(event.target.value) })} sx={selectSx(140)}
          slotProps={{ htmlInput: { 'data-testid': 'period-part' } }}>
          {range(1, 12).map((month) => (
            <MenuItem key={month} value={month}>{months.format(new Date(period.year!, month - 1, 1))}</MenuItem>
          ))}
        </TextField>
      )}
      {period.year && period.kind === 'week' && (
        <TextField select size="small" label={translate('pricing.period.week_label')} value={period.part ?? 1}
          onChange={(event) => set({ ...period, part: Number(event.target.value) })} sx={selectSx(220)}
          slotProps={{ htmlInput: { 'data-testid': 'period-part' } }}>
          {range(1, isoWeeksIn(period.year)).map((week) => {
            const start = isoWeekStart(period.year!, week)!;
            return (
              <MenuItem key={week} value={week}>
                {translate('pricing.period.week_option', { week, from: dates.format(start), to: dates.format(nextDay(start, 6)) })}
              </MenuItem>
            );
          })}
        </TextField>
      )}
    </Stack>
  );
};
