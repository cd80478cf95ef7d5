/**
 * Browser benchmark (#38): what a person waits for in the admin, measured in Debian's Chromium
 * driven by playwright-core against the real server (`npm start`'s build, a process of its own) on
 * the benchmark database.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npx tsx bench/browser.ts
 *
 * (a) The pricing grid: a digit typed into a price being typed, at ROWS rows a page (default
 * 25,50,100), KEYS digits a load (default 30, each followed by an unmeasured Backspace so the price
 * stays short, and each after a pause that puts it anywhere within a frame), LOADS page loads a
 * size (default 3). Each key is timed from its keydown to the end of the paint of the frame that
 * shows it, in a trace of the page's main thread (devtools.timeline), and to the end of its
 * handlers; medians and p95 of all keys. Beside them FIRST_KEYS digits a load (default 5) that open
 * an order's price, and the same keys in an input alone on a blank page: the floor.
 * (b) The order list: from the navigation's start to the first data row painted, warm (the same tab
 * loaded again: scripts in the HTTP cache, WARM loads, default 7) and cold (a new browser context,
 * COLD loads, default 5), with the timeline of each load's API calls and scripts (Resource
 * Timing) and the long tasks before the first order request.
 * PROFILE=<dir> writes there a CPU profile of each grid size's keys (Chromium's profiler through
 * CDP; the functions with most self time are printed) and a performance trace of the first warm
 * load of the order list (DevTools' Performance panel opens it). A build without minifying names
 * them: `vite build --minify false` into ADMIN_DIST.
 * ONLY=grid or ONLY=orders runs one part; LABEL names the run in bench/results/browser.md (default
 * "latest"): a run replaces the section of its label and keeps the others, so a "before" run stays
 * beside an "after" one. ADMIN_DIST measures another build of the admin (built there when stale;
 * ADMIN_BUILD=no measures it as it is, e.g. a build of an earlier commit, which ADMIN_OF then names
 * in the results).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { startServer } from './benchServer';
import { benchDatabase, run } from './benchHarness';
import { DEMO_PASSWORD } from '../seeds/demo';

const ROWS = (process.env.ROWS ?? '25,50,100').split(',').map(Number);
const KEYS = Number(process.env.KEYS ?? 30);
const FIRST_KEYS = Number(process.env.FIRST_KEYS ?? 5);
const LOADS = Number(process.env.LOADS ?? 3);
const WARM = Number(process.env.WARM ?? 7);
const COLD = Number(process.env.COLD ?? 5);
const ONLY = process.env.ONLY;
const LABEL = process.env.LABEL ?? 'latest';
const PROFILE = process.env.PROFILE;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The screen of the e2e tests' pages. */
const VIEWPORT = { width: 1366, height: 860 };

const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;
};
const ms = (value: number) => `${Math.round(value)}`;

/**
 * Builds what the server serves and runs, each only when its sources changed (as `npm start` does);
 * with ADMIN_BUILD=no the admin of ADMIN_DIST is measured as it is (one built from an earlier commit).
 */
function buildIfStale(): void {
  const scripts = process.env.ADMIN_BUILD === 'no' ? ['api/buildIfStale.ts'] : ['admin/buildIfStale.ts', 'api/buildIfStale.ts'];
  for (const script of scripts) {
    const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(__dirname, '..', script)], { stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`${script} failed`);
  }
}

/** Debian's Chromium, headless, with a fresh profile (playwright makes one per launch) and no background traffic. */
const launch = () => chromium.launch({
  executablePath: CHROMIUM, headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
    '--no-first-run', '--disable-sync'],
});

/** A new context (an empty HTTP cache) signed in as the admin through the API, in its own cookie jar. */
async function signedInContext(browser: Browser, url: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: url, viewport: VIEWPORT, reducedMotion: 'reduce' });
  const answer = await context.request.post('/api/login', { data: { username: 'admin', password: DEMO_PASSWORD } });
  if (!answer.ok()) throw new Error(`sign-in: ${answer.status()} ${await answer.text()}`);
  return context;
}

