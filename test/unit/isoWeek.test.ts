import { isoWeekOf, isoWeeksIn, isoWeekStart } from '@kernel/pricing/isoWeek';

const day = (y: number, m: number, d: number, h = 0) => new Date(y, m - 1, d, h);

describe('ISO weeks in local time', () => {
  it('starts week 1 on the Monday of the week holding 4 January, possibly in December', () => {
    expect(isoWeekStart(2026, 1)).toEqual(day(2025, 12, 29));
    expect(isoWeekStart(2027, 1)).toEqual(day(2027, 1, 4));
    expect(isoWeekStart(2021, 1)).toEqual(day(2021, 1, 4));
  });

  it('gives a week 53 only to years whose last Thursday falls in it', () => {
    expect([2020, 2021, 2026, 2027].map(isoWeeksIn)).toEqual([53, 52, 53, 52]);
    expect(isoWeekStart(2026, 53)).toEqual(day(2026, 12, 28));
    expect(isoWeekStart(2027, 53)).toBeUndefined();
    expect(isoWeekStart(2027, 0)).toBeUndefined();
  });

  it('names the week of a moment, near New Year in the neighbouring year', () => {
    expect(isoWeekOf(day(2027, 1, 1, 12))).toEqual({ year: 2026, week: 53 });
    expect(isoWeekOf(day(2024, 12, 30))).toEqual({ year: 2025, week: 1 });
    expect(isoWeekOf(day(2026, 11, 29, 23))).toEqual({ year: 2026, week: 48 });
    expect(isoWeekOf(day(2026, 11, 30))).toEqual({ year: 2026, week: 49 });
  });
});
