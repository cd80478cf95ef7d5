import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type CDPSession, type Dialog, type Locator, type Page } from 'playwright-core';
import type { Role } from '@kernel/users/roles';
import { eventually } from './eventually';
import { startTestApp, type TestApp } from './testApp';
import { stoppedByTimeLimit } from './testTimeouts';
import { DEMO_PASSWORD } from '../../seeds/demo';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREENSHOTS = path.resolve(__dirname, '../../test-results/screenshots');

/**
 * Debian's Chromium, headless, with a fresh profile and no background traffic. Its pages' scripts
 * run in V8's interpreter and baseline compiler only (`--no-opt,--no-maglev`): a test's page lives
 * for seconds, and the optimising compilers spent more on compiling than they won back. A load of
 * /orders in a kept tab took 1.5 to 1.75 CPU-seconds of Chromium, against 2.0 to 2.4 with them,
 * and axe's run on it 0.6 against 1.0; the whole browser suite 1,007 s on three workers and
 * PostgreSQL, against 1,194 s (1,997 busy CPU-seconds of the machine against 2,343). What a
 * script does is the same in every tier.
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
      '--no-first-run', '--disable-sync', '--disable-quic', '--js-flags=--no-opt,--no-maglev'],
  });
}

/** What a page is unless a test says otherwise: light, without motion, 1366×860. */
const PAGE_DEFAULTS = { colorScheme: 'light', reducedMotion: 'reduce', width: 1366, height: 860 } as const;
type PageOptions = { colorScheme?: 'light' | 'dark'; width?: number; height?: number; reducedMotion?: 'reduce' | 'no-preference';
  /** The browser's time zone (an IANA name), else the machine's. */
  timezoneId?: string };

/**
 * The browser contexts of a browser kept between tests. In Chromium 156 each new context is a new
 * window whose omnibox WebUI alone costs ~1.7 s of CPU, and its first page load more than a load
 * in a context that has the app's scripts cached: a signed-in page load took 7.5 CPU-seconds in a
 * fresh context, 4.7 in a kept one. And a load in a new tab costs twice one in a tab that showed
 * the app before (2.0 against 0.8 CPU-seconds: a new renderer process parses and compiles the
 * app's scripts anew, and asks the network for each of them). So a context keeps one tab, the
 * page each test that takes the context is given. When the test ends, what it set on that page is
 * undone (its listeners, init scripts, routes and DevTools sessions, the media it emulated), the
 * tab is taken to a page of the app's origin without scripts (its process stays), its history and
 * session storage are emptied, the context's other tabs closed and its cookies and the app's
 * storage cleared: the next test starts signed out with nothing stored, as in a fresh context.
 * A tab the test closed, or that could not be brought back, is replaced by a new one.
 */
interface PooledContext {
  context: BrowserContext; origin: string; busy: boolean; clock?: number;
  /** The context's kept tab, and a DevTools session on it. */
  tab: Page; cdp: CDPSession;
  /** What the running test added to the tab: listeners are told by what was there before it. */
  listeners: Map<string | symbol, unknown[]>; initScripts: PageDisposable[]; sessions: CDPSession[];
}
type PageDisposable = Awaited<ReturnType<Page['addInitScript']>>;
/** Playwright's pages are event emitters, as their typings do not say. */
const emitter = (page: Page) => page as unknown as { eventNames(): (string | symbol)[]; rawListeners(name: string | symbol): unknown[];
  removeListener(name: string | symbol, listener: unknown): void };
const pools = new WeakMap<Browser, PooledContext[]>();
/** The instant the pages of the running file start their clock at, when it asked for one (useAppInBrowser). */
let fileClock: Date | undefined;
/** A page of the app's origin that runs no script, where a kept tab waits for the next test. */
const RESTING_PATH = '/favicon.svg';

