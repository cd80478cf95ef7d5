import { HttpClient } from '../helpers/httpClient';
import { closePage, expectCount, newPage, openInApp, screenshot, selectOption, signIn, useAppInBrowser } from '../helpers/browser';
import { DEMO_USERS } from '../../seeds/demo';

const env = useAppInBrowser();

let areas: Array<{ id: number; code: string }>;
beforeAll(async () => {
  areas = await env.app.db('deliveryAreas')
    .insert([{ code: 'SH-PD', name: '上海浦东 Pudong' }, { code: 'SZ-NS', name: '深圳南山 Nanshan' }])
    .returning(['id', 'code']);
});

const userRow = (username: string) => env.app.db('users').where({ username }).first();
const areasOf = async (userId: number) => (await env.app.db('userDeliveryAreas').where({ userId }).select('deliveryAreaId'))
  .map((row: { deliveryAreaId: number }) => row.deliveryAreaId);


describe('the users screens as an administrator (cn, light)', () => {
  it('lists users with translated chips and activates a pending registration in one click', async () => {
    const registered = await new HttpClient(env.app.url).post('/api/register',
      { username: 'newcomer', password: 'tall ships 42', firstName: '小明', lastName: '王' });
    const page = await newPage(env.browser, env.app.url);
    await signIn(page, 'admin', { path: '/users' });
    const row = page.locator('tr', { hasText: 'newcomer' });
    await row.getByTestId('status-chip').filter({ hasText: '待审核' }).waitFor();
    expect(await page.locator('tr', { hasText: 'regional_dispatcher' }).getByTestId('role-chip').innerText()).toBe('区域调度员');
    await screenshot(page, 'users-list-cn-light');

    await row.getByTestId(`activate-${registered.body.id}`).click();
    await page.getByText('newcomer 已激活').waitFor();
    expect((await userRow('newcomer')).status).toBe('active');
    await expectCount(row.getByTestId(`activate-${registered.body.id}`), 0);
    await closePage(page);
  });

  it('searches and filters by role', async () => {
    const page = await newPage(env.browser, env.app.url);
    await signIn(page, 'admin', { path: '/users' });
    await page.locator('input[name=q]').fill(DEMO_USERS.manager.firstName);
    await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 1);
    expect(await page.locator('tbody tr').innerText()).toContain('manager');
    await page.locator('input[name=q]').fill('');
    await page.waitForFunction(() => document.querySelectorAll('tbody tr').length > 1);
    await selectOption(page, 'role', '计费员');
    await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 1);
    expect(await page.locator('tbody tr').innerText()).toContain('biller');
    expect(new URL(page.url()).searchParams.get('filter')).toBe(JSON.stringify({ role: 'biller' }));
    await closePage(page);
  });

  it('creates a regional dispatcher with delivery areas; the area input shows only for that role', async () => {
    const page = await newPage(env.browser, env.app.url);
    await signIn(page, 'admin', { path: '/users' });
    await page.getByRole('link', { name: '新建', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/users/create');
    await page.locator('input[name=username]').fill('dispatch.east');
    await page.locator('input[name=password]').fill('password');
    await page.locator('input[name=confirmPassword]').fill('different');
    await page.locator('input[name=firstName]').fill('Lei');
    await page.locator('input[name=lastName]').fill('Zhao');
    await page.locator('input[name=email]').fill('lei.zhao@example.com');
    expect(await page.locator('.ra-input-deliveryAreaIds').count()).toBe(0);
    await selectOption(page, 'role', '区域调度员');
    const areaInput = page.locator('.ra-input-deliveryAreaIds input');
    await areaInput.waitFor();
    await page.getByRole('button', { name: '保存' }).click();
    await page.getByText('该密码过于常见，请换一个').waitFor();
    await page.getByText('两次输入的密码不一致').waitFor();
    await page.locator('input[name=password]').fill('tall ships 42');
    await page.locator('input[name=confirmPassword]').fill('tall ships 42');
    await areaInput.click();
    await page.getByRole('option', { name: /SH-PD/ }).click();
    await screenshot(page, 'users-create-cn-light');
    await page.getByRole('button', { name: '保存' }).click();
    await page.waitForURL((url) => url.pathname === '/users');
    const created = await userRow('dispatch.east');
    expect(created).toMatchObject({ role: 'regional_dispatcher', status: 'active', email: 'lei.zhao@example.com' });
    expect(created.passwordHash).toMatch(/^scrypt\$/);
    expect(await areasOf(created.id))
      .toEqual([areas.find((a) => a.code === 'SH-PD')!.id]);
    await closePage(page);
  });

  it('shows a taken username on the field, in Chinese', async () => {
    const page = await newPage(env.browser, env.app.url);
    await signIn(page, 'admin', { path: '/users/create' });
    await page.locator('input[name=username]').fill('BILLER');
    await page.locator('input[name=password]').fill('tall ships 42');
    await page.locator('input[name=confirmPassword]').fill('tall ships 42');
    await page.locator('input[name=firstName]').fill('Copy');
    await page.locator('input[name=lastName]').fill('Cat');
    await selectOption(page, 'role', '计费员');
    await page.getByRole('button', { name: '保存' }).click();
    await page.getByText('该用户名已被占用').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/users/create');
    await closePage(page);
  });

  it('opens the edit page from a row at /users/{id}/edit, and sends /users/{id} there too', async () => {
    const page = await newPage(env.browser, env.app.url);
    await signIn(page, 'admin', { path: '/users' });
    const { id } = await userRow('team_leader');
    await page.locator('tr', { hasText: 'team_leader' }).locator('td').nth(1).click();
    await page.waitForURL((url) => url.pathname === `/users/${id}/edit`);
    await page.locator('input[name=username]').waitFor();
    await openInApp(page, `/users/${id}`);
    await page.waitForURL((url) => url.pathname === `/users/${id}/edit`);
    await page.locator('input[name=username]').waitFor();
    await closePage(page);
  });
});