/*
 * What runs in the page is written as source text: this file is checked as Node code, without the
 * DOM's types (tsconfig.api.json), and tsx would wrap a function's inner functions in a helper the
 * page does not have.
 */

/**
 * Waits until `expression` is truthy in the page, checked at each frame, and answers its value.
 * Not playwright's waitForFunction: a string there is run by eval, which the app's Content
 * Security Policy refuses.
 */
const waitInPage = <T>(page: Page, expression: string, timeout = 30_000) => page.evaluate(`new Promise((resolve, reject) => {
  const deadline = performance.now() + ${timeout};
  const poll = () => {
    const value = ${expression};
    if (value) resolve(value);
    else if (performance.now() > deadline) reject(new Error(${JSON.stringify(`timed out waiting for ${expression}`)}));
    else requestAnimationFrame(poll);
  };
  poll();
})`) as Promise<T>;

/** The page's quiet moment: two frames and a pause, so a measurement does not start on the tail of the last one. */
const settle = (page: Page, pause = 300) => page.evaluate(
  `new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, ${pause}))))`);

// ---------------------------------------------------------------------------------------------
// (a) The pricing grid

/**
 * Installed before the app's scripts: each key's time from its keydown to the task the first
 * animation frame after its input event queues, which runs once that frame is painted (the
 * benchmark waits for it before the next key), and to the end of its input event's handlers (a
 * listener on the window runs after React's, at the root, and after the render it flushes). A key
 * that changes nothing (no input event) is timed to the frame after its keyup. `window.__keyPaint`
 * holds the keys since the last read: [to the frame, to the handlers' end], in ms.
 */
const KEY_PAINT_PROBE = `
  window.__keyPaint = [];
  let started;
  const timeFrame = () => {
    const start = started;
    if (start === undefined) return;
    started = undefined;
    const handled = performance.now() - start;
    requestAnimationFrame(() => setTimeout(() => window.__keyPaint.push([performance.now() - start, handled]), 0));
  };
  document.addEventListener('keydown', (event) => { started = event.timeStamp; }, true);
  window.addEventListener('input', timeFrame);
  window.addEventListener('keyup', timeFrame);
`;

/** Waits for the times of the last key pressed: to the task after its frame, and to the end of its handlers. */
const nextKeyPaint = (page: Page) => waitInPage<[number, number]>(page, 'window.__keyPaint.length > 0 && window.__keyPaint.splice(0)[0]');

/** A CPU profile as Chromium's Profiler.stop answers it. */
interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number } }>;
  samples?: number[];
  timeDeltas?: number[];
}

/** Self time by function of a CPU profile, the `top` heaviest. */
function heaviestFunctions(profile: CpuProfile, top = 15): string[] {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  (profile.samples ?? []).forEach((id, index) => {
    const { functionName, url, lineNumber } = byNode.get(id)!.callFrame;
    const name = `${functionName || '(anonymous)'} ${url ? `${path.basename(url)}:${lineNumber + 1}` : ''}`.trim();
    self.set(name, (self.get(name) ?? 0) + (profile.timeDeltas?.[index] ?? 0) / 1000);
  });
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  return [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, top)
    .map(([name, time]) => `${time.toFixed(0).padStart(6)} ms ${(100 * time / total).toFixed(1).padStart(5)} %  ${name}`);
}

/**
 * The times of the keys of one load, in ms: from the keydown to the end of the main thread's paint
 * of the frame that shows it (Chromium's trace), to the task after that frame (the page's probe),
 * and to the end of the key's handlers.
 */
interface KeyTimes { paint: number[]; frame: number[]; handlers: number[] }
const keyTimes = (): KeyTimes => ({ paint: [], frame: [], handlers: [] });
const record = (times: KeyTimes, [frame, handlers]: [number, number]) => {
  times.frame.push(frame);
  times.handlers.push(handlers);
};

interface TraceEvent { name: string; ph: string; ts: number; dur?: number; pid: number; tid: number; args?: { data?: { type?: string } } }