async function takeContext(browser: Browser, baseURL: string): Promise<PooledContext> {
  const pool = pools.get(browser) ?? [];
  pools.set(browser, pool);
  const origin = new URL(baseURL).origin;
  const clock = fileClock;
  let pooled = pool.find((entry) => !entry.busy && entry.origin === origin && entry.clock === clock?.getTime());
  if (!pooled) {
    const context = await browser.newContext({ baseURL, colorScheme: PAGE_DEFAULTS.colorScheme, reducedMotion: PAGE_DEFAULTS.reducedMotion,
      viewport: { width: PAGE_DEFAULTS.width, height: PAGE_DEFAULTS.height } });
    // The tests are compiled by tsx, whose esbuild keeps function names: a function handed to a page
    // (addInitScript, evaluate) that names an inner one calls esbuild's __name helper, which the page
    // lacks. It keeps the name there too.
    await context.addInitScript(() => {
      (globalThis as { __name?: unknown }).__name ??= (target: unknown, value: string) =>
        Object.defineProperty(target, 'name', { value, configurable: true });
    });
    if (clock) await context.clock.install({ time: clock });
    const entry = { context, origin, busy: false, clock: clock?.getTime(), ...await keptTab(context) } as PooledContext;
    // A DevTools session a test opens on the kept tab (an emulated time zone, a virtual authenticator) is closed after it.
    const newCDPSession = context.newCDPSession.bind(context);
    context.newCDPSession = async (target) => {
      const session = await newCDPSession(target);
      if (target === entry.tab) entry.sessions.push(session);
      return session;
    };
    context.on('close', () => pool.splice(pool.indexOf(entry), 1));
    pool.push(entry);
    pooled = entry;
  }
  pooled.busy = true;
  return pooled;
}

/** A new kept tab for `context`, with the bookkeeping of what a test adds to it. */
async function keptTab(context: BrowserContext): Promise<Pick<PooledContext, 'tab' | 'cdp' | 'listeners' | 'initScripts' | 'sessions'>> {
  const tab = await context.newPage();
  const kept = { tab, cdp: await context.newCDPSession(tab), listeners: new Map(), initScripts: [] as PageDisposable[], sessions: [] };
  const addInitScript = tab.addInitScript.bind(tab) as (...args: unknown[]) => Promise<PageDisposable>;
  tab.addInitScript = (async (...args: unknown[]) => {
    const disposable = await addInitScript(...args);
    kept.initScripts.push(disposable);
    return disposable;
  }) as Page['addInitScript'];
  return kept;
}

/**
 * A page as in a fresh context: signed out, nothing stored. It asks for reduced motion unless told
 * otherwise: the app then shows dialogs and menus without transitions (theme.ts), so a test neither
 * waits for nor renders their frames. shell.test.ts keeps the default motion covered.
 */
export async function newPage(browser: Browser, baseURL: string, options: PageOptions = {}): Promise<Page> {
  const pooled = await takeContext(browser, baseURL);
  const page = pooled.tab;
  pooled.listeners = new Map(emitter(page).eventNames().map((name) => [name, emitter(page).rawListeners(name)]));
  const { colorScheme, reducedMotion, width, height, timezoneId } = { ...PAGE_DEFAULTS, ...options };
  await Promise.all([page.setViewportSize({ width, height }), page.emulateMedia({ media: null, colorScheme, reducedMotion }),
    // Playwright sets a time zone per context; Chromium keeps one per tab, so a pooled context's tab takes its own.
    timezoneId && pooled.context.newCDPSession(page).then((cdp) => cdp.send('Emulation.setTimezoneOverride', { timezoneId }))]);
  return page;
}

/** Gives back the context of `page` for the next test (its tabs closed, cookies and storage cleared); a context of its own is closed. */
export async function closePage(page: Page): Promise<void> {
  const pooled = pools.get(page.context().browser()!)?.find((entry) => entry.context === page.context());
  if (!pooled) return page.context().close();
  await releaseContext(pooled);
}

