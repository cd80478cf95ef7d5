export const ROLES = ['admin', 'director', 'manager', 'team_leader', 'biller', 'regional_dispatcher'] as const;
export type Role = (typeof ROLES)[number];

export const USER_STATUSES = ['active', 'inactive', 'pending'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