/**
 * A pause before a measured key, 0 to 16 ms: a key pressed as soon as the last one is painted
 * would always come just after a frame and wait a whole one; a person's keys come anywhere in it.
 */
const phase = (n: number) => (n * 7) % 17;

/** What a key sets off in the page: its events until the next key's. */
const KEY_EVENTS = new Set(['keydown', 'keypress', 'beforeinput', 'textInput', 'input']);

/**
 * Each key's time, in a trace of the page's main thread (devtools.timeline), from its keydown's
 * dispatch to the end of the first paint after its handlers: what DevTools shows as the key's
 * interaction up to its next paint.
 */
function keysToPaint(trace: Buffer): number[] {
  const events = (JSON.parse(trace.toString()) as { traceEvents: TraceEvent[] }).traceEvents
    .filter((event) => event.ph === 'X' && (event.name === 'EventDispatch' || event.name === 'Paint'))
    .sort((a, b) => a.ts - b.ts);
  const keydowns = events.filter((event) => event.name === 'EventDispatch' && event.args?.data?.type === 'keydown');
  const thread = (event: TraceEvent) => `${event.pid}:${event.tid}`;
  return keydowns.flatMap((key, index) => {
    const next = keydowns[index + 1]?.ts ?? Infinity;
    const handled = Math.max(...events.filter((event) => thread(event) === thread(key) && event.ts >= key.ts && event.ts < next
      && event.name === 'EventDispatch' && KEY_EVENTS.has(event.args?.data?.type ?? '')).map((event) => event.ts + (event.dur ?? 0)));
    const paint = events.find((event) => event.name === 'Paint' && thread(event) === thread(key) && event.ts >= handled);
    return paint ? [(paint.ts + (paint.dur ?? 0) - key.ts) / 1000] : [];
  });
}

/** `work`, and the key-to-paint time of each key pressed during it, every `step`th from `first`. */
async function tracedKeys(page: Page, work: () => Promise<void>, first: number, step: number): Promise<number[]> {
  const browser = page.context().browser()!;
  await browser.startTracing(page, { categories: ['devtools.timeline'] });
  await work();
  return keysToPaint(await browser.stopTracing()).filter((_, index) => index >= first && (index - first) % step === 0);
}

/** `work`, with a CPU profile of the page during it written to PROFILE/<name>.cpuprofile when a name is given. */
async function profiled(page: Page, name: string | undefined, work: () => Promise<void>): Promise<void> {
  if (!name || !PROFILE) return work();
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  await work();
  const { profile } = await cdp.send('Profiler.stop');
  await cdp.detach();
  fs.mkdirSync(PROFILE, { recursive: true });
  fs.writeFileSync(path.join(PROFILE, `${name}.cpuprofile`), JSON.stringify(profile));
  console.log(`  CPU profile, ${name} (self time):\n${heaviestFunctions(profile).map((line) => `    ${line}`).join('\n')}`);
}

/**
 * Opens pricing management at `rows` rows a page and types into the first order's first price:
 * KEYS digits, each followed by an unmeasured Backspace (the price stays "5" and then some, so
 * the order stays edited with something typed, as while a price is typed), then FIRST_KEYS times
 * Escape and a digit that opens the price again (the first key of an order).
 */
