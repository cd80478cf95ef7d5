import { newToken, signedInAs, tokenClient, type HttpClient } from '../helpers/httpClient';
import { closePage, expectCount, newPage, screenshot, signIn, useAppInBrowser } from '../helpers/browser';

// API tokens on the integrations page (DESIGN §15): an administrator makes one for a customer's
// system, copies the secret shown once, sees it used, and revokes it.
const env = useAppInBrowser();

let admin: HttpClient;
beforeAll(async () => { admin = await signedInAs(env.app.url, 'admin'); });

describe('API tokens', () => {
  it('makes a token in Chinese, shows its secret once, and lists it with its last use', async () => {
    const page = await newPage(env.browser, env.app.url);
    await signIn(page, 'admin', { path: '/api-tokens' });
    await page.getByText('还没有 API 令牌').waitFor();
    await screenshot(page, 'api-tokens-empty-cn-light');
    await page.getByTestId('sidebar').getByRole('link', { name: 'API 令牌' }).waitFor();
    await page.getByRole('link', { name: '新建', exact: true }).first().click();
    await page.waitForURL((url) => url.pathname === '/api-tokens/create');
    await page.locator('input[name=name]').fill('客户 ERP 下单接口');
    const user = page.locator('.ra-input-userId input');
    await user.click();
    await user.fill('team_leader');
    await page.getByRole('option', { name: /\(team_leader\)/ }).click();
    await screenshot(page, 'api-tokens-create-cn-light');
    await page.getByRole('button', { name: '保存' }).click();
    await page.getByText('令牌已创建：请现在复制').waitFor();
    const secret = await page.getByTestId('token-secret').inputValue();
    expect(secret).toMatch(/^rsl_[A-Za-z0-9_-]{43}$/);
    await screenshot(page, 'api-tokens-secret-cn-light');

    // The customer's system calls as the team leader.
    expect((await tokenClient(env.app.url, secret).get('/api/user')).body).toMatchObject({ username: 'team_leader' });
    await page.getByRole('button', { name: '我已保存，返回列表' }).click();
    const row = page.locator('tbody tr', { hasText: '客户 ERP 下单接口' });
    await row.waitFor();
    await row.getByText(`${secret.slice(0, 8)}…`).waitFor();
    await expectCount(row.getByText('从未使用'), 0);
    expect(await page.content()).not.toContain(secret);
    await screenshot(page, 'api-tokens-list-cn-light');
    await closePage(page);
  });

  it('revokes a token in English (dark) after a confirmation: its system is refused at once', async () => {
    const userId = (await env.app.db('users').where({ username: 'biller' }).first('id')).id;
    const { id, secret } = await admin.create<{ id: number; secret: string }>('/api/api-tokens', { name: 'Billing export', userId });
    const page = await newPage(env.browser, env.app.url, { colorScheme: 'dark' });
    await signIn(page, 'admin', { path: '/api-tokens', language: 'en' });
    const row = page.locator('tbody tr', { hasText: 'Billing export' });
    await row.getByText('Never used').waitFor();
    await row.getByTestId(`revoke-${id}`).click();
    await page.getByRole('dialog').getByText('Revoke the token "Billing export"?').waitFor();
    await screenshot(page, 'api-tokens-revoke-en-dark');
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
    await page.getByText('Token "Billing export" revoked').waitFor();
    await row.waitFor({ state: 'detached' });
    expect((await tokenClient(env.app.url, secret).get('/api/orders')).status).toBe(401);
    await closePage(page);
  });

  it('names in the activity log the token a change came through', async () => {
    const userId = (await env.app.db('users').where({ username: 'manager' }).first('id')).id;
    const secret = await newToken(admin, userId, 'Warehouse sync');
    await tokenClient(env.app.url, secret).create('/api/warehouses', { code: 'W-TOKEN', name: 'Token warehouse' });
    const page = await newPage(env.browser, env.app.url);
    await signIn(page, 'admin', { path: '/activity-logs', language: 'en' });
    const row = page.locator('tbody tr', { hasText: 'Token warehouse' });
    await row.getByTestId('token-chip').getByText('via token "Warehouse sync"').waitFor();
    await screenshot(page, 'api-tokens-activity-log-en-light');
    await closePage(page);
  });

  it('fits a phone, and is not offered to a role without the page', async () => {
    const page = await newPage(env.browser, env.app.url, { width: 390, height: 844 });
    await signIn(page, 'admin', { path: '/api-tokens', language: 'en' });
    await page.getByText(/Authorization: Bearer/).waitFor();
    await page.locator('.RaList-main').getByText('客户 ERP 下单接口').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'api-tokens-list-en-phone');
    await closePage(page);

    const manager = await newPage(env.browser, env.app.url);
    await signIn(manager, 'manager', { path: '/' });
    await manager.getByTestId('sidebar').getByRole('link').first().waitFor();
    await expectCount(manager.getByTestId('sidebar').getByRole('link', { name: 'API 令牌' }), 0);
    await closePage(manager);
  });
});
