/** The HTTP methods that change nothing: no CSRF check, and a session or token read may be a kept one. */
export const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);
