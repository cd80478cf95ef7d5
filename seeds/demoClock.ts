const HOUR = 60 * 60 * 1000;

/**
 * The demo's calendar, in the server's time zone, relative to the moment the data is made. The
 * story is written in whole days; today's share of it is squeezed into the part of today that has
 * passed, so a demo made at 10:00 already shows a full day of work (bookings and completions
 * today) and nothing ever happens after "now".
 */
export function demoClock(now: Date) {
  const [y, m, d] = [now.getFullYear(), now.getMonth(), now.getDate()];
  const midnight = (offset: number) => new Date(y, m, d + offset).getTime();
  const todayStart = midnight(0);
  const tomorrowStart = midnight(1);
  const dayHours = (tomorrowStart - todayStart) / HOUR;
  const nowHours = (now.getTime() - todayStart) / HOUR;
  // Today's story squeezed into the hours gone by: after 09:00 the night stays as it is and the day
  // from 08:00 on is squeezed into 08:00–now, so office hours stay office hours; earlier, all of it.
  const squeeze = (hours: number) => (nowHours >= 9
    ? (hours < 8 ? hours : 8 + ((hours - 8) * (nowHours - 8)) / (dayHours - 8))
    : (hours * nowHours) / dayHours);
  return {
    now,
    /** The offset of the first day of the month twelve months back: the demo's history starts there. */
    firstDay: -Math.round((todayStart - new Date(y, m - 12, 1).getTime()) / (24 * HOUR)),
    /** Local midnight of a day, by its offset from today (0 today, -1 yesterday). */
    midnight,
    /** An instant of the story: `hours` after the midnight of day `offset`. */
    at: (offset: number, hours: number) => midnight(offset) + hours * HOUR,
    /** The calendar date ('YYYY-MM-DD') of day `offset`. */
    date: (offset: number) => {
      const day = new Date(y, m, d + offset);
      return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
    },
    /** A moment moved into office hours (08:00–21:00): what happens at night is done the next morning. */
    officeHours: (story: number) => {
      const day = new Date(story);
      const hour = day.getHours() + day.getMinutes() / 60;
      if (hour >= 8 && hour < 21) return story;
      const morning = new Date(day.getFullYear(), day.getMonth(), day.getDate() + (hour < 8 ? 0 : 1), 8).getTime();
      return morning + (hour % 1) * HOUR;
    },
    /** When a moment of the story really happened, or null when it is still to come. */
    happened: (story: number): Date | null => {
      if (story < todayStart) return new Date(story);
      if (story >= tomorrowStart) return null;
      return new Date(todayStart + squeeze((story - todayStart) / HOUR) * HOUR);
    },
  };
}

export type DemoClock = ReturnType<typeof demoClock>;
export { HOUR };
