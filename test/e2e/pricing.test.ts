import type { Role } from '@kernel/users/roles';
import type { Page } from 'playwright-core';
import { signedInAs, type HttpClient } from '../helpers/httpClient';
import { chooseLanguage, expectCount, newPage, screenshot, signIn, twoFramesLater, useAppInBrowser } from '../helpers/browser';
import { createOrder } from '../helpers/orders';
import { SUPPLIER_CONTACT } from '../helpers/supplierContact';
import { dayFrom, FIXED_NOW } from '../helpers/testClock';

// The pages' this year, this month and this week are FIXED_NOW's (testClock.ts).
const env = useAppInBrowser({ clock: FIXED_NOW });

let admin: HttpClient;
const orders: Record<string, { id: number; version: number }> = {};
/** Completed two days before the clock's today, in its month of its year. */
const COMPLETED_AT = new Date(FIXED_NOW.getFullYear(), FIXED_NOW.getMonth(), FIXED_NOW.getDate() - 2, 10, 30);
/** Last December: still unpriced, and in sight by default. */
const LAST_YEAR = new Date(FIXED_NOW.getFullYear() - 1, 11, 15, 9, 0);

/**
 * PR-1..PR-4 and PR-OLD completed the way the flow completes an order (a POD, then the last
 * transition); PR-OPEN stays open.
 */
beforeAll(async () => {
  admin = await signedInAs(env.app.url, 'admin');
  const warehouse = (await admin.post('/api/warehouses', { code: 'W-PR', name: 'Pricing DC' })).body.id;
  const supplier = (await admin.post('/api/suppliers', { name: '顺达物流 Shunda Freight', ...SUPPLIER_CONTACT })).body.id;
  const area = (await admin.post('/api/delivery-areas', { code: 'PR', name: '华东 East' })).body.id;
  const assignedUserId = (await admin.get('/api/user')).body.id;
  for (const mtm of ['PR-OLD', 'PR-1', 'PR-2', 'PR-3', 'PR-4', 'PR-OPEN']) {
    const completion = mtm === 'PR-OLD' ? LAST_YEAR : COMPLETED_AT;
    // Picked up days before its completion (a completion is never before its pickup date).
    const created = await createOrder(admin, { mtmNumber: mtm, supplierId: supplier, pickupWarehouseId: warehouse, assignedUserId,
      deliveryAreaId: area, pickupDate: dayFrom(completion, -5), mosDate: dayFrom(completion, -2) });
    orders[mtm] = created;
    if (mtm === 'PR-OPEN') continue;
    await env.app.db('orders').where({ id: created.id }).update({ status: 'awaiting_pod_upload' });
    await env.app.db('orderAttachments').insert({ orderId: created.id, kind: 'pod', fileName: 'pod.pdf',
      contentType: 'application/pdf', size: 5, content: Buffer.from('%PDF-') });
    const done = await admin.post(`/api/orders/${created.id}/transitions`,
      { to: 'completed', completionDate: completion.toISOString() });
    if (done.status !== 200) throw new Error(`complete ${mtm}: ${done.status} ${JSON.stringify(done.body)}`);
    orders[mtm] = done.body;
  }
  // PR-4 is fully priced from the start.
  const priced = await admin.put(`/api/pricing/${orders['PR-4'].id}`,
    { basePurchasePrice: '100.00', baseSalePrice: '120.00', version: orders['PR-4'].version });
  if (priced.status !== 200) throw new Error(`price PR-4: ${priced.status} ${JSON.stringify(priced.body)}`);
});

const row = (page: Page, mtm: string) =>
  page.locator('tbody tr', { has: page.getByTestId('pricing-mtm').getByText(mtm, { exact: true }) });
const card = (page: Page, mtm: string) =>
  page.getByTestId('pricing-card').filter({ has: page.getByTestId('pricing-mtm').getByText(mtm, { exact: true }) });
const cell = (scope: ReturnType<typeof row>, source: string) => scope.locator(`td.column-${source} [data-value]`);
const stat = (page: Page, name: string) => page.getByTestId(`stat-${name}-value`);
const waitText = (locator: ReturnType<typeof row>, text: string) => locator.filter({ hasText: text }).first().waitFor();

/** Signs in as `role` straight onto the page. */
async function openPricing(page: Page, role: Role) {
  await signIn(page, role, { path: '/pricing-management' });
  await page.getByTestId('page-title').waitFor();
  await page.getByTestId('pricing-mtm').first().waitFor();
}

async function search(page: Page, text: string, rows: number) {
  await page.locator('input[name=q]').fill(text);
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid=pricing-mtm]').length === n, rows);
}

