import type { Page } from 'playwright-core';
import { signedInAs, type HttpClient } from '../helpers/httpClient';
import { closePage, expectCount, newPage, openInApp, screenshot, signIn, useAppInBrowser } from '../helpers/browser';
import { fillDate } from '../helpers/dateFields';
import { eventually } from '../helpers/eventually';
import { createOrder } from '../helpers/orders';
import { SUPPLIER_CONTACT } from '../helpers/supplierContact';
import { dayFrom, FIXED_NOW } from '../helpers/testClock';

// Rate cards in the browser (#24): a biller enters a card, sees an overlapping one refused on its
// field, applies the cards to unpriced orders from pricing management, and finds them on the card.
// The pages' today is FIXED_NOW's (testClock.ts).
const env = useAppInBrowser({ clock: FIXED_NOW });

let admin: HttpClient;
const mtms = ['RC-1', 'RC-2', 'RC-3'];

beforeAll(async () => {
  admin = await signedInAs(env.app.url, 'admin');
  const warehouse = (await admin.create('/api/warehouses', { code: 'W-RC', name: 'Card DC' })).id;
  const supplier = (await admin.create('/api/suppliers', { name: '卡片物流 Card Freight', ...SUPPLIER_CONTACT })).id;
  await admin.create('/api/vehicle-types', { code: 'T-RC', name: '卡片车 Card truck' });
  const area = (await admin.create('/api/delivery-areas', { code: 'RC', name: '卡片区 Card area' })).id;
  const assignedUserId = (await admin.get('/api/user')).body.id;
  const pickupDate = dayFrom(FIXED_NOW, -5);
  for (const mtm of mtms) {
    const order = await createOrder(admin, { mtmNumber: mtm, supplierId: mtm === 'RC-3' ? null : supplier,
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
    await openInApp(page, '/rate-cards/create');
    await fillCard(page, 'Card Freight all trucks', '2026-01-01');
    await screenshot(page, 'rate-card-form-en');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.locator('td.column-name', { hasText: 'Card Freight all trucks' }).waitFor();
    await page.locator('td', { hasText: 'Open-ended' }).first().waitFor();
    await screenshot(page, 'rate-cards-list-en');

    await openInApp(page, '/rate-cards/create');
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
    await page.getByText('2026年1月1日 – 长期有效').waitFor();
    await screenshot(page, 'rate-cards-list-cn-phone');
    await page.getByText('Card Freight all trucks').click();
    await page.getByText('适用范围').waitFor();
    await page.getByText('由此运价卡定价的订单').waitFor();
    await screenshot(page, 'rate-card-edit-cn-phone');
    await closePage(page);
  });
});

describe('the rate-card list (1440 px)', () => {
  beforeAll(async () => {
    const supplierId = (await admin.create('/api/suppliers', { name: '筛选物流 Filter Freight', ...SUPPLIER_CONTACT })).id;
    const vehicleTypeId = (await admin.create('/api/vehicle-types', { code: 'T-FL', name: '筛选车 Filter truck' })).id;
    const deliveryAreaId = (await admin.create('/api/delivery-areas', { code: 'FL', name: '筛选区 Filter area' })).id;
    const prices = { basePurchasePrice: '1200.00', baseSalePrice: '1450.50', haulingBuyPrice: '80.00', haulingSalePrice: '95.00' };
    for (const card of [
      { name: 'Filter truck 2025', vehicleTypeId, validFrom: '2025-01-01', validTo: '2025-12-31' },
      { name: 'Filter area 2026', deliveryAreaId, validFrom: '2026-01-01' },
      { name: 'Filter any H1 2025', validFrom: '2025-01-01', validTo: '2025-06-30' },
    ]) await admin.create('/api/rate-cards', { supplierId, ...prices, ...card });
  });

  const names = (page: Page) => page.locator('tbody td.column-name');

  /**
   * The list's rows are these cards, once the list shows them: a count alone can match the list
   * before the last filter's answer (one card of the filter taken off, when one of the next is due).
   */
  async function expectCards(page: Page, expected: string[]) {
    await eventually(async () => expect((await names(page).allInnerTexts()).sort()).toEqual([...expected].sort()));
  }

  async function addFilter(page: Page, label: string) {
    await page.getByRole('button', { name: /Add filter|添加筛选/ }).click();
    await page.getByRole('menuitemcheckbox', { name: label }).click();
  }

  /** Every column in sight: the table does not scroll in its box, and its last column ends inside it. */
  async function expectWholeTable(page: Page) {
    await eventually(async () => expect(await page.locator('.RaDataTable-tableWrapper').evaluate((wrapper) => {
      const last = wrapper.querySelector('thead th:last-child')!.getBoundingClientRect();
      return { scrolls: wrapper.scrollWidth > wrapper.clientWidth, lastInside: last.right <= wrapper.getBoundingClientRect().right };
    })).toEqual({ scrolls: false, lastInside: true }));
  }

  it('filters by vehicle type, area and the day a card is valid on, every column in sight (en)', async () => {
    const page = await newPage(env.browser, env.app.url, { width: 1440, height: 900 });
    await signIn(page, 'biller', { path: '/rate-cards', language: 'en' });
    await pick(page, 'supplierId', '筛选', /筛选物流/);
    await expectCards(page, ['Filter area 2026', 'Filter any H1 2025', 'Filter truck 2025']);
    await expectWholeTable(page);
    await screenshot(page, 'rate-cards-filtered-en-1440');

    await addFilter(page, 'Vehicle type');
    await pick(page, 'vehicleTypeId', '筛选', /筛选车/);
    await expectCards(page, ['Filter truck 2025']);
    await page.locator('[data-source=vehicleTypeId] .hide-filter').click();
    await addFilter(page, 'Delivery area');
    await pick(page, 'deliveryAreaId', '筛选', /筛选区/);
    await expectCards(page, ['Filter area 2026']);
    await page.locator('[data-source=deliveryAreaId] .hide-filter').click();
    await expectCards(page, ['Filter area 2026', 'Filter any H1 2025', 'Filter truck 2025']);

    await addFilter(page, 'Valid on');
    await fillDate(page, 'validOn', '2025-03-01');
    await expectCards(page, ['Filter any H1 2025', 'Filter truck 2025']);
    await fillDate(page, 'validOn', '2025-07-01');
    await expectCards(page, ['Filter truck 2025']);
    await screenshot(page, 'rate-cards-valid-on-en-1440');
    await closePage(page);
  });

  const LOOKS = [['cn', 'dark'], ['en', 'light']] as const;

  it.each(LOOKS)('shows every column and offers every filter (%s, %s)', async (language, colorScheme) => {
    const page = await newPage(env.browser, env.app.url, { width: 1440, height: 900, colorScheme });
    await signIn(page, 'biller', { path: '/rate-cards', language });
    await names(page).getByText('Filter area 2026').waitFor();
    await expectWholeTable(page);
    await screenshot(page, `rate-cards-list-${language}-${colorScheme}-1440`);
    await page.getByRole('button', { name: /Add filter|添加筛选/ }).click();
    const labels = language === 'cn' ? ['车型', '配送区域', '有效日期'] : ['Vehicle type', 'Delivery area', 'Valid on'];
    for (const label of labels) await page.getByRole('menuitemcheckbox', { name: label }).waitFor();
    await screenshot(page, `rate-cards-filters-${language}-${colorScheme}-1440`, { fullPage: false });
    await closePage(page);
  });

  it.each(LOOKS)('insets the orders a card priced as its form (%s, %s)', async (language, colorScheme) => {
    const page = await newPage(env.browser, env.app.url, { width: 1440, height: 900, colorScheme });
    await signIn(page, 'biller', { path: '/rate-cards', language });
    await names(page).getByText('Filter area 2026').click();
    const section = page.getByTestId('priced-orders');
    await section.getByRole('heading').waitFor();
    const [heading, nameInput, card] = await Promise.all([section.getByRole('heading').boundingBox(),
      page.locator('.ra-input-name').boundingBox(), page.locator('.RaEdit-card').boundingBox()]);
    expect(Math.round(heading!.x)).toBe(Math.round(nameInput!.x));
    expect(Math.round(heading!.x - card!.x)).toBeGreaterThanOrEqual(16);
    await screenshot(page, `rate-card-edit-${language}-${colorScheme}-1440`);
    await closePage(page);
  });
});