async function timeGridLoad(context: BrowserContext, rows: number, profileAs?: string): Promise<{ keys: KeyTimes; firstKeys: KeyTimes }> {
  const page = await context.newPage();
  await page.addInitScript(KEY_PAINT_PROBE);
  await page.goto(`/pricing-management?perPage=${rows}&page=1`);
  await waitInPage(page, `document.querySelectorAll('[role=grid] [data-testid=pricing-mtm]').length === ${rows}`, 60_000);
  await page.locator('[role=grid] tbody tr').first().locator('td.column-basePurchasePrice').click();
  await settle(page);
  const press = async (key: string, pause = 0) => {
    await page.waitForTimeout(pause);
    await page.keyboard.press(key);
    return nextKeyPaint(page);
  };
  // A digit on the focused price opens it with that digit typed.
  await press('5');
  await waitInPage(page, `document.activeElement?.getAttribute('name') === 'basePurchasePrice'`);
  // A few keys first: the first ones of a page compile and warm the handlers.
  for (let n = 0; n < 5; n += 1) {
    await press(String(n));
    await press('Backspace');
  }
  const keys = keyTimes();
  await profiled(page, profileAs && `${profileAs}-keys`, async () => {
    keys.paint = await tracedKeys(page, async () => {
      for (let n = 0; n < KEYS; n += 1) {
        record(keys, await press(String((n * 7) % 10), phase(n)));
        await press('Backspace');
      }
    }, 0, 2);
  });
  const firstKeys = keyTimes();
  await profiled(page, profileAs && `${profileAs}-first-keys`, async () => {
    firstKeys.paint = await tracedKeys(page, async () => {
      for (let n = 0; n < FIRST_KEYS; n += 1) {
        // Escape drops what was typed and leaves the focus on the cell; a digit there opens the price again.
        await press('Escape');
        await settle(page, 100);
        record(firstKeys, await press(String(n % 10), phase(n)));
      }
    }, 1, 2);
  });
  await press('Escape');
  await page.close();
  return { keys, firstKeys };
}

/**
 * The same keys in an input alone on a blank page: what each way of timing gives when a key costs
 * next to nothing, the floor under the grid's figures.
 */
async function timeFloor(browser: Browser): Promise<KeyTimes> {
  const page = await browser.newPage();
  await page.addInitScript(KEY_PAINT_PROBE);
  await page.goto('data:text/html,<input name=price>');
  await page.click('input');
  const times = keyTimes();
  for (let n = 0; n < 5; n += 1) {
    await page.keyboard.press(String(n));
    await nextKeyPaint(page);
  }
  times.paint = await tracedKeys(page, async () => {
    for (let n = 0; n < KEYS; n += 1) {
      await page.waitForTimeout(phase(n));
      await page.keyboard.press(String(n % 10));
      record(times, await nextKeyPaint(page));
      await page.keyboard.press('Backspace');
      await nextKeyPaint(page);
    }
  }, 0, 2);
  await page.close();
  return times;
}

interface GridFigures { rows: number; keys: KeyTimes; firstKeys: KeyTimes; loadMedians: number[] }

async function timeGrid(browser: Browser, url: string): Promise<{ floor: KeyTimes; sizes: GridFigures[] }> {
  const floor = await timeFloor(browser);
  console.log(`an input on a blank page: key to paint median ${ms(percentile(floor.paint, 0.5))} ms, frame probe ${ms(percentile(floor.frame, 0.5))} ms`);
  const context = await signedInContext(browser, url);
  const sizes: GridFigures[] = [];
  for (const rows of ROWS) {
    const figure: GridFigures = { rows, keys: keyTimes(), firstKeys: keyTimes(), loadMedians: [] };
    for (let load = 0; load < LOADS; load += 1) {
      const { keys, firstKeys } = await timeGridLoad(context, rows, PROFILE && load === LOADS - 1 ? `grid-${rows}` : undefined);
      for (const [all, one] of [[figure.keys, keys], [figure.firstKeys, firstKeys]]) {
        all.paint.push(...one.paint);
        all.frame.push(...one.frame);
        all.handlers.push(...one.handlers);
      }
      figure.loadMedians.push(percentile(keys.paint, 0.5));
      console.log(`pricing grid, ${rows} rows, load ${load + 1}: key to paint median ${ms(percentile(keys.paint, 0.5))} ms, ` +
        `p95 ${ms(percentile(keys.paint, 0.95))} ms, handlers ${percentile(keys.handlers, 0.5).toFixed(1)} ms, ` +
        `frame probe ${ms(percentile(keys.frame, 0.5))} ms; first key of an order: median ${ms(percentile(firstKeys.paint, 0.5))} ms`);
    }
    sizes.push(figure);
  }
  await context.close();
  return { floor, sizes };
}

// ---------------------------------------------------------------------------------------------
// (b) The order list

