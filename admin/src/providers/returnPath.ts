/**
 * Where a page of the server that sent a signed-out visitor to sign in (GET /api/docs, through
 * requireActiveUser's `signInPage`) asks to be taken back once they are: `?next=` on /auth, a path
 * of this origin under /api/. Anything else (another origin, `//host`, a path that leaves /api/
 * once resolved) is no way back, and the sign-in goes where it goes without one.
 */
export function serverPageToReturnTo(search: string, origin: string): string | undefined {
  const next = new URLSearchParams(search).get('next');
  if (!next?.startsWith('/')) return undefined;
  const url = new URL(next, origin);
  return url.origin === origin && url.pathname.startsWith('/api/') ? `${url.pathname}${url.search}` : undefined;
}
