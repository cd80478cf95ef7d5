/** The roles the contributors card thanks, in its order. */
export const CONTRIBUTOR_GROUPS = ['team_leader', 'biller', 'regional_dispatcher', 'manager'] as const;
export type Contributors = Record<(typeof CONTRIBUTOR_GROUPS)[number], string[]>;

/** What GET /api/dashboard answers. */
export interface DashboardData {
  contributors: Contributors;
  version: string;
}