describe('editing a user (en, dark)', () => {
  it('opens /users/{id}/edit directly, changes the role, resets the password and signs the user out', async () => {
    const { id } = await userRow('team_leader');
    const teamLeader = new HttpClient(env.app.url);
    await teamLeader.login('team_leader');
    const page = await newPage(env.browser, env.app.url, { colorScheme: 'dark' });
    await signIn(page, 'admin', { path: `/users/${id}/edit`, language: 'en' });
    await page.locator('input[name=username]').waitFor();
    expect(await page.locator('input[name=username]').inputValue()).toBe('team_leader');
    expect(await page.locator('.ra-input-deliveryAreaIds input').count()).toBe(0);

    await selectOption(page, 'role', 'Regional dispatcher');
    await page.locator('.ra-input-deliveryAreaIds input').click();
    await page.getByRole('option', { name: /SZ-NS/ }).click();
    await page.keyboard.press('Escape');
    await screenshot(page, 'users-edit-en-dark');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((url) => url.pathname === '/users');
    expect(await userRow('team_leader')).toMatchObject({ role: 'regional_dispatcher', version: 2 });
    expect(await areasOf(id))
      .toEqual([areas.find((a) => a.code === 'SZ-NS')!.id]);
    await page.locator('tr', { hasText: 'Regional dispatcher' }).first().waitFor();
    await screenshot(page, 'users-list-en-dark');

    await openInApp(page, `/users/${id}/edit`);
    await page.getByTestId('reset-password').click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[name=password]').fill('a new beginning');
    await dialog.locator('input[name=confirmPassword]').fill('a new beginning');
    await screenshot(page, 'users-reset-password-en-dark');
    await dialog.getByRole('button', { name: 'Reset' }).click();
    await page.getByText('The password of team_leader is reset').waitFor();
    expect((await teamLeader.get('/api/user')).status).toBe(401);
    await teamLeader.login('team_leader', 'a new beginning');

    await page.getByTestId('sign-out-everywhere').click();
    await page.getByRole('dialog').getByText('Sign team_leader out everywhere?').waitFor();
    await screenshot(page, 'users-sign-out-en-dark');
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('team_leader is signed out everywhere (1 sessions ended)').waitFor();
    expect((await teamLeader.get('/api/user')).status).toBe(401);
    await closePage(page);
  });
});

describe('a manager', () => {
  it('is offered only the staff roles, and sees an administrator or a director read-only', async () => {
    const page = await newPage(env.browser, env.app.url);
    await signIn(page, 'manager', { path: '/users/create' });
    await page.locator('.ra-input-role [role=combobox]').click();
    await page.getByRole('option', { name: '组长' }).waitFor();
    const offered = await page.getByRole('option').allInnerTexts();
    expect(offered.map((text) => text.trim())).toEqual(['组长', '计费员', '区域调度员']);
    await page.keyboard.press('Escape');
    for (const username of ['admin', 'director']) {
      const { id } = await userRow(username);
      await page.goto(`/users/${id}/edit`);
      await page.getByText('只有管理员可以修改管理员、总监和经理的账号。').waitFor();
      expect(await page.getByRole('button', { name: '保存' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: '删除' }).count()).toBe(0);
      expect(await page.getByTestId('reset-password').count()).toBe(0);
      expect(await page.getByTestId('sign-out-everywhere').count()).toBe(0);
    }
    await screenshot(page, 'users-manager-director-cn-light');
    await closePage(page);
  });

  it('may select and activate only the accounts they manage in the list', async () => {
    const registered = await new HttpClient(env.app.url).post('/api/register',
      { username: 'apprentice', password: 'tall ships 42', firstName: '小红', lastName: '李' });
    const admin = new HttpClient(env.app.url);
    await admin.login('admin');
    const { body: boss } = await admin.post('/api/users', { username: 'pending.boss', password: 'tall ships 42',
      firstName: '大伟', lastName: '陈', role: 'director', status: 'pending' });
    const page = await newPage(env.browser, env.app.url);
    await signIn(page, 'manager', { path: '/users' });
    const checkbox = (username: string) => page.locator('tbody tr')
      .filter({ has: page.locator('td.column-username', { hasText: new RegExp(`^${username}$`) }) })
      .locator('.select-item input');
    await page.getByTestId(`activate-${registered.body.id}`).waitFor();
    expect(await page.getByTestId(`activate-${boss.id}`).count()).toBe(0);
    for (const username of ['admin', 'director', 'pending.boss']) expect(await checkbox(username).isDisabled()).toBe(true);
    for (const username of ['biller', 'apprentice']) expect(await checkbox(username).isEnabled()).toBe(true);
    await screenshot(page, 'users-list-manager-cn-light');
    await page.getByTestId(`activate-${registered.body.id}`).click();
    await page.getByText('apprentice 已激活').waitFor();
    expect((await userRow('apprentice')).status).toBe('active');
    await closePage(page);
  });
});
