import type { Page } from 'playwright-core';
import raChinese from '@kernel/i18n/ra/cn';
import { chooseLanguage, closePage, expectAbsent, newPage, signIn, signInWithForm, useAppInBrowser } from '../helpers/browser';
import { DEMO_PASSWORD } from '../../seeds/demo';
import { foreignTexts } from '../helpers/routeWalk';

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
    // The pages' clocks, not real time: the idle half minute passes at once.
    await Promise.all([auth.clock.install(), monitoring.clock.install()]);
    await Promise.all([auth.goto('/auth'), monitoring.goto('/monitoring-dashboard')]);
    await Promise.all([auth.getByTestId('login-form').waitFor(), monitoring.getByText('物流监控大屏').waitFor()]);
    // Both pages sit idle together: 30 s for the dashboard, of which the sign-in page needs 10.
    // Every timer due in that time fires, each as often as it would have.
    await Promise.all([auth.clock.runFor('00:30'), monitoring.clock.runFor('00:30')]);
    // A round trip through each page's task queue: a request its timers started has been reported.
    await Promise.all([auth, monitoring].map((page) => page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)))));

    expect(new URL(monitoring.url()).pathname).toBe('/monitoring-dashboard');
    await expectAbsent(monitoring.getByTestId('login-form'), monitoring.getByText('物流监控大屏'));
    expect(monitoringCalls.length).toBeLessThanOrEqual(2);
    expect(authCalls.length).toBeLessThanOrEqual(2);
    expect([...authCalls, ...monitoringCalls].filter((call) => /logout|user-accessible-pages/.test(call))).toEqual([]);

    await submitLogin(auth, 'manager');
    await auth.getByTestId('dashboard').waitFor();
    expect(new URL(auth.url()).pathname).toBe('/');
    await Promise.all([closePage(auth), closePage(monitoring)]);
  });
});

describe('signing out', () => {
  it('says "Logout failed" and stays signed in when the server cannot be reached', async () => {
    const page = await newPage(env.browser, env.app.url);
    await signInWithForm(page, 'team_leader');
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
    await closePage(page);
  });

  it('keeps the chosen language on the sign-in page', async () => {
    const page = await newPage(env.browser, env.app.url);
    await signInWithForm(page, 'biller');
    await chooseLanguage(page, 'English');
    await page.getByText('Pickup SOP · Supplier management').waitFor();
    await page.getByLabel('Profile').click();
    await page.getByTestId('logout').click();
    await page.getByTestId('login-form').waitFor();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await closePage(page);
  });
});

it('titles the permission-denied demo once', async () => {
  const page = await newPage(env.browser, env.app.url);
  await signIn(page, 'biller', { path: '/permission-denied-demo' });
  await page.getByTestId('access-denied').waitFor();
  expect(await page.locator('#react-admin-title').innerText()).toBe('权限不足提示演示');
  await closePage(page);
});

describe('a refusal on the sign-in page, in the Chinese UI', () => {
  /** Submits a form and waits for a text of its refusal (toast or field); answers the page's text, less what was typed. */
  async function refusedWith(page: Page, form: 'login-form' | 'register-form', values: Record<string, string>, shown: string) {
    for (const [name, value] of Object.entries(values)) await page.getByTestId(form).locator(`input[name=${name}]`).fill(value);
    await page.getByTestId(form).locator('button[type=submit]').click();
    await page.getByText(shown).first().waitFor();
    const text = await page.locator('body').innerText();
    expect(foreignTexts(text, Object.values(values), 'cn')).toEqual([]);
    return text;
  }

  it('is said in Chinese: a wrong password, a short, a common password, a taken name, the throttle, an unknown error', async () => {
    const page = await newPage(env.browser, env.app.url);
    await page.goto('/auth');
    expect(await refusedWith(page, 'login-form', { username: 'manager', password: 'not-the-password' }, '登录失败'))
      .toContain('用户名或密码错误');

    await page.getByRole('tab', { name: '注册' }).click();
    const newcomer = { lastName: '王', firstName: '芳', username: 'wang.fang', password: 'short', confirmPassword: 'short' };
    for (const [name, value] of Object.entries(newcomer)) await page.getByTestId('register-form').locator(`input[name=${name}]`).fill(value);
    await page.getByTestId('register-form').locator('button[type=submit]').click();
    await page.getByText('密码长度需为 8 到 128 个字符').waitFor();
    expect(foreignTexts(await page.locator('body').innerText(), Object.values(newcomer), 'cn')).toEqual([]);

    // The server's own refusals: a password on the common list, then a username already taken.
    expect(await refusedWith(page, 'register-form', { password: 'password', confirmPassword: 'password' }, '该密码过于常见，请换一个'))
      .toContain('注册失败');
    expect(await refusedWith(page, 'register-form', { username: 'manager', password: 'Tiger-Lily-42', confirmPassword: 'Tiger-Lily-42' }, '该用户名已被占用'))
      .not.toContain('该密码过于常见');

    // Ten wrong passwords for one name lock it for this address; the eleventh try is throttled.
    for (let i = 0; i < 10; i += 1) {
      const answer = await page.context().request.post('/api/login', { data: { username: 'nobody', password: `guess-${i}-guess` } });
      expect(answer.status()).toBe(401);
    }
    await page.getByRole('tab', { name: '登录' }).click();
    expect(await refusedWith(page, 'login-form', { username: 'nobody', password: 'one-more-guess' }, '分钟后再试'))
      .toMatch(/尝试次数过多，请 1[45] 分钟后再试/);

    // An answer this release has no words for (no code, English text) is said by its status.
    await page.route('**/api/login', (route) => route.fulfill({ status: 502, contentType: 'application/json', body: '{"message":"Bad gateway"}' }));
    expect(await refusedWith(page, 'login-form', { username: 'manager', password: DEMO_PASSWORD }, '请求失败（502）'))
      .not.toContain('Bad gateway');
    await closePage(page);
  });
});
