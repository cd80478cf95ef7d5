import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import { closePage, expectAbsent, newPage, openInApp, paste, screenshot, signIn, useAppInBrowser } from '../helpers/browser';
import { signedInAs, type HttpClient } from '../helpers/httpClient';
import { completedOrders, createOrderReferences } from '../helpers/orderReferences';
import { leaksIn, withdrawFieldGroups } from '../helpers/fieldGroups';

// Field groups (docs/roles-and-permissions.md#field-groups): the screens leave out the prices the
// server withholds from a person's role, rather than show empty columns; the admin gives and takes
// them on the permissions page.
const env = useAppInBrowser();

/** Prices no other order has: a screen that shows one of them shows a withheld price. */
const PRICES = { basePurchasePrice: '7301.11', haulingBuyPrice: '7302.22', baseSalePrice: '8401.44', haulingSalePrice: '8402.55' };
/** The prices no other order has, by the group that withholds them (the MTM totals and the margin the database sums). */
const SIGNS = { purchase: [PRICES.basePurchasePrice, PRICES.haulingBuyPrice, '14603.33'],
  sale: [PRICES.baseSalePrice, PRICES.haulingSalePrice, '16803.99'], margin: ['2200.66'] };

let admin: HttpClient;
/** A completed order in the regional dispatcher's area, priced with PRICES. */
let order: { id: number; mtmNumber: string };

beforeAll(async () => {
  admin = await signedInAs(env.app.url, 'admin');
  const refs = await createOrderReferences(env.app, admin);
  const [id] = await completedOrders(env.app, refs, 'FG', 1);
  order = await env.app.db('orders').where({ id }).first('id', 'mtmNumber');
  const priced = await admin.put(`/api/pricing/${order.id}`, PRICES);
  if (priced.status !== 200) throw new Error(`prices: ${priced.status} ${JSON.stringify(priced.body)}`);
  // A report snapshot with the order in it.
  const run = await admin.post('/api/report-runs');
  if (run.status !== 201) throw new Error(`report run: ${run.status}`);
});

/** Any of the order's prices shown in `text`. */
const shownSigns = (text: string) => leaksIn(text, SIGNS, ['purchase', 'sale', 'margin']);
/** What a role without the purchase prices may not see shown in `text`: the purchase prices, their MTM total and the margin. */
const shownPurchaseSigns = (text: string) => leaksIn(text, SIGNS, ['purchase', 'margin']);

