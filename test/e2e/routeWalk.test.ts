import fs from 'node:fs';
import type { AxeResults } from 'axe-core';
import type { Knex } from 'knex';
import type { Page } from 'playwright-core';
import { ORDER_STATUSES } from '@kernel/orders/statusFlow';
import { closePage, newPage, openInApp, screenshot, signIn, useAppInBrowser } from '../helpers/browser';
import { signedInAs } from '../helpers/httpClient';
import { foreignTexts, requestsInFlight, settle } from '../helpers/routeWalk';

/*
 * Every route at a desktop and a phone size in each language, on the whole demo company: the page
 * never scrolls sideways, and shows no raw message key nor (in Chinese) English outside the data;
 * in the light and the dark theme, the public pages signed out, every route (with the app bar's
 * unread count) and the skip link the first Tab shows have no accessibility finding (WCAG 2.1
 * A/AA, axe-core) of any impact: every rule in the theme a page opens in, the colour rules in the other.
 *
 * One file for both languages, in full here: jest runs the largest files first when it has no
 * timings (a clean CI), and the walks, the suite's longest, ran last as two 3-line files.
 */

/**
 * Every route of the route table (docs/routes-and-pages.md#route-table) and the resource screens
 * behind them, as the admin sees them.
 */
async function routes(db: Knex): Promise<string[]> {
  const order = await db('orders').whereNull('deletedAt').orderBy('id', 'desc').first('id');
  const user = await db('users').where({ username: 'team_leader' }).first('id');
  const supplier = await db('suppliers').whereNull('deletedAt').first('id');
  const rateCard = await db('rateCards').whereNull('deletedAt').first('id');
  const webhook = await db('webhooks').whereNull('deletedAt').orderBy('id').first('id');
  // The order's public tracking page, by a link of the walk's own.
  const tracking = 'routeWalkTrackingLink0';
  await db('trackingLinks').insert({ orderId: order.id, token: tracking }).onConflict('orderId').merge();
  return [
    '/', '/orders', `/orders/${order.id}`, '/new-order', '/batch-modification', '/rate-cards', '/rate-cards/create',
    `/rate-cards/${rateCard.id}`, '/notification-settings', '/suppliers', '/suppliers/create',
    `/suppliers/${supplier.id}`, '/vehicle-types', '/warehouses', '/delivery-areas', '/users', '/users/create',
    `/users/${user.id}/edit`, '/translations', '/translation-import', '/activity-logs', '/pricing-management',
    '/permissions', '/trash', '/reports', '/reports/daily', '/reports/weekly', '/reports/monthly', '/reports/trend',
    '/reports/billings', '/reports/process-monitoring', '/reports/old-reports', '/permission-denied-demo',
    '/mail-outbox', '/api-tokens', '/api-tokens/create', '/webhooks', '/webhooks/create', `/webhooks/${webhook.id}`,
    '/no-such-page', '/monitoring-dashboard', `/t/${tracking}`,
  ];
}

/** Texts the database holds (names, addresses, notes…): data, in whatever language it was typed. */
async function dataTexts(db: Knex): Promise<string[]> {
  const columns: Record<string, string[]> = {
    suppliers: ['name', 'shortName', 'contactPerson', 'contactEmail', 'website', 'address'],
    warehouses: ['code', 'name', 'address', 'contactPerson'],
    vehicleTypes: ['code', 'name', 'description'],
    deliveryAreas: ['code', 'name', 'region', 'description'],
    users: ['username', 'firstName', 'lastName', 'email'],
    orders: ['mtmNumber', 'dnNumber', 'notes'],
    orderAttachments: ['fileName'],
    savedFilters: ['name'],
    activityLogs: ['userAgent'],
    // A webhook's endpoint, and what a receiver answered.
    webhooks: ['url'],
    webhookDeliveries: ['lastError'],
    // The translations screen lists the entries themselves, in both languages.
    translations: ['namespace', 'key', 'zh', 'en', 'description'],
  };
  const texts = new Set<string>();
  for (const [table, names] of Object.entries(columns)) {
    for (const row of await db(table).select(names)) {
      for (const value of Object.values(row)) if (typeof value === 'string' && value.trim()) texts.add(value.trim());
    }
  }
  return [...texts].sort((a, b) => b.length - a.length);
}


/** The page's visible text, less code samples (file formats, which are the same in every language). */
const visibleText = (page: Page) => page.evaluate(() => {
  const style = document.createElement('style');
  style.textContent = 'code, pre { display: none !important; }';
  document.head.append(style);
  const text = document.body.innerText;
  style.remove();
  return text;
});

