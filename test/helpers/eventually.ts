/**
 * Retries a check until it holds, then answers what it answered; after `timeout` ms it fails with
 * the last failure. The one wait of the tests for what comes a moment after the action that causes
 * it and cannot be awaited: a render of the page, a log line or a counter the server writes after
 * its answer, a change another connection makes. It is playwright's auto-waiting `expect` for any
 * check: write the check as the expectation that must come true. It looks again soon at first,
 * then less often, but never waits more than a tenth of `timeout` between two looks.
 */
export async function eventually<T>(check: () => T | Promise<T>, timeout = 10_000): Promise<T> {
  const deadline = Date.now() + timeout;
  for (let pause = 20; ; pause = Math.min(pause * 2, 200, timeout / 10)) {
    try {
      return await check();
    } catch (failure) {
      if (Date.now() + pause > deadline) throw failure;
    }
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
}
