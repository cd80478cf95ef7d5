/**
 * Looks at `check` every 10 ms until it gives a value (not undefined), and answers that value; past
 * `ms` (default 5 s) fails with `what` and what was seen last. For what the server does after it has
 * answered (a log line, a counter), which no answer can be awaited for.
 */
export async function until<T>(check: () => T | undefined | Promise<T | undefined>, what: () => string,
  ms = 5_000): Promise<T> {
  for (const started = Date.now(); ;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() - started > ms) throw new Error(`${what()} not seen within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