async function releaseContext(pooled: PooledContext): Promise<void> {
  if (!pooled.busy) return;
  const { context, tab } = pooled;
  await Promise.all(context.pages().filter((other) => other !== tab).map((other) => other.close()));
  if (!tab.isClosed()) await resetTab(pooled).catch(() => tab.close());
  if (tab.isClosed()) Object.assign(pooled, await keptTab(context));
  await context.clearCookies();
  await pooled.cdp.send('Storage.clearDataForOrigin', { origin: pooled.origin, storageTypes: 'local_storage,indexeddb,cache_storage,service_workers' });
  pooled.busy = false;
}

/** A new kept tab in place of the old one, opened first: the last tab of a context takes its window with it. */
async function renewTab(pooled: PooledContext): Promise<void> {
  const old = pooled.tab;
  Object.assign(pooled, await keptTab(pooled.context));
  await Promise.all([old.close(), pooled.cdp.send('Network.clearBrowserCache')]);
}

/** Undoes what a test set on the kept tab and leaves it at rest on the app's origin, with no history. */
async function resetTab({ tab, cdp, origin, listeners, initScripts, sessions }: PooledContext): Promise<void> {
  for (const name of emitter(tab).eventNames()) {
    const before = listeners.get(name) ?? [];
    for (const listener of emitter(tab).rawListeners(name)) if (!before.includes(listener)) emitter(tab).removeListener(name, listener);
  }
  await Promise.all([...initScripts.splice(0).map((script) => script.dispose()),
    ...sessions.splice(0).map((session) => session.detach().catch(() => undefined)), tab.unrouteAll({ behavior: 'ignoreErrors' })]);
  // A form with unsaved changes asks before the page goes: it goes.
  const leave = (dialog: Dialog) => dialog.type() === 'beforeunload' ? dialog.accept() : dialog.dismiss();
  tab.on('dialog', leave);
  try {
    await tab.goto(`${origin}${RESTING_PATH}`);
  } finally {
    tab.off('dialog', leave);
  }
  await Promise.all([tab.evaluate(() => sessionStorage.clear()), cdp.send('Page.resetNavigationHistory'), tab.mouse.move(0, 0)]);
}

/** Signs in through the login form and waits for the first page behind it. */
export async function signInWithForm(page: Page, role: Role, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/auth');
  const form = page.getByTestId('login-form');
  await form.locator('input[name=username]').fill(role);
  await form.locator('input[name=password]').fill(password);
  await form.locator('button[type=submit]').click();
  await page.waitForURL((url) => url.pathname !== '/auth');
  await page.locator('header').first().waitFor();
}

/**
 * Signs in through the API, in the page's own cookie jar (the form has tests of its own), and
 * opens `path` (the dashboard by default) in `language` (the app's default, Chinese, unless
 * said): one page load instead of the sign-in page, the dashboard and then the page under test.
 * The language is stored as the app stores a choice, only where none was made yet, so a switch
 * made later in the test holds across reloads.
 */
export async function signIn(page: Page, role: Role, { path = '/', language }: { path?: string; language?: 'cn' | 'en' } = {}): Promise<void> {
  const answer = await page.context().request.post('/api/login', { data: { username: role, password: DEMO_PASSWORD } });
  if (!answer.ok()) throw new Error(`sign-in as ${role}: ${answer.status()} ${await answer.text()}`);
  if (language) {
    await page.addInitScript((locale) => {
      const key = 'RaStorelogistics.locale';
      if (localStorage.getItem(key) === null) localStorage.setItem(key, JSON.stringify(locale));
    }, language);
  }
  await page.goto(path);
  await page.locator('header').first().waitFor();
}

