/**
 * One place a person is signed in, as GET /api/sessions answers it (DESIGN §16): `id` names it for
 * ending it (a digest, not the session itself).
 */
export interface SignedInSession {
  id: string;
  /** The browser's User-Agent when it signed in; null for sessions older than this list. */
  userAgent: string | null;
  ip: string | null;
  signedInAt: string;
  /** To the minute. */
  lastSeenAt: string;
  /** The session of the request that asked. */
  current: boolean;
}
