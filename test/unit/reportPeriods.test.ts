import { dateIn, monthStart, weekStart } from '../../api/src/reports/reportPeriods';

describe('report periods', () => {
  it('gives the first day of a month some months back, across years', () => {
    expect(monthStart('2027-01-15', 0)).toBe('2027-01-01');
    expect(monthStart('2027-01-15', 1)).toBe('2026-12-01');
    expect(monthStart('2027-01-15', 12)).toBe('2026-01-01');
    expect(monthStart('2026-12-31', 11)).toBe('2026-01-01');
    expect(monthStart('2026-03-31', 27)).toBe('2023-12-01');
  });

  it('gives the Monday of a date\'s ISO week, across months and years', () => {
    expect(weekStart('2026-02-01')).toBe('2026-01-26');
    expect(weekStart('2026-01-26')).toBe('2026-01-26');
    expect(weekStart('2027-01-03')).toBe('2026-12-28');
    expect(weekStart('2027-01-04')).toBe('2027-01-04');
  });

  it('dates an instant in the zone asked for, not in UTC', () => {
    const instant = new Date('2026-10-31T16:30:00Z');
    expect(dateIn(instant, 'UTC')).toBe('2026-10-31');
    expect(dateIn(instant, 'Asia/Shanghai')).toBe('2026-11-01');
    expect(dateIn(new Date('2026-03-08T07:30:00Z'), 'America/New_York')).toBe('2026-03-08');
    expect(dateIn(new Date('2026-03-08T04:30:00Z'), 'America/New_York')).toBe('2026-03-07');
  });
});
