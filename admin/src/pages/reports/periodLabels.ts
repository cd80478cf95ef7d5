import type { Granularity } from '@kernel/reports/reportChoices';

const DAY = 86_400_000;
const utc = (date: string) => Date.parse(`${date}T00:00:00Z`);
const iso = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The ISO week label the server gives ('2026-W48'): the week belongs to the year of its Thursday. */
function isoWeekLabel(monday: number): string {
  const thursday = new Date(monday + 3 * DAY);
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * DAY)) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/**
 * Every period label from `from` to `to` (the server omits periods without orders; a chart over
 * time draws them as zero so that its axis stays even). Empty for `total`.
 */
export function periodLabels(from: string, to: string, granularity: Granularity): string[] {
  const labels: string[] = [];
  const end = utc(to);
  if (granularity === 'day') {
    for (let day = utc(from); day <= end; day += DAY) labels.push(iso(day));
  } else if (granularity === 'week') {
    const start = utc(from);
    for (let monday = start - ((new Date(start).getUTCDay() + 6) % 7) * DAY; monday <= end; monday += 7 * DAY) {
      labels.push(isoWeekLabel(monday));
    }
  } else if (granularity === 'month') {
    for (let month = from.slice(0, 7); month <= to.slice(0, 7);) {
      labels.push(month);
      const [year, number] = month.split('-').map(Number);
      month = number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, '0')}`;
    }
  }
  return labels;
}
