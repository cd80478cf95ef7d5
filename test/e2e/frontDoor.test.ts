import type { Page } from 'playwright-core';
import raChinese from '@kernel/i18n/ra/cn';
import { chooseLanguage, newPage, signIn, useAppInBrowser } from '../helpers/browser';
import { DEMO_PASSWORD } from '../../seeds/demo';

const env = useAppInBrowser();

/** The API calls a page makes, but for the public dashboard's own aggregates. */
function countApiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/') && !pathname.startsWith('/api/public/')) calls.push(`${request.method()} ${pathname}`);
  });
  return calls;
}

async function submitLogin(page: Page, username: string) {
  const form = page.getByTestId('login-form');
  await form.locator('input[name=username]').fill(username);
  await form.locator('input[name=password]').fill(DEMO_PASSWORD);
  await form.locator('button[type=submit]').click();
}

describe('signed out', () => {
  it('makes no calls while idle, keeps the public dashboard, and signs in after a wait', async () => {
    const [auth, monitoring] = await Promise.all([newPage(env.browser, env.app.url), newPage(env.browser, env.app.url)]);
    const authCalls = countApiCalls(auth);
    const monitoringCalls = countApiCalls(monitoring);
    await Promise.all([auth.goto('/auth'), monitoring.goto('/monitoring-dashboard')]);
    await monitoring.getByText('物流监控大屏').waitFor();
    // Both pages sit idle together: 30 s for the dashboard, of which the sign-in page needs 10.
    await auth.waitForTimeout(30_000);

    expect(new URL(monitoring.url()).pathname).toBe('/monitoring-dashboard');
    expect(await monitoring.getByTestId('login-form').count()).toBe(0);
    expect(monitoringCalls.length).toBeLessThanOrEqual(2);
    expect(authCalls.length).toBeLessThanOrEqual(2);
    expect([...authCalls, ...monitoringCalls].filter((call) => /logout|user-accessible-pages/.test(call))).toEqual([]);

    await submitLogin(auth, 'manager');
    await auth.getByTestId('dashboard').waitFor();
    expect(new URL(auth.url()).pathname).toBe('/');
    await Promise.all([auth.context().close(), monitoring.context().close()]);
  });
});

describe('signing out', () => {
  it('says "Logout failed" and stays signed in when the server cannot be reached', async () => {
    const page = await newPage(env.browser, env.app.url);
    await signIn(page, 'team_leader');
    await page.route('**/api/logout', (route) => route.abort('connectionrefused'));
    await page.getByLabel(raChinese.ra.auth.user_menu).click();
    await page.getByTestId('logout').click();
    await page.getByTestId('toast').filter({ hasText: '退出登录失败' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.getByTestId('dashboard').waitFor();

    await page.unroute('**/api/logout');
    await page.getByLabel(raChinese.ra.auth.user_menu).click();
    await page.getByTestId('logout').click();
    await page.getByTestId('login-form').waitFor();
    await page.context().close();
  });

  it('keeps the chosen language on the sign-in page', async () => {
    const page = await newPage(env.browser, env.app.url);
    await signIn(page, 'biller');
    await chooseLanguage(page, 'English');
    await page.getByText('Pickup SOP · Supplier management').waitFor();
    await page.getByLabel('Profile').click();
    await page.getByTestId('logout').click();
    await page.getByTestId('login-form').waitFor();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await page.context().close();
  });
});

it('titles the permission-denied demo once', async () => {
  const page = await newPage(env.browser, env.app.url);
  await signIn(page, 'biller');
  await page.goto('/permission-denied-demo');
  await page.getByTestId('access-denied').waitFor();
  expect(await page.locator('#react-admin-title').innerText()).toBe('权限不足提示演示');
  await page.context().close();
});