/**
 * Installed before the app's scripts: the time the first data row of the list is painted (a row's
 * MTM cell with text, then a task after the next frame), `window.__rowsAt` in ms from the
 * navigation's start, and the load's long tasks, `window.__longTasks` as [start, duration].
 */
const FIRST_ROW_PROBE = `
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__longTasks.push([entry.startTime, entry.duration]);
  }).observe({ type: 'longtask', buffered: true });
  const seen = () => [...document.querySelectorAll('td.column-mtmNumber')].some((cell) => cell.textContent.trim());
  const observer = new MutationObserver(() => {
    if (!seen()) return;
    observer.disconnect();
    requestAnimationFrame(() => setTimeout(() => { window.__rowsAt = performance.now(); }, 0));
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
`;

interface Call { name: string; start: number; end: number }
interface ListLoad { rowsAt: number; calls: Call[]; scripts: Call[]; longTasksBeforeList: number; firstListCall: number }

/** Loads /orders in `page` and waits for its first row: when it painted, and its calls. */
async function loadOrderList(page: Page): Promise<ListLoad> {
  await page.goto('/orders', { waitUntil: 'commit' });
  await waitInPage(page, 'window.__rowsAt !== undefined', 60_000);
  // The calls that answer after the rows (references, counts) finish too.
  await page.waitForLoadState('networkidle').catch(() => undefined);
  const { rowsAt, resources, longTasks } = await page.evaluate(`({
    rowsAt: window.__rowsAt,
    longTasks: window.__longTasks,
    resources: performance.getEntriesByType('resource')
      .map((timing) => ({ name: timing.name, start: timing.startTime, end: timing.responseEnd })),
  })`) as { rowsAt: number; resources: Call[]; longTasks: Array<[number, number]> };
  const relative = ({ name, start, end }: Call) => {
    const { pathname, search } = new URL(name);
    return { name: decodeURIComponent(pathname + search), start, end };
  };
  const calls = resources.filter((r) => new URL(r.name).pathname.startsWith('/api/')).map(relative);
  const scripts = resources.filter((r) => /\/assets\/.+\.js$/.test(new URL(r.name).pathname)).map(relative);
  const firstListCall = calls.find((call) => call.name.startsWith('/api/orders?'))?.start ?? NaN;
  const longTasksBeforeList = longTasks.filter(([start]) => start < firstListCall)
    .reduce((sum, [start, duration]) => sum + Math.min(duration, firstListCall - start), 0);
  return { rowsAt, calls, scripts, longTasksBeforeList, firstListCall };
}

interface ListFigures { cold: ListLoad[]; warm: ListLoad[] }

/** What a performance trace of a load records (as DevTools' Performance panel does): the main thread's tasks and a CPU profile. */
const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute',
  'disabled-by-default-v8.cpu_profiler', 'blink.user_timing', 'loading'];

async function timeOrderList(browser: Browser, url: string): Promise<ListFigures> {
  const cold: ListLoad[] = [];
  const warm: ListLoad[] = [];
  for (let n = 0; n < Math.max(COLD, 1); n += 1) {
    const context = await signedInContext(browser, url);
    await context.addInitScript(FIRST_ROW_PROBE);
    const page = await context.newPage();
    // A new context's window costs the browser a second or two of its own: not the app's.
    await page.goto('about:blank');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const load = await loadOrderList(page);
    if (n < COLD) cold.push(load);
    console.log(`order list, cold ${n + 1}: rows at ${ms(load.rowsAt)} ms, first order call at ${ms(load.firstListCall)} ms`);
    // The same tab again: the scripts are in its HTTP cache.
    if (n === 0) {
      for (let visit = 0; visit < WARM; visit += 1) {
        await settle(page, 500);
        const traced = PROFILE && visit === 0;
        if (traced) {
          fs.mkdirSync(PROFILE, { recursive: true });
          await browser.startTracing(page, { path: path.join(PROFILE, 'order-list-warm.trace.json'), categories: TRACE_CATEGORIES });
        }
        const again = await loadOrderList(page);
        if (traced) await browser.stopTracing();
        warm.push(again);
        console.log(`order list, warm ${visit + 1}: rows at ${ms(again.rowsAt)} ms, first order call at ${ms(again.firstListCall)} ms`);
      }
    }
    await context.close();
  }
  return { cold, warm };
}

