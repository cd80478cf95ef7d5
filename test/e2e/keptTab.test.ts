import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { closePage, newPage, signIn, useAppInBrowser } from '../helpers/browser';
import { FAILURES, reportingPages } from '../helpers/failedPages';
import { limited } from '../helpers/testTimeouts';

// The tests' pages (helpers/browser.ts): a context's one tab is handed from test to test, so what a
// test set on it must not reach the next test, which starts as in a fresh tab.
const env = useAppInBrowser();

it('hands the next test the same tab with nothing the last test set on it', async () => {
  const page = await newPage(env.browser, env.app.url, { timezoneId: 'Pacific/Kiritimati', colorScheme: 'dark' });
  await signIn(page, 'admin', { path: '/orders', language: 'en' });
  let heardAfter = 0;
  page.on('request', () => { heardAfter += 1; });
  await page.route('**/api/orders**', (route) => route.fulfill({ status: 418, body: 'left over' }));
  await page.emulateMedia({ media: 'print' });
  await page.evaluate(() => sessionStorage.setItem('left', 'over'));
  await page.goto('/suppliers');
  // A page that asks before it goes (as a form with unsaved changes does) does not hold the tab.
  await page.evaluate(() => addEventListener('beforeunload', (event) => event.preventDefault()));
  await page.locator('header').first().click();
  await closePage(page);
  heardAfter = 0;

  const next = await newPage(env.browser, env.app.url);
  expect(next).toBe(page);
  await next.goto('/auth');
  await next.getByTestId('login-form').waitFor();
  expect(heardAfter).toBe(0);
  expect(await next.evaluate(() => ({
    locale: localStorage.getItem('RaStorelogistics.locale'), session: sessionStorage.length,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone, print: matchMedia('print').matches,
    dark: matchMedia('(prefers-color-scheme: dark)').matches,
  }))).toEqual({ locale: null, session: 0, timeZone: expect.not.stringMatching(/Kiritimati/), print: false, dark: false });
  expect(await next.evaluate(async () => (await fetch('/api/orders')).status)).toBe(401);
  const cdp = await next.context().newCDPSession(next);
  const { entries } = await cdp.send('Page.getNavigationHistory');
  expect(entries.map((entry) => new URL(entry.url).pathname)).not.toContain('/orders');
  expect(entries.map((entry) => new URL(entry.url).pathname)).not.toContain('/suppliers');
  await closePage(next);
});

it('gives a new tab after a test closed its own', async () => {
  const page = await newPage(env.browser, env.app.url);
  await page.close();
  await closePage(page);
  const next = await newPage(env.browser, env.app.url);
  expect(next.isClosed()).toBe(false);
  await signIn(next, 'admin', { path: '/orders', language: 'en' });
  await next.locator('#react-admin-title', { hasText: 'Orders' }).waitFor();
  await closePage(next);
});

it('ends a failing test\'s error with what its open pages showed, and keeps their pictures', async () => {
  const page = await newPage(env.browser, env.app.url);
  await page.goto('/auth');
  const heading = (await page.getByTestId('login-form').innerText()).split('\n')[0];
  const picture = path.join(FAILURES, 'a_failing_test-1.png');
  fs.rmSync(picture, { force: true });
  const failing = reportingPages(async () => { throw new Error('the check failed'); }, 'a failing test');
  const error: Error = await failing.call({} as never).then(() => { throw new Error('it passed'); }, (reason: Error) => reason);
  expect(error.message).toBe('the check failed');
  expect(error.stack).toContain(`The open pages as the test failed:\n${env.app.url}/auth (test-results/failures/a_failing_test-1.png):`);
  expect(error.stack).toContain(heading);
  expect(fs.statSync(picture).size).toBeGreaterThan(0);
  await closePage(page);
});

describe('a test stopped by its time limit', () => {
  let stoppedTab: Page;
  it('is stopped while its code still waits on its page', async () => {
    stoppedTab = await newPage(env.browser, env.app.url);
    await stoppedTab.goto('/auth');
    // What a timed-out test leaves behind: code still running against its page.
    const waiting = stoppedTab.getByText('never shown').waitFor({ timeout: 60_000 }).catch(() => undefined);
    await expect(limited(() => waiting, 50).call({} as never)).rejects.toThrow('Exceeded timeout of 50 ms');
  });

  it('hands its page to no later test: it is closed, and the next test gets a new tab', async () => {
    expect(stoppedTab.isClosed()).toBe(true);
    const next = await newPage(env.browser, env.app.url);
    expect(next).not.toBe(stoppedTab);
    await signIn(next, 'admin', { path: '/orders', language: 'en' });
    await next.locator('#react-admin-title', { hasText: 'Orders' }).waitFor();
    await closePage(next);
  });
});