const priceFromApi = async (mtm: string) => (await admin.get(`/api/pricing/${orders[mtm].id}`)).body;

describe('pricing management (cn, light)', () => {
  it('shows the statistics, edits prices in place and shows the totals the database computed', async () => {
    const page = await newPage(env.browser, env.app.url);
    await openPricing(page, 'biller');
    expect(await page.getByTestId('page-title').innerText()).toBe('定价管理');
    // All time by default: last year's unpriced order counts too.
    await waitText(stat(page, 'total'), '5');
    expect(await stat(page, 'complete').innerText()).toBe('1');
    expect(await stat(page, 'not-set').innerText()).toBe('4');
    expect(await stat(page, 'buy-total').innerText()).toBe('100.00');
    await expectCount(row(page, 'PR-OLD'), 1);
    // The open order is not priced here.
    expect(await page.getByText('PR-OPEN').count()).toBe(0);

    await search(page, 'PR-1', 1);
    const pr1 = row(page, 'PR-1');
    await pr1.getByTestId('edit-prices').click();
    // A negative price, a third decimal and a price whose side could overflow are refused before anything is sent.
    await pr1.getByTestId('price-basePurchasePrice').fill('-1');
    await pr1.getByTestId('price-haulingBuyPrice').fill('0.205');
    await pr1.getByTestId('price-foulTripBuyPrice').fill('1000000000');
    await pr1.getByTestId('save-prices').click();
    await pr1.getByText('价格不能为负数').waitFor();
    await pr1.getByText('最多两位小数').waitFor();
    await pr1.getByText('金额不能超过 999,999,999.99').waitFor();
    expect((await priceFromApi('PR-1')).version).toBe(orders['PR-1'].version);
    await pr1.getByTestId('price-foulTripBuyPrice').fill('');

    await pr1.getByTestId('price-basePurchasePrice').fill('0.10');
    await pr1.getByTestId('price-haulingBuyPrice').fill('0.20');
    await pr1.getByTestId('price-baseSalePrice').fill('0.5');
    await pr1.getByTestId('price-foulTripSalePrice').fill('1234.56');
    // The totals follow the typing, before anything is saved.
    expect(await cell(pr1, 'mtmBuyPrice').getAttribute('data-value')).toBe('0.30');
    expect(await cell(pr1, 'margin').getAttribute('data-value')).toBe('1234.76');
    await screenshot(page, 'pricing-edit-cn-light');
    await pr1.getByTestId('price-foulTripSalePrice').press('Enter');
    const toast = page.getByTestId('toast');
    await toast.waitFor();
    expect(await toast.innerText()).toContain('价格已成功更新');
    // 0.10 + 0.20 is exactly 0.30: summed by the database, not by a float.
    await waitText(cell(pr1, 'mtmBuyPrice'), '0.30');
    expect(await cell(pr1, 'mtmSalePrice').getAttribute('data-value')).toBe('1235.06');
    expect(await cell(pr1, 'margin').getAttribute('data-value')).toBe('1234.76');
    expect(await cell(pr1, 'mtmSalePrice').innerText()).toBe('1,235.06');
    expect(await cell(pr1, 'basePurchasePrice').innerText()).toBe('0.10');
    expect(await priceFromApi('PR-1')).toMatchObject({ mtmBuyPrice: '0.30', mtmSalePrice: '1235.06', margin: '1234.76' });
    // The cards follow: PR-1 now has both base prices.
    await waitText(stat(page, 'complete'), '2');
    expect(await stat(page, 'buy-total').innerText()).toBe('100.30');
    expect(await stat(page, 'margin').innerText()).toBe('1,254.76');
    await page.locator('input[name=q]').fill('');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=pricing-mtm]').length === 5);
    // An order whose pricing is not set has no margin yet.
    expect(await cell(row(page, 'PR-2'), 'margin').innerText()).toBe('—');
    await screenshot(page, 'pricing-cn-light');
  });

  it('cancels with Escape and reports a stale version with the customer\'s failure toast and on the price, even after the list reloaded', async () => {
    const page = await newPage(env.browser, env.app.url);
    await openPricing(page, 'manager');
    await search(page, 'PR-2', 1);
    const pr2 = row(page, 'PR-2');
    await pr2.getByTestId('edit-prices').click();
    await pr2.getByTestId('price-baseSalePrice').fill('9');
    await pr2.getByTestId('price-baseSalePrice').press('Escape');
    await pr2.getByTestId('edit-prices').waitFor();
    // The keyboard stays on the row: the focus goes back to the price's cell of the grid.
    expect(await pr2.locator('td.column-baseSalePrice').evaluate((cell) => cell === document.activeElement)).toBe(true);
    expect((await priceFromApi('PR-2')).baseSalePrice).toBeNull();

    await pr2.getByTestId('edit-prices').click();
    // Someone else prices the order meanwhile, and the list reloads under the open editor with the newer version.
    const current = await priceFromApi('PR-2');
    await admin.put(`/api/pricing/${current.id}`, { haulingBuyPrice: '7.00', version: current.version });
    await search(page, 'R-2', 1);
    await waitText(cell(pr2, 'mtmBuyPrice'), '7.00');
    await pr2.getByTestId('price-baseSalePrice').fill('9');
    await pr2.getByTestId('save-prices').click();
    const toast = page.getByTestId('toast');
    await toast.waitFor();
    expect(await toast.innerText()).toContain('更新失败');
    expect(await toast.innerText()).toContain('该订单刚被其他人修改');
    // Saved against the version editing started from: the other person's price stays, nothing is overwritten.
    // The typed price stays, marked with the reason, until Escape drops it.
    await pr2.getByText('该订单刚被其他人修改：按 Enter 用您的价格覆盖').waitFor();
    expect(await pr2.getByTestId('price-baseSalePrice').inputValue()).toBe('9');
    await pr2.getByTestId('price-baseSalePrice').press('Escape');
    await pr2.getByTestId('edit-prices').waitFor();
    expect(await priceFromApi('PR-2')).toMatchObject({ haulingBuyPrice: '7.00', baseSalePrice: null,
      version: current.version + 1 });
  });

  it('keeps typed prices: no other order opens until they are saved or cancelled', async () => {
    const page = await newPage(env.browser, env.app.url);
    await openPricing(page, 'biller');
    const [pr2, pr3] = [row(page, 'PR-2'), row(page, 'PR-3')];
    await pr2.getByTestId('edit-prices').click();
    // Nothing typed yet: another order may be opened instead.
    await pr3.getByTestId('edit-prices').click();
    await pr3.getByTestId('price-baseSalePrice').fill('8');
    expect(await pr2.getByTestId('edit-prices').isDisabled()).toBe(true);
    await pr2.getByTestId('edit-prices').locator('..').hover();
    await page.getByRole('tooltip').getByText('请先保存或取消正在编辑的价格').waitFor();
    await screenshot(page, 'pricing-dirty-cn-light');
    await pr3.getByTestId('price-baseSalePrice').press('Escape');
    expect(await pr2.getByTestId('edit-prices').isEnabled()).toBe(true);
    expect((await priceFromApi('PR-3')).baseSalePrice).toBeNull();
  });

  it('shows a server refusal on the price it names, in the UI language, and any other one as the failure toast', async () => {
    const page = await newPage(env.browser, env.app.url);
    await openPricing(page, 'biller');
    const pr3 = row(page, 'PR-3');
    // The server's answers (docs/error-codes.md): a field the editor does not show, then the price it does.
    let answer: object = { code: 'invalid_input', message: 'Invalid input: version', params: { fields: 'version' },
      errors: { version: 'This field is required' }, fields: { version: { code: 'required' } } };
    await page.route(`**/api/pricing/${orders['PR-3'].id}`, (route) => (route.request().method() === 'PUT'
      ? route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify(answer) })
      : route.continue()));
    await pr3.getByTestId('edit-prices').click();
    await pr3.getByTestId('price-baseSalePrice').fill('8');
    await pr3.getByTestId('save-prices').click();
    const toast = page.getByTestId('toast');
    await toast.waitFor();
    expect(await toast.innerText()).toContain('更新价格失败，请重试');
    const negative = 'baseSalePrice must not be negative';
    answer = { code: 'invalid_input', message: negative, params: { fields: 'baseSalePrice' },
      errors: { baseSalePrice: negative }, fields: { baseSalePrice: { code: 'too_small' } } };
    await pr3.getByTestId('save-prices').click();
    await pr3.getByText('价格不能为负数').waitFor();
    expect(await pr3.getByText('must not be negative').count()).toBe(0);
    await pr3.getByTestId('price-baseSalePrice').press('Escape');
  });

  it('says once, inline, that the list could not be loaded', async () => {
    const page = await newPage(env.browser, env.app.url);
    await page.route('**/api/pricing?**', (route) => route.fulfill({ status: 500, body: 'Internal Server Error' }));
    await signIn(page, 'biller', { path: '/pricing-management' });
    await page.getByTestId('pricing-load-error').waitFor();
    // Two frames for a toast the same failure could have raised.
    await twoFramesLater(page);
    expect(await page.getByText('加载数据出错').count()).toBe(1);
    expect(await page.getByTestId('toast').count()).toBe(0);
    await screenshot(page, 'pricing-load-error-cn-light');
  });
});

