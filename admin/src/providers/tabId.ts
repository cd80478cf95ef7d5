/**
 * This browser tab's id, sent with every request (X-Tab-Id) and kept with the activity-log rows of
 * the changes it makes: the live stream then tells this tab its own changes apart from the same
 * person's changes in another tab or browser (docs/live-updates.md). New with each page load.
 */
export const TAB_ID: string = crypto.randomUUID();

export const TAB_HEADER = 'X-Tab-Id';