/**
 * Opens `path` as a link inside the app does: the router shows it, without loading the page anew
 * (a load costs 15 times a route change here: 1.5 to 1.75 CPU-seconds of Chromium, launchBrowser's
 * figure, against ~0.1), and what the app has read stays cached as after a click. The screen of another page (its
 * path's first segment) is waited out, so what the caller looks for next is the new page's; within
 * a page (another record, another filter) the caller waits for what tells the new screen. A page
 * that does not show the app yet (a kept tab at rest, another origin) loads it. A route change
 * leaves without asking, as the history's back button does: a form with unsaved changes is left.
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  const inApp = await page.evaluate((to) => document.getElementById('root')?.hasChildNodes() === true
    && new URL(to, location.href).origin === location.origin, path);
  if (!inApp) {
    await page.goto(path);
    return;
  }
  const leaving = await page.evaluateHandle((to) => {
    const screen = new URL(to, location.href).pathname.split('/')[1] === location.pathname.split('/')[1] ? null
      : document.querySelector('.RaLayout-content')?.firstElementChild ?? null;
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
    return screen;
  }, path);
  if (leaving.asElement()) await page.waitForFunction((screen) => !screen?.isConnected, leaving);
  await leaving.dispose();
}

/**
 * Two frames on in the page: what the last click or navigation set in motion has rendered, and
 * the effects of that render (requests a mount starts) have run. For checking that nothing came.
 */
export async function twoFramesLater(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/**
 * Waits until the page's transitions and animations have run to their end: a fade-in caught at
 * half opacity fails a contrast check. Endless ones (spinners) are not waited for.
 */
export async function animationsDone(page: Page): Promise<void> {
  await page.evaluate(() => Promise.all(document.getAnimations()
    .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
    .map((animation) => animation.finished.catch(() => undefined))));
}

/** How many endless animations (a spinner, an indeterminate bar, shown or hidden) run on the page: animationsDone does not wait for them. */
export const endlessAnimations = (page: Page): Promise<number> => page.evaluate(() => document.getAnimations()
  .filter((animation) => animation.playState === 'running' && animation.effect?.getTiming().iterations === Infinity).length);

/** Whether a person asked for the pictures of the screens the tests pass through (SCREENSHOTS=1). */
export const SCREENSHOTS_WANTED = process.env.SCREENSHOTS === '1';

/**
 * A picture of the page for a person to look at, taken only when asked for (SCREENSHOTS=1): nothing
 * compares them, and a full page costs more than the checks around it. Animations are run to
 * their end first, so the picture shows the screen at rest without waiting for it.
 */
export async function screenshot(page: Page, name: string, { fullPage = true, always = false } = {}): Promise<void> {
  if (!always && !SCREENSHOTS_WANTED) return;
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage, animations: 'disabled' });
}

/** Pastes `text` at the focused element, as Ctrl+V from a spreadsheet does: a paste event carrying the clipboard's text. */
export const paste = (page: Page, text: string): Promise<void> => page.evaluate((block) => {
  const data = new DataTransfer();
  data.setData('text/plain', block);
  document.activeElement!.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
}, text);

/** Waits until `locator` matches `count` elements (playwright's `toHaveCount`). */
export const expectCount = (locator: Locator, count: number, timeout?: number): Promise<void> =>
  eventually(async () => { expect(await locator.count()).toBe(count); }, timeout);

/**
 * Checks that `locator` matches nothing once `rendered` shows: before the page has rendered
 * anything is absent, so an absence alone proves nothing.
 */
export async function expectAbsent(locator: Locator, rendered: Locator): Promise<void> {
  await rendered.first().waitFor();
  expect(await locator.count()).toBe(0);
}

/** Switches the UI language through the app bar's language menu ("中文" or "English"). */
export async function chooseLanguage(page: Page, name: string): Promise<void> {
  await page.locator('button[aria-haspopup]').filter({ hasText: /中文|English/ }).click();
  await page.getByRole('menuitem', { name }).click();
}