describe('prices a role may not see', () => {
  it('a regional dispatcher\'s order detail, list and export have no price anywhere (cn, 1440)', async () => {
    const page = await newPage(env.browser, env.app.url, { width: 1440, height: 900 });
    await signIn(page, 'regional_dispatcher', { path: `/orders/${order.id}`, language: 'cn' });
    await page.getByTestId('order-details').getByText(order.mtmNumber).waitFor();
    await expectAbsent(page.getByTestId('order-prices'), page.getByTestId('order-timeline-card'));
    expect(await page.getByText('价格', { exact: true }).count()).toBe(0);
    expect(shownSigns(await page.locator('body').innerText())).toEqual([]);
    await screenshot(page, 'field-groups-dispatcher-order-cn-1440');

    await page.goto('/orders');
    await page.locator('tbody tr', { hasText: order.mtmNumber }).waitFor();
    expect(shownSigns(await page.locator('body').innerText())).toEqual([]);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: '导出 CSV', exact: true }).click()]);
    const csv = await readFile(await download.path(), 'utf8');
    const [header, ...rows] = Papa.parse<string[]>(csv.slice(1), { skipEmptyLines: true }).data;
    expect(header).toContain('MTM 号');
    expect(header.filter((name) => /价/.test(name))).toEqual([]);
    expect(rows.some((cells) => cells.includes(order.mtmNumber))).toBe(true);
    expect(shownSigns(csv)).toEqual([]);
    await closePage(page);
  });

  it('a team leader sees the sale prices of an order and the sales in the reports, not the purchase side nor the margin (en, phone)', async () => {
    const page = await newPage(env.browser, env.app.url, { width: 390, height: 844 });
    await signIn(page, 'team_leader', { path: `/orders/${order.id}`, language: 'en' });
    const prices = page.getByTestId('order-prices');
    await prices.getByText('8,401.44').waitFor();
    expect(await prices.getByText(/purchase|buy/i).count()).toBe(0);
    expect(shownPurchaseSigns(await prices.innerText())).toEqual([]);
    await screenshot(page, 'field-groups-team-leader-order-en-390');

    await openInApp(page, '/reports');
    await page.getByTestId('summary-saleTotal').waitFor();
    await expectAbsent(page.getByTestId('summary-margin'), page.getByTestId('summary-orders'));
    const head = await page.getByTestId('report-table').locator('thead').innerText();
    expect(head).toContain('Sale');
    expect(head).not.toContain('Margin');
    await screenshot(page, 'field-groups-team-leader-reports-en-390');
    await closePage(page);
  });

  it('a biller without the purchase prices prices the sale side alone on pricing management (en, 1440 and phone)', async () => {
    const giveBack = await withdrawFieldGroups(env.app, 'biller', ['order.purchase_prices']);
    try {
      const filter = encodeURIComponent(JSON.stringify({ q: order.mtmNumber }));
      const page = await newPage(env.browser, env.app.url, { width: 1440, height: 900 });
      await signIn(page, 'biller', { path: `/pricing-management?filter=${filter}`, language: 'en' });
      const grid = page.locator('[role=grid]');
      await grid.locator('thead').getByText('Base sale price').waitFor();
      const head = await grid.locator('thead').innerText();
      expect(['Base purchase price', 'Hauling buy price', 'MTM buy price', 'Margin'].filter((name) => head.includes(name))).toEqual([]);
      await page.getByText('The prices of completed orders your role may see.', { exact: false }).waitFor();
      await page.getByTestId('stat-sale-total').waitFor();
      await expectAbsent(page.getByTestId('stat-buy-total').or(page.getByTestId('stat-margin')).or(page.getByTestId('stat-not-set'))
        .or(page.getByTestId('stat-complete')), page.getByTestId('stat-total'));
      expect(shownPurchaseSigns(await page.locator('body').innerText())).toEqual([]);
      await screenshot(page, 'field-groups-biller-sale-only-en-1440', { fullPage: false });

      const row = grid.locator('tbody tr', { hasText: order.mtmNumber });
      await row.getByTestId('edit-prices').click();
      await row.getByTestId('price-baseSalePrice').fill('8401.45');
      await row.getByTestId('save-prices').click();
      await row.getByTestId('price-baseSalePrice').waitFor({ state: 'detached' });
      expect(await env.app.db('orders').where({ id: order.id }).first('basePurchasePrice', 'baseSalePrice'))
        .toEqual({ basePurchasePrice: PRICES.basePurchasePrice, baseSalePrice: '8401.45' });
      // A block pasted from the order's own cell fills the prices the grid shows: the sale side, not the withheld purchase side.
      await row.locator('td.column-mtmNumber').click();
      await paste(page, '8401.46\t8402.56\t1.5\r\n');
      await page.getByTestId('toast').filter({ hasText: '1 saved, 0 refused' }).waitFor();
      expect(await env.app.db('orders').where({ id: order.id })
        .first('basePurchasePrice', 'haulingBuyPrice', 'foulTripBuyPrice', 'baseSalePrice', 'haulingSalePrice', 'foulTripSalePrice'))
        .toEqual({ basePurchasePrice: PRICES.basePurchasePrice, haulingBuyPrice: PRICES.haulingBuyPrice, foulTripBuyPrice: null,
          baseSalePrice: '8401.46', haulingSalePrice: '8402.56', foulTripSalePrice: '1.50' });
      await closePage(page);

      const phone = await newPage(env.browser, env.app.url, { width: 390, height: 844 });
      await signIn(phone, 'biller', { path: `/pricing-management?filter=${filter}`, language: 'en' });
      const card = phone.getByTestId('pricing-card').filter({ hasText: order.mtmNumber });
      await card.getByText('Base sale price').waitFor();
      expect(await card.getByText(/purchase|buy|margin/i).count()).toBe(0);
      await screenshot(phone, 'field-groups-biller-sale-only-en-390');
      await closePage(phone);
    } finally {
      await giveBack();
      await admin.put(`/api/pricing/${order.id}`, { baseSalePrice: PRICES.baseSalePrice, haulingSalePrice: PRICES.haulingSalePrice,
        foulTripSalePrice: null });
    }
  });

  it('a director without the purchase prices sees the pricing in the activity log as not undoable by them (cn, 1440)', async () => {
    // The admin's last change of the order's purchase prices, which nothing changed since.
    expect((await admin.put(`/api/pricing/${order.id}`, { foulTripBuyPrice: '1.23' })).status).toBe(200);
    const { actionId: pricedBy } = await env.app.db('activityLogs').where({ action: 'update', entityType: 'order', entityId: String(order.id) })
      .orderBy('id', 'desc').first('actionId');
    const giveBack = await withdrawFieldGroups(env.app, 'director', ['order.purchase_prices']);
    try {
      const page = await newPage(env.browser, env.app.url, { width: 1440, height: 900 });
      const filter = encodeURIComponent(JSON.stringify({ actionId: pricedBy, grouped: true }));
      await signIn(page, 'director', { path: `/activity-logs?filter=${filter}`, language: 'cn' });
      await page.locator('tbody tr').first().click();
      await page.getByTestId('undo-action').click();
      const dialog = page.getByTestId('undo-dialog');
      await dialog.getByTestId('undo-refusal').getByText('权限不足：您的角色不能查看或修改这些价格').waitFor();
      await dialog.getByTestId('undo-summary').waitFor();
      expect(await dialog.getByTestId('undo-confirm').isDisabled()).toBe(true);
      expect(shownPurchaseSigns(await page.locator('body').innerText())).toEqual([]);
      await screenshot(page, 'field-groups-director-undo-cn-1440');
      await closePage(page);
    } finally {
      await giveBack();
      await admin.put(`/api/pricing/${order.id}`, { foulTripBuyPrice: null });
    }
  });

  it('the admin gives the team leaders the purchase prices on the permissions page, and takes them back (en)', async () => {
    const page = await newPage(env.browser, env.app.url, { width: 1440, height: 900 });
    await signIn(page, 'admin', { path: '/permissions', language: 'en' });
    const box = page.getByTestId('field-group-team_leader-order.purchase_prices');
    await box.waitFor();
    expect(await box.isChecked()).toBe(false);
    expect(await page.getByTestId('field-group-team_leader-order.sale_prices').isChecked()).toBe(true);
    expect(await page.getByTestId('field-group-regional_dispatcher-order.sale_prices').isChecked()).toBe(false);
    await box.check();
    await page.getByText('Unsaved changes: roles 1, users 0').waitFor();
    await screenshot(page, 'field-groups-permissions-en-1440', { fullPage: false });
    await page.getByTestId('permissions-save').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await page.getByText('No unsaved changes').waitFor();
    expect((await admin.get('/api/permissions')).body.fieldGroups.team_leader).toEqual(['order.purchase_prices', 'order.sale_prices']);

    const leader = await newPage(env.browser, env.app.url, { width: 1440, height: 900 });
    await signIn(leader, 'team_leader', { path: `/orders/${order.id}`, language: 'en' });
    await leader.getByTestId('order-prices').getByText('7,301.11').waitFor();
    await closePage(leader);

    await box.uncheck();
    await page.getByTestId('permissions-save').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await page.getByText('No unsaved changes').waitFor();
    expect((await admin.get('/api/permissions')).body.fieldGroups.team_leader).toEqual(['order.sale_prices']);
    await closePage(page);
  });
});