describe('pricing management (en, dark)', () => {
  it('filters the orders whose pricing is not set and a month, in English', async () => {
    const page = await newPage(env.browser, env.app.url, { colorScheme: 'dark' });
    await openPricing(page, 'biller');
    await chooseLanguage(page, 'English');
    await page.getByText('Pricing management', { exact: true }).first().waitFor();
    await page.getByText('Pricing not set only').click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=pricing-mtm]').length === 3);
    expect((await page.getByTestId('pricing-mtm').allInnerTexts()).sort()).toEqual(['PR-2', 'PR-3', 'PR-OLD']);

    // This month of this year holds the orders but last year's; another year holds none.
    await page.getByTestId('period-input').getByRole('combobox').first().click();
    await page.getByRole('option', { name: String(FIXED_NOW.getFullYear()), exact: true }).click();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await page.getByTestId('period-input').getByRole('combobox').nth(1).click();
    await page.getByRole('option', { name: 'Week', exact: true }).click();
    // The week picker names the ISO weeks by their Monday and Sunday.
    expect(await page.getByTestId('period-input').getByRole('combobox').nth(2).innerText()).toMatch(/^W\d{1,2} · .+ – .+/);
    // The filter applies after react-admin's debounce: the month's own page, not the week's still
    // on screen, is the one to edit in (a page fetched after the save would rightly drop PR-3).
    const month = `${FIXED_NOW.getFullYear()}-${String(FIXED_NOW.getMonth() + 1).padStart(2, '0')}`;
    const monthPage = page.waitForResponse((answer) => new URL(answer.url()).pathname === '/api/pricing'
      && JSON.parse(new URL(answer.url()).searchParams.get('filter') ?? '{}').period === month);
    await page.getByTestId('period-input').getByRole('combobox').nth(1).click();
    await page.getByRole('option', { name: 'Month', exact: true }).click();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await monthPage;
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=pricing-mtm]').length === 2);
    await waitText(stat(page, 'total'), '4');
    await screenshot(page, 'pricing-en-dark');

    const pr3 = row(page, 'PR-3');
    await pr3.getByTestId('edit-prices').click();
    await pr3.getByTestId('price-basePurchasePrice').fill('50');
    await pr3.getByTestId('price-baseSalePrice').fill('45.5');
    await pr3.getByTestId('price-baseSalePrice').press('Enter');
    const toast = page.getByTestId('toast');
    await toast.waitFor();
    expect(await toast.innerText()).toContain('Pricing has been updated successfully');
    // The row keeps showing what the server answered (a negative margin) until the list is reloaded.
    await waitText(cell(pr3, 'margin'), '-4.50').catch(async (error: Error) => {
      // Should it fail, say what the rows and the server had.
      throw new Error(`${error.message}\nrows: ${JSON.stringify(await page.locator('tbody').innerText())}`
        + `\nPR-3 on the server: ${JSON.stringify(await priceFromApi('PR-3'))}`);
    });
    expect(await priceFromApi('PR-3')).toMatchObject({ mtmBuyPrice: '50.00', mtmSalePrice: '45.50', margin: '-4.50' });
    await screenshot(page, 'pricing-saved-en-dark');
    await page.reload();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=pricing-mtm]').length === 1);

    await page.getByTestId('period-input').getByRole('combobox').first().click();
    await page.getByRole('option', { name: String(FIXED_NOW.getFullYear() - 2), exact: true }).click();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await page.getByTestId('pricing-empty').waitFor();
    await waitText(stat(page, 'total'), '0');
    await screenshot(page, 'pricing-empty-en-dark');
  });
});

describe('pricing management on a phone (375 px)', () => {
  it.each([['cn', 'light'], ['en', 'dark']] as const)('edits in place on a card (%s, %s)', async (language, scheme) => {
    const page = await newPage(env.browser, env.app.url, { width: 375, height: 812, colorScheme: scheme });
    await openPricing(page, 'biller');
    if (language === 'en') await chooseLanguage(page, 'English');
    const pr4 = card(page, 'PR-4');
    await pr4.waitFor();
    expect(await page.locator('tbody tr').count()).toBe(0);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    await pr4.getByTestId('edit-prices').click();
    // Base sale price 120.00 plus this hauling sale price.
    const [sale, total] = language === 'cn' ? ['130', '250.00'] : ['140.25', '260.25'];
    await pr4.getByTestId('price-haulingSalePrice').fill(sale);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, `pricing-mobile-edit-${language}-${scheme}`);
    await pr4.getByTestId('save-prices').click();
    await page.getByTestId('toast').waitFor();
    await pr4.locator(`[data-value="${total}"]`).first().waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, `pricing-mobile-${language}-${scheme}`);
  });
});
