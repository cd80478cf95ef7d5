import { ROLES, type Role } from '@kernel/users/roles';
import raChinese from '@kernel/i18n/ra/cn';
import { closePage, expectAbsent, expectCount, menuLinks, newPage, signIn, useAppInBrowser } from '../helpers/browser';
import { eventually } from '../helpers/eventually';
import { ROLE_PAGES } from '../helpers/rolePages';
import { demoUserName } from '../../seeds/demo';

const env = useAppInBrowser();
/** The shell is opened with the system's default motion: the transitions the other files turn off stay covered here. */
const movingPage = () => newPage(env.browser, env.app.url, { reducedMotion: 'no-preference' });

/** The sidebar's links in menu order and the page key each needs (docs/routes-and-pages.md#sidebar). */
const MENU_LINKS: Array<[string, string]> = [
  ['/', 'dashboard'], ['/orders', 'orders'], ['/new-order', 'new_order'],
  ['/batch-modification', 'batch_modification'], ['/pricing-management', 'pricing_management'],
  ['/suppliers', 'suppliers'], ['/vehicle-types', 'vehicle_types'], ['/warehouses', 'warehouses'],
  ['/delivery-areas', 'delivery_areas'], ['/users', 'users'], ['/activity-logs', 'activity_logs'],
  ['/trash', 'trash'], ['/permissions', 'permissions'], ['/api-tokens', 'integrations'], ['/webhooks', 'integrations'],
  ['/reports', 'reports'], ['/reports/billings', 'reports'],
  ['/reports/old-reports', 'old_reports'], ['/reports/process-monitoring', 'process_monitoring'],
];

describe('the sidebar', () => {
  it.each(ROLES)('shows %s exactly the menu of its pages', async (role: Role) => {
    const page = await movingPage();
    await signIn(page, role);
    await page.getByTestId('dashboard').waitFor();
    const expected = MENU_LINKS.filter(([, key]) => ROLE_PAGES[role].includes(key)).map(([to]) => to);
    expect(await menuLinks(page)).toEqual(expected);
    await closePage(page);
  });

  it('hides a group with no visible item, keeps the separator, and collapses groups on click', async () => {
    const page = await movingPage();
    await signIn(page, 'regional_dispatcher');
    const sidebar = page.getByTestId('sidebar');
    // The menu's items come with the accessible pages; before them every group is missing.
    const items = sidebar.locator('a[href]');
    await expectAbsent(sidebar.getByText('基础资料'), items);
    await expectAbsent(sidebar.getByText('追踪'), items);
    await expectCount(sidebar.locator('hr'), 1);
    await sidebar.getByText('订单', { exact: true }).click();
    await sidebar.locator('a[href="/orders"]').waitFor({ state: 'detached' });
    await sidebar.getByText('订单', { exact: true }).click();
    await sidebar.locator('a[href="/orders"]').waitFor();
    await closePage(page);
  });

  it('highlights the item whose path is the longest prefix of the current path', async () => {
    const page = await movingPage();
    await signIn(page, 'admin', { path: '/reports/billings' });
    await page.getByTestId('page-title').waitFor();
    const current = await page.getByTestId('sidebar').locator('a[aria-current="page"]').evaluateAll(
      (links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
    expect(current).toEqual(['/reports/billings']);
    await closePage(page);
  });
});

describe('routes and access', () => {
  it('shows the sign-in page for any path when nobody is signed in, then returns to that path', async () => {
    const page = await movingPage();
    await page.goto('/suppliers');
    await page.getByTestId('login-form').waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth');
    const form = page.getByTestId('login-form');
    await form.locator('input[name=username]').fill('manager');
    await form.locator('input[name=password]').fill('demo1234');
    await form.locator('button[type=submit]').click();
    await page.waitForURL((url) => url.pathname === '/suppliers');
    await page.getByTestId('toast').waitFor();
    expect(new URL(page.url()).pathname).toBe('/suppliers');
    expect(await page.getByTestId('toast').innerText()).toContain('欢迎回来！');
    expect(await page.getByTestId('toast').innerText()).toContain(demoUserName('manager'));
    await closePage(page);
  });

  it('shows a toast with the server\'s reason, in the UI language, when login fails', async () => {
    const page = await movingPage();
    await page.goto('/auth');
    const form = page.getByTestId('login-form');
    await form.locator('input[name=username]').fill('manager');
    await form.locator('input[name=password]').fill('wrong-password');
    await form.locator('button[type=submit]').click();
    const toast = page.getByTestId('toast');
    await toast.waitFor();
    expect(await toast.innerText()).toContain('登录失败');
    expect(await toast.innerText()).toContain('用户名或密码错误');
    await closePage(page);
  });

  it('loads a deep path directly and shows the access-denied screen for a refused page', async () => {
    const page = await movingPage();
    await signIn(page, 'biller', { path: '/reports/old-reports' });
    expect(await page.getByTestId('page-title').innerText()).toBe('历史报表');
    await page.goto('/users/3/edit');
    const denied = page.getByTestId('access-denied');
    await denied.waitFor();
    expect(await denied.innerText()).toContain('权限不足');
    await denied.getByRole('button').click();
    await page.waitForURL((url) => url.pathname === '/reports/old-reports');
    await closePage(page);
  });

  it('shows the not-found page for an unknown path', async () => {
    const page = await movingPage();
    await signIn(page, 'team_leader', { path: '/no/such/page' });
    await page.getByTestId('not-found').waitFor();
    await closePage(page);
  });

  it('shows the public monitoring dashboard without signing in', async () => {
    const page = await movingPage();
    await page.goto('/monitoring-dashboard');
    await page.getByText('物流监控大屏').waitFor();
    await eventually(async () => expect(await page.getByText('公开访问').count()).toBeGreaterThan(0));
    await closePage(page);
  });

  it('shows the permission-denied notice on a refused call', async () => {
    const page = await movingPage();
    await signIn(page, 'team_leader', { path: '/permission-denied-demo' });
    await page.getByTestId('trigger-permission-denied').click();
    const toast = page.getByTestId('toast').filter({ hasText: 'Permission Denied' });
    await toast.waitFor();
    expect(await toast.innerText()).toContain('您没有执行此操作的权限，请联系管理员 / Insufficient permissions for this operation');
    await closePage(page);
  });

  it('logs out with a changing label, a goodbye toast, and no cached data left', async () => {
    const page = await movingPage();
    await signIn(page, 'director');
    await page.getByLabel(raChinese.ra.auth.user_menu).click();
    await page.getByTestId('logout').click();
    await page.getByTestId('login-form').waitFor();
    await page.getByText('再见！您已成功退出登录').waitFor();
    await page.goto('/');
    await page.getByTestId('login-form').waitFor();
    await closePage(page);
  });
});
