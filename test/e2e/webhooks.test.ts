import { signedInAs, type HttpClient } from '../helpers/httpClient';
import { closePage, expectCount, newPage, openInApp, screenshot, signIn, useAppInBrowser } from '../helpers/browser';
import { orderMaker } from '../helpers/orderReferences';
import { DEMO_PASSWORD } from '../../seeds/demo';
import { unseal } from '../../api/src/db/sealedSecret';

// Webhooks on the integrations page (DESIGN §15, docs/webhooks.md): an administrator adds a
// customer's endpoint, copies the signing secret shown once, reads the delivery log, redelivers an
// event and rotates the secret. The tests run no worker: nothing is sent.
const env = useAppInBrowser();

let admin: HttpClient;
beforeAll(async () => { admin = await signedInAs(env.app.url, 'admin'); });

describe('webhooks', () => {
  it('adds a webhook in Chinese through the form, shows its secret once, and lists it', async () => {
    const area = await admin.create('/api/delivery-areas', { code: 'HOOK-E', name: '东区' });
    const page = await newPage(env.browser, env.app.url);
    await signIn(page, 'admin', { path: '/webhooks' });
    await page.getByText('还没有 Webhook').waitFor();
    await page.getByText(/Standard Webhooks/).waitFor();
    await screenshot(page, 'webhooks-empty-cn-light');
    await page.getByTestId('sidebar').getByRole('link', { name: 'Webhook' }).waitFor();
    await page.getByTestId('empty-list').getByRole('link', { name: '新建' }).click();
    await page.waitForURL((url) => url.pathname === '/webhooks/create');
    await page.locator('input[name=url]').fill('https://hooks.example.com/erp');
    await page.getByRole('checkbox', { name: '订单已创建' }).check();
    await page.getByRole('checkbox', { name: '订单状态变化' }).check();
    const areas = page.locator('.ra-input-deliveryAreaIds input');
    await areas.click();
    await areas.fill('HOOK-E');
    await page.getByRole('option', { name: 'HOOK-E · 东区' }).click();
    await screenshot(page, 'webhooks-create-cn-light');
    await page.getByRole('button', { name: '保存' }).click();
    await page.getByText('签名密钥：请现在复制').waitFor();
    const secret = await page.getByTestId('webhook-secret').inputValue();
    expect(secret).toMatch(/^whsec_/);
    await screenshot(page, 'webhooks-secret-cn-light');

    const saved = await env.app.db('webhooks').where({ url: 'https://hooks.example.com/erp' }).first('id', 'events', 'signingSecret');
    expect(saved.events).toEqual(['order.created', 'order.status_changed']);
    // The secret shown is the one kept, sealed (docs/operations.md#secrets-at-rest).
    expect(unseal(saved.signingSecret, env.app.config.sessionKeys, 'webhook')?.plain).toBe(secret);
    expect((await admin.get(`/api/webhooks/${saved.id}`)).body).toMatchObject({ deliveryAreaIds: [area.id], active: true });

    await page.getByRole('button', { name: '我已保存' }).click();
    const row = page.locator('tbody tr', { hasText: 'https://hooks.example.com/erp' });
    await row.getByText('订单状态变化').waitFor();
    await row.getByText('启用').waitFor();
    expect(await page.content()).not.toContain(secret);
    await screenshot(page, 'webhooks-list-cn-light');
    await closePage(page);
  });

  it('shows the delivery log in English (dark), opens a body, redelivers, and rotates the secret', async () => {
    // The order before the webhook: its creation queues nothing for it.
    const { id: orderId } = await (await orderMaker(env.app, 'HOOK', 'Webhook')).newOrder('MTM-HOOK-1');
    const { id, secret: first } = await admin.create<{ id: number; secret: string }>('/api/webhooks',
      { url: 'https://hooks.example.com/tms', events: ['order.created', 'order.status_changed'] });
    const body = JSON.stringify({ id: 'msg_walk', type: 'order.created', data: { order: { id: orderId } } });
    const [delivered, failed, sending] = (await env.app.db('webhookDeliveries').insert([
      { webhookId: id, eventType: 'order.created', orderId, status: 'delivered', attempts: 1, responseStatus: 200, durationMs: 84,
        lastAttemptAt: new Date(), deliveredAt: new Date(), body },
      { webhookId: id, eventType: 'order.status_changed', orderId, status: 'failed', attempts: 9, responseStatus: 503, durationMs: 1204,
        lastAttemptAt: new Date(), lastError: 'HTTP 503: try later', body },
      { webhookId: id, eventType: 'order.status_changed', orderId, status: 'sending', attempts: 1, body },
    ]).returning('id')).map((row: { id: number }) => row.id);

    const page = await newPage(env.browser, env.app.url, { colorScheme: 'dark' });
    await signIn(page, 'admin', { path: `/webhooks/${id}`, language: 'en' });
    const log = page.getByTestId('webhook-deliveries');
    const rowOf = (deliveryId: number) => log.locator('tbody tr', { has: page.getByTestId(`redeliver-${deliveryId}`) });
    await expectCount(log.getByTestId('delivery-status'), 3);
    await log.getByTestId('delivery-status').filter({ hasText: 'Delivered' }).waitFor();
    await log.getByTestId('delivery-status').filter({ hasText: 'Sending' }).waitFor();
    await rowOf(failed).getByText('HTTP 503: try later').waitFor();
    await rowOf(failed).getByText('Order status changed').waitFor();
    await rowOf(delivered).getByRole('link', { name: `#${orderId}` }).waitFor();
    // Not while it is being sent.
    await expectCount(page.getByTestId(`redeliver-${sending}`), 0);
    await screenshot(page, 'webhooks-edit-en-dark');

    await rowOf(delivered).getByTestId('delivery-status').click();
    const shown = page.getByTestId('delivery-body');
    await shown.waitFor();
    expect(await shown.textContent()).toContain('"type": "order.created"');
    await shown.scrollIntoViewIfNeeded();
    await screenshot(page, 'webhooks-body-en-dark', { fullPage: false });

    await page.getByTestId(`redeliver-${failed}`).click();
    await page.getByText('Queued to be delivered again').waitFor();
    await rowOf(failed).getByTestId('delivery-status').filter({ hasText: 'Waiting' }).waitFor();
    expect((await env.app.db('webhookDeliveries').where({ id: failed }).first('status')).status).toBe('pending');

    await page.getByTestId('rotate-secret').click();
    const confirm = page.getByRole('dialog', { name: 'Rotate the signing secret?' });
    await confirm.waitFor();
    await screenshot(page, 'webhooks-rotate-en-dark');
    await confirm.getByRole('button', { name: 'Rotate secret' }).click();
    const shownOnce = page.getByRole('dialog', { name: 'Signing secret: copy it now' });
    await shownOnce.waitFor();
    const rotated = await shownOnce.getByTestId('webhook-secret').inputValue();
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(first);
    expect(unseal((await env.app.db('webhooks').where({ id }).first('signingSecret')).signingSecret, env.app.config.sessionKeys, 'webhook')?.plain)
      .toBe(rotated);
    await screenshot(page, 'webhooks-rotated-en-dark');
    await shownOnce.getByRole('button', { name: 'I have saved it' }).click();
    await shownOnce.waitFor({ state: 'detached' });

    // The form saves after the rotation (its version moved on) and leaves out what is the server's.
    await page.getByRole('checkbox', { name: 'Order completed' }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((url) => url.pathname === '/webhooks');
    expect((await env.app.db('webhooks').where({ id }).first('events')).events)
      .toEqual(['order.created', 'order.status_changed', 'order.completed']);
    await closePage(page);
  });

  it('says on its page since when a webhook is paused, and resumes it when made active again', async () => {
    const { id } = await env.app.db('webhooks').where({ url: 'https://hooks.example.com/erp' }).first('id');
    await env.app.db('webhooks').where({ id }).update({ active: false, pausedAt: new Date(), failingSince: new Date(Date.now() - 3 * 86_400_000) });
    const page = await newPage(env.browser, env.app.url);
    await signIn(page, 'admin', { path: '/webhooks' });
    await page.locator('tbody tr', { hasText: 'https://hooks.example.com/erp' }).getByText('已暂停（连续失败）').click();
    await page.getByTestId('paused-notice').getByText(/连续推送失败 3 天/).waitFor();
    await screenshot(page, 'webhooks-paused-cn-light');
    await page.getByRole('switch', { name: '启用' }).check();
    await page.getByRole('button', { name: '保存' }).click();
    await page.waitForURL((url) => url.pathname === '/webhooks');
    expect(await env.app.db('webhooks').where({ id }).first('active', 'pausedAt', 'failingSince'))
      .toEqual({ active: true, pausedAt: null, failingSince: null });
    await closePage(page);
  });

  it('fits a phone, and is not offered to a role without the page', async () => {
    const page = await newPage(env.browser, env.app.url, { width: 390, height: 844 });
    await signIn(page, 'admin', { path: '/webhooks', language: 'en' });
    await page.getByText(/Standard Webhooks/).waitFor();
    await page.locator('.RaList-main').getByText('https://hooks.example.com/erp').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'webhooks-list-en-phone');
    await page.getByRole('link', { name: 'Create', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/webhooks/create');
    await page.getByRole('checkbox', { name: 'Order restored' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'webhooks-create-en-phone');
    // The delivery log, one column a delivery.
    const { id } = await env.app.db('webhooks').where({ url: 'https://hooks.example.com/tms' }).first('id');
    await openInApp(page, `/webhooks/${id}`);
    await page.getByTestId('webhook-deliveries').getByText('HTTP 503: try later').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'webhooks-edit-en-phone');
    await closePage(page);

    const manager = await newPage(env.browser, env.app.url);
    await signIn(manager, 'manager', { path: '/' });
    await manager.getByTestId('sidebar').getByRole('link').first().waitFor();
    await expectCount(manager.getByTestId('sidebar').getByRole('link', { name: 'Webhook' }), 0);
    await closePage(manager);
  });
});

describe('the API reference', () => {
  it('shows the OpenAPI document to a signed-in user at /api/docs, with a route\'s body schema; signed out, the sign-in form', async () => {
    const page = await newPage(env.browser, env.app.url);
    await page.goto('/api/docs');
    const form = page.getByTestId('login-form');
    await form.waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth');
    // Signed in there, the person is taken back to the reference, not into the app.
    await form.locator('input[name=username]').fill('admin');
    await form.locator('input[name=password]').fill(DEMO_PASSWORD);
    await form.locator('button[type=submit]').click();
    await page.waitForURL((url) => url.pathname === '/api/docs');
    await page.getByText('Logistics back-office API').first().waitFor();
    await page.locator('#operations-tag-orders').click();
    const print = page.locator('.opblock-post', { has: page.locator('[data-path="/api/orders/print"]') });
    await print.locator('.opblock-summary').click();
    await print.getByText('delivery_notes').first().waitFor();
    await print.scrollIntoViewIfNeeded();
    await screenshot(page, 'api-docs-en-1440', { fullPage: false });
    await closePage(page);
  });
});
