import type { Page } from 'playwright-core';

/*
 * What a walk through the app's pages needs besides opening each in the running app (openInApp in
 * browser.ts): waiting until a page is quiet, and finding text that is neither data nor in the
 * page's language. The route walk (test/e2e/routeWalk.test.ts) uses them all.
 */

/** How many of the page's requests are under way, counted from now on. */
export function requestsInFlight(page: Page): () => number {
  let inFlight = 0;
  // The live event stream stays open for as long as the page: it is never "in flight".
  const counted = (request: { url: () => string }) => !request.url().endsWith('/api/events');
  page.on('request', (request) => { if (counted(request)) inFlight += 1; });
  page.on('requestfinished', (request) => { if (counted(request)) inFlight -= 1; });
  page.on('requestfailed', (request) => { if (counted(request)) inFlight -= 1; });
  return () => inFlight;
}

/** How long a page stays without requests and spinners before it counts as done. */
const QUIET_MS = 250;

/**
 * Waits until no request is under way and no spinner shows, for a quiet moment. A walk looks at
 * whatever a page shows, so there is no one element to wait for: the page is done when it is quiet
 * (an answer may lead to another request, hence the moment).
 */
export async function settle(page: Page, inFlight: () => number): Promise<void> {
  const deadline = Date.now() + 15_000;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    // A progress bar with a value is a figure (a completion rate), not a spinner.
    const busy = inFlight() > 0
      || await page.locator('[role=progressbar]:not([aria-valuenow]):visible, .MuiSkeleton-root:visible').count() > 0;
    if (busy) quietSince = Date.now();
    else if (Date.now() - quietSince >= QUIET_MS) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const CJK = /[\u3400-\u9fff]/;
const RAW_KEY = /(?:^|\s)([a-z][a-z0-9_]*(?:\.[a-z_][a-z0-9_]*)+)(?=\s|$)/;
const LATIN_PHRASE = /[A-Za-z]{2,}[\s,.'’-]+[A-Za-z]{2,}/;

const squeezedOnce = new WeakMap<readonly string[], string>();

/**
 * The data without its white space, each value ended by a NUL (which no line holds, so a piece
 * found is inside one value): one string to search rather than thousands, worked out once per walk.
 */
function squeezedData(data: readonly string[]): string {
  let squeezed = squeezedOnce.get(data);
  if (squeezed === undefined) squeezedOnce.set(data, squeezed = data.map((value) => `${value.replace(/\s+/g, '')}\0`).join(''));
  return squeezed;
}

/** What a page shows that is not data and not in its language: raw keys anywhere, English phrases in Chinese. */
export function foreignTexts(text: string, data: readonly string[], language: 'cn' | 'en'): string[] {
  // A chart wraps a long name over several lines: such a piece is data too.
  const squeezed = squeezedData(data);
  const isDataPiece = (line: string) => squeezed.includes(line.replace(/\s+/g, ''));
  // The whole demo company is thousands of texts: each is looked for before it is cut out.
  const withoutData = (line: string) => data.reduce((rest, value) => (rest.includes(value) ? rest.split(value).join(' ') : rest), line).trim();
  return text.split('\n').map((line) => line.trim()).filter((line) => line && !isDataPiece(line))
    .map(withoutData).filter((line) => line && (RAW_KEY.test(line)
      || (language === 'cn' && !CJK.test(line) && LATIN_PHRASE.test(line))));
}
