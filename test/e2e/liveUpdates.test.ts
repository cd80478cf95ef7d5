import type { Page } from 'playwright-core';
import { signedInAs, type HttpClient } from '../helpers/httpClient';
import { newPage, screenshot, signIn, useAppInBrowser } from '../helpers/browser';
import { demoUserName } from '../../seeds/demo';

// Live updates (docs/live-updates.md): what one person changes, another sees without reloading.
const env = useAppInBrowser();

let admin: HttpClient;
const refs = { warehouse: 0, area: 0, leader: 0 };

beforeAll(async () => {
  admin = await signedInAs(env.app.url, 'admin');
  refs.warehouse = (await admin.create('/api/warehouses', { code: 'LV-DC', name: '实时仓 Live DC' })).id;
  refs.area = (await admin.create('/api/delivery-areas', { code: 'LV-A', name: '实时区域 Live area' })).id;
  refs.leader = (await env.app.db('users').where({ username: 'team_leader' }).first()).id;
});

const row = (page: Page, text: string) => page.locator('tbody tr', { hasText: text });

describe('live updates', () => {
  it('shows a team leader\'s open order list each change the admin makes, without a reload', async () => {
    const page = await newPage(env.browser, env.app.url);
    await signIn(page, 'team_leader', { path: '/orders' });
    await page.waitForURL((url) => url.pathname === '/orders');
    await page.waitForTimeout(500);
    let loads = 0;
    page.on('load', () => { loads += 1; });

    const { body: order } = await admin.post('/api/orders', { mtmNumber: 'MTM-LIVE-1', dnNumber: 'DN-LIVE-1',
      pickupWarehouseId: refs.warehouse, deliveryAreaId: refs.area, assignedUserId: refs.leader,
      pickupDate: '2026-11-20', mosDate: '2026-11-25' });
    await row(page, 'MTM-LIVE-1').waitFor();

    const edited = await admin.put(`/api/orders/${order.id}`, { ...order, mtmNumber: 'MTM-LIVE-1B' });
    expect(edited.status).toBe(200);
    await row(page, 'MTM-LIVE-1B').waitFor();

    expect((await admin.post(`/api/orders/${order.id}/transitions`, { to: 'awaiting_supplier_confirmation' })).status).toBe(200);
    await row(page, 'MTM-LIVE-1B').getByText('待供应商确认').waitFor();
    await screenshot(page, 'live-list-cn-light', { fullPage: false });

    expect((await admin.delete(`/api/orders/${order.id}`)).status).toBe(200);
    await row(page, 'MTM-LIVE-1B').waitFor({ state: 'detached' });
    expect((await admin.post(`/api/trash/order/${order.id}/restore`)).status).toBe(200);
    await row(page, 'MTM-LIVE-1B').waitFor();
    expect(loads).toBe(0);
    await page.context().close();
  });

  it('updates an order detail on screen, and tells a person editing it who changed it before they save', async () => {
    const { body: order } = await admin.post('/api/orders', { mtmNumber: 'MTM-LIVE-2', dnNumber: 'DN-LIVE-2',
      pickupWarehouseId: refs.warehouse, deliveryAreaId: refs.area, assignedUserId: refs.leader,
      pickupDate: '2026-11-20', mosDate: '2026-11-25' });
    const page = await newPage(env.browser, env.app.url);
    await signIn(page, 'team_leader', { path: `/orders/${order.id}` });
    const progress = page.getByTestId('order-progress');
    await progress.and(page.locator('[data-status=booking_received]')).waitFor();

    // Only shown: the detail follows the change.
    expect((await admin.post(`/api/orders/${order.id}/transitions`, { to: 'awaiting_supplier_confirmation' })).status).toBe(200);
    await progress.and(page.locator('[data-status=awaiting_supplier_confirmation]')).waitFor();

    // Being edited: the form says who changed it, at once.
    await page.getByTestId('order-edit').click();
    const { body: current } = await admin.get(`/api/orders/${order.id}`);
    expect((await admin.put(`/api/orders/${order.id}`, { ...current, notes: '改了备注' })).status).toBe(200);
    const notice = page.getByTestId('live-record-notice');
    await notice.waitFor();
    expect(await notice.innerText()).toContain(`${demoUserName('admin')} 于`);
    await screenshot(page, 'live-edit-notice-cn-light', { fullPage: false });
    await notice.getByRole('button', { name: '重新加载' }).click();
    await notice.waitFor({ state: 'detached' });
    await page.context().close();
  });
});