const AXE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.1 level A and AA, the rules the audit ran. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** The pages anyone opens without signing in. */
const PUBLIC_PAGES = ['/auth', '/monitoring-dashboard'];

/**
 * The rules whose outcome a theme can change: the rest look at the markup, which is the same in
 * both, so a page's second theme is checked by these alone (axe is most of a walk's time).
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * The findings of every impact, minor ones too, on the page (or in `include`) as it shows now, of
 * the WCAG rules or of `rules` only: 'path rule-id (impact) ×count: the first few elements'.
 */
async function axeFindings(page: Page, where: string, include?: string, rules?: string[]): Promise<string[]> {
  // Evaluated rather than added as a script tag, which the app's Content-Security-Policy refuses.
  if (!await page.evaluate(() => 'axe' in window)) await page.evaluate(AXE);
  const runOnly = rules ? { type: 'rule', values: rules } : { type: 'tag', values: AXE_TAGS };
  const results = await page.evaluate(([only, selector]) => (window as unknown as { axe: { run: (context: object,
    options: object) => Promise<AxeResults> } }).axe.run(selector ? { include: [[selector]] } : document,
  { runOnly: only, resultTypes: ['violations'] }), [runOnly, include] as const);
  return results.violations.map((v) => `${where} ${v.id} (${v.impact}) ×${v.nodes.length}: ${v.nodes.slice(0, 3).map((node) => node.target.join(' ')).join(', ')}`);
}

/**
 * The axe findings of a settled page. A screen caught mid-transition (a fade at half opacity, a
 * spinner about to go) is looked at again once quiet anew: what still shows then counts.
 */
async function quietAxeFindings(page: Page, where: string, inFlight: () => number, rules?: string[]): Promise<string[]> {
  if ((await axeFindings(page, where, undefined, rules)).length === 0) return [];
  await settle(page, inFlight);
  return axeFindings(page, where, undefined, rules);
}

type ColorScheme = 'light' | 'dark';
const otherScheme = (scheme: ColorScheme): ColorScheme => (scheme === 'light' ? 'dark' : 'light');

/**
 * Turns the system's theme to `scheme`, which the app follows by default, and waits for the app
 * to show it (the page's background dark or light): the page stays where it is, so each page of a
 * walk is opened once for both themes.
 */
async function showIn(page: Page, scheme: ColorScheme): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  await page.waitForFunction((dark) => {
    const [red, green, blue] = (getComputedStyle(document.body).backgroundColor.match(/\d+/g) ?? []).map(Number);
    return (red + green + blue < 384) === dark;
  }, scheme === 'dark');
}

/**
 * Two webhooks made as an admin makes them, the second paused by its failures, and a delivery of
 * each status in the first one's log (the walk opens its page), for the chips' contrast.
 */
async function webhooksWithDeliveries(db: Knex, url: string, orderId: number): Promise<void> {
  const admin = await signedInAs(url, 'admin');
  const { id } = await admin.create('/api/webhooks', { url: 'https://erp.example.com/hooks/orders',
    events: ['order.created', 'order.status_changed', 'order.completed'] });
  const paused = await admin.create('/api/webhooks', { url: 'https://tms.example.net/webhook', events: ['order.updated'] });
  await db('webhooks').where({ id: paused.id }).update({ active: false, pausedAt: new Date(), failingSince: new Date(Date.now() - 3 * 86_400_000) });
  const body = JSON.stringify({ type: 'order.created', data: { order: { id: orderId } } });
  const lastAttemptAt = new Date();
  await db('webhookDeliveries').insert([
    { webhookId: id, eventType: 'order.created', orderId, status: 'delivered', attempts: 1, responseStatus: 200, durationMs: 84,
      lastAttemptAt, deliveredAt: lastAttemptAt, body },
    { webhookId: id, eventType: 'order.status_changed', orderId, status: 'failed', attempts: 9, responseStatus: 500, durationMs: 212,
      lastAttemptAt, lastError: 'HTTP 500: upstream unavailable', body },
    { webhookId: id, eventType: 'order.completed', orderId, status: 'skipped', lastError: 'not_visible' },
    { webhookId: id, eventType: 'order.completed', orderId, status: 'sending', attempts: 1, lastAttemptAt, body },
    { webhookId: id, eventType: 'order.created', orderId, status: 'pending' },
  ]);
}

