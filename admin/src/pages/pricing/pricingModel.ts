/** The period filter: a year ('2026'), a month ('2026-11') or an ISO week ('2026-W48'); '' for all time. */
export type PeriodKind = 'year' | 'month' | 'week';
export interface Period {
  year?: number;
  kind: PeriodKind;
  /** The month (1–12) or the ISO week (1–53). */
  part?: number;
}

const pad = (n: number) => String(n).padStart(2, '0');

export function toPeriodFilter({ year, kind, part }: Period): string | undefined {
  if (!year) return undefined;
  if (kind === 'month' && part) return `${year}-${pad(part)}`;
  if (kind === 'week' && part) return `${year}-W${pad(part)}`;
  return String(year);
}

export function fromPeriodFilter(value: unknown): Period {
  const match = typeof value === 'string' ? /^(\d{4})(?:-(\d{2})|-W(\d{2}))?$/.exec(value) : null;
  if (!match) return { kind: 'year' };
  const year = Number(match[1]);
  if (match[2]) return { year, kind: 'month', part: Number(match[2]) };
  if (match[3]) return { year, kind: 'week', part: Number(match[3]) };
  return { year, kind: 'year' };
}