/**
 * The scripts of a load as time line entries: the app's entry and the order list's own file by
 * name, the others (its shared files, fetched with it) as one entry from the first start to the
 * last end.
 */
function scriptEntries(scripts: Call[]): Call[] {
  const named = (call: Call) => /^(index|OrderList)-/.test(path.basename(call.name));
  const others = scripts.filter((call) => !named(call));
  return [...scripts.filter(named).map((call) => ({ ...call, name: path.basename(call.name) })),
    ...(others.length > 0 ? [{ name: `${others.length} other script files`, start: Math.min(...others.map((call) => call.start)),
      end: Math.max(...others.map((call) => call.end)) }] : [])];
}

/** A load's calls and scripts on one time line: each a bar from its start to its end, 10 ms a character. */
function timeline(load: ListLoad): string[] {
  const entries = [...scriptEntries(load.scripts), ...load.calls].sort((a, b) => a.start - b.start);
  const width = Math.min(Math.max(...entries.map((e) => e.name.length), 17), 70);
  const lines = entries.map(({ name, start, end }) => {
    const bar = `${' '.repeat(Math.round(start / 10))}${'█'.repeat(Math.max(1, Math.round((end - start) / 10)))}`;
    return `${name.slice(0, 70).padEnd(width)} ${ms(start).padStart(5)} –${ms(end).padStart(5)}  ${bar}`;
  });
  lines.push(`${'first row painted'.padEnd(width)} ${ms(load.rowsAt).padStart(5)}         ${' '.repeat(Math.round(load.rowsAt / 10))}▲`);
  return lines;
}

/** The load whose rows came at the median time. */
const medianLoad = (loads: ListLoad[]) => [...loads].sort((a, b) => a.rowsAt - b.rowsAt)[Math.floor(loads.length / 2)];

// ---------------------------------------------------------------------------------------------
// Results

function commitOf(): string {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: __dirname, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--', '../admin/src'], { cwd: __dirname, encoding: 'utf8' }).trim();
    return dirty ? `${head} with uncommitted admin changes` : head;
  } catch {
    return 'unknown';
  }
}

function section(grid: { floor: KeyTimes; sizes: GridFigures[] } | undefined, list: ListFigures | undefined, about: string[]): string {
  const lines = [`## ${LABEL}`, '', ...about, ''];
  if (grid) {
    const { floor, sizes } = grid;
    const tenth = (value: number) => value.toFixed(1);
    lines.push('### Pricing grid: key to paint', '',
      `A digit typed into the first order's first price while it is typed, ${KEYS} keys a load, ${LOADS} loads a size. ` +
      'Key to paint: from the keydown\'s dispatch to the end of the main thread\'s paint of the frame that shows the ' +
      'key (Chromium\'s trace). Handlers: from the keydown to the end of its input event\'s handlers (the app\'s ' +
      'script: React\'s render and commit). Frame probe: from the keydown to a task queued by the first animation ' +
      `frame after it, as the page itself can time it. First key: the digit that opens the price (${FIRST_KEYS} a ` +
      `load), which redraws two rows. In ms; a frame is 16.7 ms. An input alone on a blank page: key to paint ` +
      `${tenth(percentile(floor.paint, 0.5))}, handlers ${tenth(percentile(floor.handlers, 0.5))}, frame probe ` +
      `${ms(percentile(floor.frame, 0.5))} (medians: the floor of each timing).`, '',
      '| rows | key to paint: median | p95 | max | median of each load | handlers: median | p95 | frame probe: median | first key: median | p95 |',
      '|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|');
    for (const { rows, keys, firstKeys, loadMedians } of sizes) {
      lines.push(`| ${rows} | ${tenth(percentile(keys.paint, 0.5))} | ${tenth(percentile(keys.paint, 0.95))} | ${tenth(Math.max(...keys.paint))} | ` +
        `${loadMedians.map(tenth).join(', ')} | ${tenth(percentile(keys.handlers, 0.5))} | ${tenth(percentile(keys.handlers, 0.95))} | ` +
        `${ms(percentile(keys.frame, 0.5))} | ${ms(percentile(firstKeys.paint, 0.5))} | ${ms(percentile(firstKeys.paint, 0.95))} |`);
    }
    lines.push('');
  }
  if (list) {
    const row = (label: string, loads: ListLoad[]) => {
      const rows = loads.map((l) => l.rowsAt);
      const first = loads.map((l) => l.firstListCall);
      const busy = loads.map((l) => l.longTasksBeforeList);
      return `| ${label} | ${loads.length} | ${ms(percentile(rows, 0.5))} | ${ms(Math.min(...rows))}–${ms(Math.max(...rows))} | ${ms(percentile(first, 0.5))} | ${ms(percentile(busy, 0.5))} |`;
    };
    lines.push('### Order list: navigation to the first row painted', '',
      '| cache | loads | rows painted, median | range | first /api/orders call, median | long tasks before it, median |',
      '|---|---:|---:|---:|---:|---:|', row('warm (same tab again)', list.warm), row('cold (new context)', list.cold), '',
      'The median warm load, its API calls and scripts (ms from the navigation\'s start; Resource Timing, 10 ms a character):', '',
      '```', ...timeline(medianLoad(list.warm)), '```', '', 'The median cold load:', '', '```', ...timeline(medianLoad(list.cold)), '```', '');
  }
  return lines.join('\n');
}