/** The sizes each language is walked at: a desktop and a phone, each in the light and the dark theme. */
const SIZES = [{ width: 1440, height: 900 }, { width: 390, height: 844 }] as const;

const env = useAppInBrowser({ sampleData: true });

/**
 * A status chip of each colour on the order list's first page, for the contrast check: the demo
 * company's newest orders are in a few statuses only. Old completed orders are moved to the top,
 * one per status; the newest order, whose page the walk opens, stays as it is. The admin has
 * unread notifications, so the app bar's bell shows its count on every page. The demo company has
 * no webhooks: the walk makes two, with a log (webhooksWithDeliveries).
 */
beforeAll(async () => {
  const old = await env.app.db('orders').whereNull('deletedAt').where({ status: 'completed' })
    .orderBy('createdAt').limit(ORDER_STATUSES.length).pluck('id');
  const now = Date.now();
  for (const [index, status] of ORDER_STATUSES.entries()) {
    await env.app.db('orders').where({ id: old[index] }).update({ status, createdAt: new Date(now - index * 1000) });
  }
  const admin = await env.app.db('users').where({ username: 'admin' }).first('id');
  await env.app.db('notifications').insert(old.map((orderId) => ({ userId: admin.id, kind: 'late_mos', orderId })));
  await webhooksWithDeliveries(env.app.db, env.app.url, old[0]);
});

/** The problems one size's walk finds, its page closed after. */
const walkAt = async (language: 'cn' | 'en', size: typeof SIZES[number], paths: string[], data: string[]): Promise<string[]> => {
  let scheme: ColorScheme = 'light';
  const page = await newPage(env.browser, env.app.url, { ...size, colorScheme: scheme });
  await page.addInitScript((locale) => localStorage.setItem('RaStorelogistics.locale', JSON.stringify(locale)), language);
  const inFlight = requestsInFlight(page);
  const problems: string[] = [];

  /**
   * The axe findings of what the page shows (all of it, or `include`) in the theme it is in, then
   * in the other one; with a problem since `since`, the page's picture in each (all of them with SCREENSHOTS=1).
   */
  const inBothThemes = async (what: string, { since = problems.length, include }: { since?: number; include?: string } = {}) => {
    for (const shown of [scheme, otherScheme(scheme)]) {
      // Every rule in the theme the page opened in, the colour rules in the other.
      const rules = shown === scheme ? undefined : COLOUR_RULES;
      if (shown !== scheme) await showIn(page, scheme = shown);
      const where = `${language} ${size.width}px ${scheme} ${what}`;
      problems.push(...await (include ? axeFindings(page, where, include, rules) : quietAxeFindings(page, where, inFlight, rules)));
      await screenshot(page, `walk-${language}-${size.width}-${scheme}${what.replace(/[^\w-]+/g, '_')}`,
        { fullPage: false, always: problems.length > since });
    }
  };

  for (const path of PUBLIC_PAGES) {
    await page.goto(path);
    await settle(page, inFlight);
    await inBothThemes(`${path} signed out`);
  }
  await signIn(page, 'admin');
  // The bell shows the unread count (on every page, in the page's findings); the first Tab shows the skip link.
  await page.locator('[data-testid=notification-count]:not([data-count="0"])').waitFor();
  await page.keyboard.press('Tab');
  await page.locator('.skip-nav-button:focus').waitFor();
  await inBothThemes('/ skip link', { include: '.skip-nav-button' });
  await page.keyboard.press('Enter');
  for (const path of paths) {
    const before = problems.length;
    await openInApp(page, path);
    await settle(page, inFlight);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    if (overflow > 0) problems.push(`${size.width}px ${path}: ${overflow}px wider than the screen`);
    for (const line of foreignTexts(await visibleText(page), data, language)) {
      problems.push(`${size.width}px ${path}: "${line}"`);
    }
    await inBothThemes(path, { since: before });
  }
  await closePage(page);
  return problems;
};

// The two sizes are walked side by side, each in a page of its own: a walk spends half its time
// waiting for a page to settle.
it.each(['cn', 'en'] as const)(`opens every route in %s at ${SIZES.map(({ width, height }) => `${width}×${height}`).join(' and ')} without overflow or foreign text, nor any axe finding in either theme`,
  async (language) => {
    const [paths, data] = await Promise.all([routes(env.app.db), dataTexts(env.app.db)]);
    const problems = await Promise.all(SIZES.map((size) => walkAt(language, size, paths, data)));
    expect(problems.flat()).toEqual([]);
  }, 600_000);
