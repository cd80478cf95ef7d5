import { dateTimeFormat, formatDate } from '@kernel/i18n/dateText';

describe('dates in the reader\'s language', () => {
  it('formats a calendar date and an instant in each language, a date that does not exist as nothing', () => {
    expect(formatDate('2026-11-23', 'cn', 'date')).toBe('2026年11月23日');
    expect(formatDate('2026-11-23', 'en', 'date')).toBe('Nov 23, 2026');
    expect(formatDate('2026-11-23', 'en', 'dateTime')).toBe('Nov 23, 2026');
    expect(formatDate('2026-11-01', 'cn', 'month')).toBe('2026年11月');
    expect(formatDate('2026-02-30', 'en', 'date')).toBe('');
    const instant = '2026-11-23T06:02:00.000Z';
    expect(formatDate(instant, 'en', 'dateTime')).toBe(new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' })
      .format(new Date(instant)));
  });

  it('makes a formatter once for a language and options, and one per time zone', () => {
    const options = { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' } as const;
    expect(dateTimeFormat('en-CA', options)).toBe(dateTimeFormat('en-CA', { ...options }));
    expect(dateTimeFormat('en-CA', { ...options, timeZone: 'UTC' })).not.toBe(dateTimeFormat('en-CA', options));
    expect(dateTimeFormat('en-CA', options).format(new Date('2026-10-31T16:30:00Z'))).toBe('2026-11-01');
  });

  it('keeps formatting right past the most formatters it keeps, a zone named in any letter case', () => {
    // 1,500 spellings of one zone: each letter of asia/shanghai upper or lower case as a bit of n says.
    const casings = Array.from({ length: 1500 }, (_, n) => {
      const letters = [...'asiashanghai'].map((letter, index) => ((n >> index) & 1 ? letter.toUpperCase() : letter)).join('');
      return `${letters.slice(0, 4)}/${letters.slice(4)}`;
    });
    expect(new Set(casings).size).toBe(1500);
    for (const zone of casings) {
      expect(dateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' })
        .format(new Date('2026-10-31T16:30:00Z'))).toBe('2026-11-01');
    }
    expect(() => dateTimeFormat('en', { timeZone: 'Nowhere/Atlantis' })).toThrow(RangeError);
  });
});
