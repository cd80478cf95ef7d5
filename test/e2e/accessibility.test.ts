import fs from 'node:fs';
import type { AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';
import { ORDER_STATUSES } from '@kernel/orders/statusFlow';
import { newPage, signIn, useAppInBrowser } from '../helpers/browser';
import { createFixtures } from '../helpers/routeFixtures';
import { navigateInApp, requestsInFlight, routes, settle } from '../helpers/routeWalk';

const env = useAppInBrowser();

/**
 * A record behind every screen (the route fixtures), an order in every status (a chip of each
 * colour) and one in the trash: small enough to start fast, the whole demo company takes a minute.
 */
beforeAll(async () => {
  const { maker } = await createFixtures(env.app);
  for (const status of ORDER_STATUSES) {
    const order = await maker.order();
    await env.app.db('orders').where({ id: order.id }).update({ status });
  }
  await maker.trashed();
});

const AXE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.1 level A and AA, the rules the audit ran. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** The pages anyone opens without signing in. */
const PUBLIC_PAGES = ['/auth', '/monitoring-dashboard'];

/**
 * Where the admin works: in Chinese on a desktop in the light theme, in English on a phone in the
 * dark one (the system's, which the app follows by default).
 */
const VIEWS = [
  { language: 'cn', colorScheme: 'light', width: 1440, height: 900 },
  { language: 'en', colorScheme: 'dark', width: 390, height: 844 },
] as const;

type View = (typeof VIEWS)[number];

/** The critical and serious findings on the page as it shows now: 'path rule-id ×count: the first few elements'. */
async function findings(page: Page, where: string): Promise<string[]> {
  // Evaluated rather than added as a script tag, which the app's Content-Security-Policy refuses.
  if (!await page.evaluate(() => 'axe' in window)) await page.evaluate(AXE);
  const results = await page.evaluate((values) => (window as unknown as { axe: { run: (context: Document,
    options: object) => Promise<AxeResults> } }).axe.run(document, { runOnly: { type: 'tag', values }, resultTypes: ['violations'] }),
  TAGS);
  return results.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => `${where} ${v.id} ×${v.nodes.length}: ${v.nodes.slice(0, 3).map((node) => node.target.join(' ')).join(', ')}`);
}

/**
 * The findings of a page once it is quiet. A screen caught mid-transition (a fade at half opacity,
 * a spinner about to go) is looked at again once quiet anew: what still shows then counts.
 */
async function quietFindings(page: Page, where: string, inFlight: () => number): Promise<string[]> {
  await settle(page, inFlight);
  if ((await findings(page, where)).length === 0) return [];
  await settle(page, inFlight);
  return findings(page, where);
}

/** The public pages signed out, then every route of the route table as the admin, in one view. */
async function audit({ language, ...viewport }: View, paths: string[]): Promise<string[]> {
  const page = await newPage(env.browser, env.app.url, viewport);
  await page.addInitScript((locale) => localStorage.setItem('RaStorelogistics.locale', JSON.stringify(locale)), language);
  const inFlight = requestsInFlight(page);
  const view = `${language} ${viewport.width}px ${viewport.colorScheme}`;
  const problems: string[] = [];
  for (const path of PUBLIC_PAGES) {
    await page.goto(path);
    problems.push(...await quietFindings(page, `${view} ${path}`, inFlight));
  }
  await signIn(page, 'admin');
  for (const path of paths.filter((p) => !PUBLIC_PAGES.includes(p))) {
    await navigateInApp(page, path);
    problems.push(...await quietFindings(page, `${view} ${path}`, inFlight));
  }
  await page.context().close();
  return problems;
}

describe('accessibility (WCAG 2.1 A/AA, axe-core)', () => {
  it('has no critical or serious finding on any page, in Chinese on a desktop (light) and English on a phone (dark)', async () => {
    const paths = await routes(env.app.db);
    // The two views side by side, each in a browser context of its own.
    const problems = await Promise.all(VIEWS.map((view) => audit(view, paths)));
    expect(problems.flat()).toEqual([]);
  }, 120_000);
});
