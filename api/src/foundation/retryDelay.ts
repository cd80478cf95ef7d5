/** A failed attempt of a job's send (a mail, a webhook delivery) waits 1 minute, doubling to at most 1 hour (DESIGN §13, §15). */
const FIRST_RETRY_MS = 60_000;
const MAX_RETRY_MS = 3_600_000;

export const retryDelayMs = (failedAttempts: number): number =>
  Math.min(FIRST_RETRY_MS * 2 ** Math.max(failedAttempts - 1, 0), MAX_RETRY_MS);

/** A send not done this long after it was queued (or asked for again by an admin) fails for good. */
export const GIVE_UP_MS = 24 * 3_600_000;
