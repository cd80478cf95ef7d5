/** The choices a report request takes, free of knex so the admin's report screens import them too. */
export const MONTH_CHOICES = [3, 6, 12] as const;
export const GRANULARITIES = ['day', 'week', 'month', 'total'] as const;
export const DIMENSIONS = ['overall', 'supplier', 'vehicle_type', 'delivery_area', 'user'] as const;

export type MonthChoice = (typeof MONTH_CHOICES)[number];
export type Granularity = (typeof GRANULARITIES)[number];
export type Dimension = (typeof DIMENSIONS)[number];
