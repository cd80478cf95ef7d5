import type { Page } from 'playwright-core';
import { signedInAs, type HttpClient } from '../helpers/httpClient';
import { closePage, expectCount, fillDate, newPage, screenshot, signIn, useAppInBrowser } from '../helpers/browser';
import { SUPPLIER_CONTACT } from '../helpers/supplierContact';

// Rate cards in the browser (#24): a biller enters a card, sees an overlapping one refused on its
// field, applies the cards to unpriced orders from pricing management, and finds them on the card.
const env = useAppInBrowser();

let admin: HttpClient;
const mtms = ['RC-1', 'RC-2', 'RC-3'];

beforeAll(async () => {
  admin = await signedInAs(env.app.url, 'admin');
  const warehouse = (await admin.create('/api/warehouses', { code: 'W-RC', name: 'Card DC' })).id;
  const supplier = (await admin.create('/api/suppliers', { name: '卡片物流 Card Freight', ...SUPPLIER_CONTACT })).id;
  await admin.create('/api/vehicle-types', { code: 'T-RC', name: '卡片车 Card truck' });
  const area = (await admin.create('/api/delivery-areas', { code: 'RC', name: '卡片区 Card area' })).id;
  const assignedUserId = (await admin.get('/api/user')).body.id;
  const pickupDate = new Date(Date.now() - 5 * 86_400_000).toISOString().slice(0, 10);
  for (const mtm of mtms) {
    const order = await admin.create('/api/orders', { mtmNumber: mtm, dnNumber: `DN-${mtm}`, supplierId: mtm === 'RC-3' ? null : supplier,
      pickupWarehouseId: warehouse, assignedUserId, deliveryAreaId: area, pickupDate, mosDate: pickupDate });
    await env.app.db('orders').where({ id: order.id }).update({ status: 'awaiting_pod_upload' });
    await env.app.db('orderAttachments').insert({ orderId: order.id, kind: 'pod', fileName: 'pod.pdf',
      contentType: 'application/pdf', size: 5, content: Buffer.from('%PDF-') });
    const done = await admin.post(`/api/orders/${order.id}/transitions`, { to: 'completed' });
    if (done.status !== 200) throw new Error(`complete ${mtm}: ${done.status}`);
  }
});

async function pick(page: Page, source: string, search: string, text: RegExp) {
  const input = page.locator(`.ra-input-${source} input`);
  await input.click();
  await input.fill(search);
  await page.getByRole('option', { name: text }).click();
}

async function fillCard(page: Page, name: string, from: string) {
  await page.locator('input[name=name]').fill(name);
  await pick(page, 'supplierId', '卡片', /卡片物流/);
  await fillDate(page, 'validFrom', from);
  await page.locator('input[name=basePurchasePrice]').fill('300');
  await page.locator('input[name=baseSalePrice]').fill('360.50');
  await page.locator('input[name=haulingSalePrice]').fill('20');
}

describe('rate cards (en)', () => {
  it('a biller enters a card from pricing management, and an overlapping one is refused on its field', async () => {
    const page = await newPage(env.browser, env.app.url);
    await signIn(page, 'biller', { path: '/pricing-management', language: 'en' });
    await page.getByTestId('rate-cards-link').click();
    await page.getByText('No rate cards yet').waitFor();
    await screenshot(page, 'rate-cards-empty-en');
    await page.goto(`${env.app.url}/rate-cards/create`);
    await fillCard(page, 'Card Freight all trucks', '2026-01-01');
    await screenshot(page, 'rate-card-form-en');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.locator('td.column-name', { hasText: 'Card Freight all trucks' }).waitFor();
    await page.locator('td', { hasText: 'Open-ended' }).first().waitFor();
    await screenshot(page, 'rate-cards-list-en');

    await page.goto(`${env.app.url}/rate-cards/create`);
    await fillCard(page, 'Card Freight again', '2026-03-01');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.locator('.ra-input-validFrom', { hasText: /Overlaps “Card Freight all trucks” \(Jan 1, 2026/ }).waitFor();
    await closePage(page);
  });

  it('previews and applies the cards to the unpriced orders of the filter, and the card lists them', async () => {
    const page = await newPage(env.browser, env.app.url);
    await signIn(page, 'biller', { path: '/pricing-management', language: 'en' });
    await page.locator('input[name=q]').fill('RC-');
    await expectCount(page.getByTestId('pricing-mtm'), 3);
    await page.getByTestId('apply-rate-cards').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('apply-will-price').getByText('2 orders will be priced').waitFor();
    await dialog.getByText('Card Freight all trucks').waitFor();
    await dialog.getByText('1 order names no supplier').waitFor();
    await screenshot(page, 'rate-cards-apply-en');
    await dialog.getByTestId('apply-confirm').click();
    await page.getByText('2 orders priced by rate cards').waitFor();
    const prices = await Promise.all(mtms.map(async (mtm) => (await admin.get(`/api/pricing?filter=${encodeURIComponent(JSON.stringify({ q: mtm }))}`)).body[0]));
    expect(prices.map((order) => order.baseSalePrice)).toEqual(['360.50', '360.50', null]);
    expect(prices[0].rateCardId).toEqual(prices[1].rateCardId);

    await page.goto(`${env.app.url}/rate-cards/${prices[0].rateCardId}`);
    await expectCount(page.getByTestId('priced-orders').locator('tbody tr'), 2);
    await screenshot(page, 'rate-card-edit-en');
    await closePage(page);
  });
});

describe('rate cards (cn, phone)', () => {
  it('shows the list and the form in Chinese on a phone', async () => {
    const page = await newPage(env.browser, env.app.url, { width: 390, height: 844 });
    await signIn(page, 'manager', { path: '/rate-cards', language: 'cn' });
    await page.getByText('Card Freight all trucks').waitFor();
    await screenshot(page, 'rate-cards-list-cn-phone');
    await page.getByText('Card Freight all trucks').click();
    await page.getByText('适用范围').waitFor();
    await page.getByText('由此运价卡定价的订单').waitFor();
    await screenshot(page, 'rate-card-edit-cn-phone');
    await closePage(page);
  });
});