const HEADER = `# Browser: the pricing grid's keystrokes and the order list's first rows (#38)

Written by \`bench/browser.ts\` (see bench/README.md). Each run is a section named by its LABEL;
a run replaces its own section and keeps the others.
`;

/** Writes the run's section into bench/results/browser.md, in place of an earlier one of the same label. */
function writeSection(text: string): void {
  const file = path.join(__dirname, 'results/browser.md');
  const old = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : HEADER;
  const start = `<!-- run:${LABEL} -->`;
  const end = `<!-- /run:${LABEL} -->`;
  const block = `${start}\n${text}\n${end}`;
  const from = old.indexOf(start);
  const next = from >= 0 ? `${old.slice(0, from)}${block}${old.slice(old.indexOf(end) + end.length)}` : `${old.trimEnd()}\n\n${block}\n`;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, next);
}

run(async () => {
  buildIfStale();
  const { db, total, version } = await benchDatabase();
  await db.destroy();
  // Its request log goes to a pipe that startServer drains (it waits for the listening line, an info one).
  const server = await startServer();
  const browser = await launch();
  const loadBefore = os.loadavg();
  try {
    const grid = ONLY === 'orders' ? undefined : await timeGrid(browser, server.url);
    const list = ONLY === 'grid' ? undefined : await timeOrderList(browser, server.url);
    const loadAfter = os.loadavg();
    const about = [
      `${new Date().toISOString().slice(0, 10)}, admin of ${process.env.ADMIN_OF ?? commitOf()}; ` +
      `${total.toLocaleString('en')} orders, PostgreSQL ${version}; Chromium ${browser.version()} headless; ` +
      `${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}) shared with other work, load average ` +
      `${loadBefore.map((l) => l.toFixed(1)).join(' ')} before, ${loadAfter.map((l) => l.toFixed(1)).join(' ')} after.`,
      '',
      `\`BENCH_DATABASE_URL=${process.env.BENCH_DATABASE_URL ?? '(default)'} ORDERS=${process.env.ORDERS ?? '(default)'} ` +
      `LABEL=${LABEL}${ONLY ? ` ONLY=${ONLY}` : ''}${process.env.ADMIN_BUILD === 'no' ? ` ADMIN_BUILD=no ADMIN_DIST=${process.env.ADMIN_DIST}` : ''} ` +
      'npx tsx bench/browser.ts`',
    ];
    const text = section(grid, list, about);
    console.log(`\n${text}`);
    writeSection(text);
  } finally {
    await browser.close();
    await server.stop();
  }
});