/** Opens a react-admin SelectInput by its field name and picks an option by its text. */
export async function selectOption(page: Page, source: string, option: string): Promise<void> {
  await page.locator(`.ra-input-${source} [role=combobox]`).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/**
 * The menu links shown in the sidebar, in order, once it shows any: they all come with the one
 * answer of the accessible pages, and before it the menu is empty, not short of a page.
 */
export async function menuLinks(page: Page): Promise<string[]> {
  const links = page.getByTestId('sidebar').locator('a[href]');
  await links.first().waitFor({ state: 'attached' });
  return links.evaluateAll(
    (links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
}

/**
 * The browser of this worker, and the port its files' apps listen on. The light runner keeps a
 * worker's modules from file to file, so its files share one browser: a file launching its own paid
 * for the launch, a new window for its context and a first page load in a new browser, ~2
 * CPU-seconds more than a page of a kept context (the whole browser suite: 1,146 CPU-seconds and
 * 581 s so, 1,008 and 518 s shared, on two cores). With the app of each file on the port of the one
 * before, its kept contexts serve the next file's app (a context's base URL holds the port). Each
 * file starts with their HTTP cache emptied: an answer the last app let a browser keep (the public
 * dashboard's figures, for a minute) would show another database's figures.
 */
let workerBrowser: Promise<Browser> | undefined;
let workerPort: number | undefined;
/** The worker's open pages but the kept tabs at rest: a running test's (failedPages.ts). */
export const openPages = async (): Promise<Page[]> => (workerBrowser ? (await workerBrowser).contexts() : [])
  .flatMap((context) => context.pages()).filter((page) => !page.url().endsWith(RESTING_PATH));

function sharedBrowser(): Promise<Browser> {
  // A browser that failed to start or has gone is launched anew for the next file.
  workerBrowser ??= launchBrowser().then((browser) => {
    browser.on('disconnected', () => { workerBrowser = undefined; });
    return browser;
  }, (error: unknown) => {
    workerBrowser = undefined;
    throw error;
  });
  return workerBrowser;
}

/**
 * The app on a fresh database and the worker's browser, shared by a test file's tests. With `clock`,
 * every page's clock starts at that instant and runs on from there (testClock.ts): its today, this
 * month and this year are the clock's, not the wall clock's.
 */
export function useAppInBrowser({ clock, ...options }: Parameters<typeof startTestApp>[0] & { clock?: Date } = {}):
  { app: TestApp; browser: Browser } {
  const env = {} as { app: TestApp; browser: Browser };
  // The first file of a run to ask for the sample company builds its database (over a minute on a busy machine).
  beforeAll(async () => {
    [env.app, env.browser] = await Promise.all([startTestApp({ port: workerPort, ...options }), sharedBrowser()]);
    const { port, origin } = new URL(env.app.url);
    workerPort = Number(port);
    fileClock = clock;
    // Contexts kept for an app whose port was taken since serve nothing now. The others forget the
    // answers the last file's app let them keep (the public dashboard's figures, for a minute), and
    // get a new tab: a kept tab's renderer grew from 300 to 420 MB over 48 loads of the sample company.
    await Promise.all((pools.get(env.browser) ?? []).filter((entry) => !entry.busy)
      .map((entry) => (entry.origin !== origin ? entry.context.close() : renewTab(entry))));
  }, options.sampleData ? 300_000 : undefined);
  // The pages a test opened go with it (the contexts taken before it, shared by a file's tests,
  // stay): left open, each would go on answering the live updates and polls of every later test.
  let before: { contexts: Set<BrowserContext>; taken: Set<PooledContext> } = { contexts: new Set(), taken: new Set() };
  beforeEach(() => {
    before = { contexts: new Set(env.browser.contexts()), taken: new Set((pools.get(env.browser) ?? []).filter((entry) => entry.busy)) };
  });
  afterEach(async () => {
    if (!env.browser) return;
    const pool = pools.get(env.browser) ?? [];
    // A test stopped by its time limit may still be running: its contexts go, and serve no other test.
    const taken = pool.filter((entry) => entry.busy && !before.taken.has(entry));
    await Promise.all(stoppedByTimeLimit() ? taken.map((entry) => entry.context.close()) : taken.map(releaseContext));
    const own = env.browser.contexts().filter((context) => !before.contexts.has(context) && !pool.some((entry) => entry.context === context));
    await Promise.all(own.map((context) => context.close()));
  });
  // The browser stays for the worker's next file; contexts on this file's clock go, as it would
  // have run on by then.
  afterAll(async () => {
    fileClock = undefined;
    await Promise.all((env.browser ? pools.get(env.browser) ?? [] : []).filter((entry) => entry.clock !== undefined)
      .map((entry) => entry.context.close()));
    await env.app?.close();
  });
  return env;
}
