import type { Page } from 'playwright-core';
import { signedInAs, type HttpClient } from '../helpers/httpClient';
import { expectCount, newPage, paste, screenshot, signIn, useAppInBrowser } from '../helpers/browser';
import { eventually } from '../helpers/eventually';

// The keyboard pricing grid and its paste (docs/pricing.md#the-keyboard-grid).
const env = useAppInBrowser();
/** Twenty orders typed key by key are a long walk: the time of one test a few times over, on a busy machine too. */
const KEYBOARD_WALK = 240_000;

let admin: HttpClient;
/** Order id by MTM number. */
const ids: Record<string, number> = {};

const mtm = (prefix: string, n: number) => `${prefix}-${String(n).padStart(2, '0')}`;

/** `count` completed orders `prefix`-01…, listed in that order (newest completion first), made by one INSERT. */
async function completedOrders(prefix: string, count: number, warehouse: number, area: number) {
  const { rows } = await env.app.db.raw(`
    insert into orders (mtm_number, dn_number, pickup_warehouse_id, delivery_area_id, assigned_user_id,
      pickup_date, mos_date, status, completion_date)
    select ? || '-' || lpad(g::text, 2, '0'), 'DN-' || ? || '-' || g, ?, ?, (select id from users where username = 'admin'),
      current_date - 10, current_date - 5, 'completed', now() - g * interval '1 minute'
    from generate_series(1, ?) g
    returning id, mtm_number`, [prefix, prefix, warehouse, area, count]);
  for (const row of rows as Array<{ id: number; mtm_number: string }>) ids[row.mtm_number] = row.id;
}

beforeAll(async () => {
  admin = await signedInAs(env.app.url, 'admin');
  const warehouse = (await admin.create('/api/warehouses', { code: 'W-GRID', name: 'Grid DC' })).id;
  const area = (await admin.create('/api/delivery-areas', { code: 'GRID', name: '网格区 Grid area' })).id;
  await completedOrders('KB', 20, warehouse, area);
  await completedOrders('KE', 20, warehouse, area);
  await completedOrders('PS', 20, warehouse, area);
  await completedOrders('PE', 20, warehouse, area);
  await completedOrders('PH', 2, warehouse, area);
});

const order = async (name: string) => (await admin.get(`/api/pricing/${ids[name]}`)).body;

/** Opens pricing management on the orders whose MTM number holds `search`, by its address: no mouse, no typing into the filter. */
async function openGrid(page: Page, search: string, language: 'cn' | 'en', rows = 20) {
  const filter = encodeURIComponent(JSON.stringify({ q: search }));
  await signIn(page, 'biller', { path: `/pricing-management?filter=${filter}&perPage=25`, language });
  await page.waitForFunction((n) => document.querySelectorAll('[role=grid] [data-testid=pricing-mtm]').length === n, rows);
}

/** Presses Tab from the top of the page until the focus is in the grid: its one tab stop. */
async function tabIntoGrid(page: Page) {
  for (let presses = 0; presses < 80; presses += 1) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(() => document.activeElement?.getAttribute('role') === 'gridcell')) return presses + 1;
  }
  throw new Error('Tab never reached the grid');
}

/** The focused cell: its row's MTM number and its column (the price it holds, or another column's source). */
const focused = (page: Page) => page.evaluate(() => {
  const cell = document.activeElement?.closest('[role=gridcell]');
  const column = [...cell?.classList ?? []].find((name) => name.startsWith('column-'))?.slice('column-'.length);
  return { mtm: cell?.closest('tr')?.querySelector('[data-testid=pricing-mtm]')?.textContent, column,
    editing: document.activeElement?.tagName === 'INPUT' };
});

const row = (page: Page, name: string) => page.locator('tbody tr', { has: page.getByTestId('pricing-mtm').getByText(name, { exact: true }) });
const value = (page: Page, name: string, source: string) => row(page, name).locator(`td.column-${source} [data-value]`).getAttribute('data-value');

/** The prices the keyboard test types into its order n: a buy side and a sale side, the freight in cents. */
const typed = (n: number) => ({ basePurchasePrice: `${n * 10}`, haulingBuyPrice: '5', baseSalePrice: `${n * 10 + 7}.50`, haulingSalePrice: '2.25' });

describe.each([['KB', 'cn', 'light'], ['KE', 'en', 'dark']] as const)('a biller prices 20 orders with the keyboard alone (%s: %s, %s)',
  (prefix, language, scheme) => {
    it('types, tabs and saves row after row, the totals following the typing', async () => {
      const page = await newPage(env.browser, env.app.url, { width: 1440, height: 900, colorScheme: scheme });
      await openGrid(page, `${prefix}-`, language);
      expect(await page.getByTestId('grid-hint').innerText()).toContain(language === 'cn' ? '键盘操作' : 'Keyboard');
      await tabIntoGrid(page);
      // One tab stop: the focused cell, the first price of the first order.
      expect(await focused(page)).toEqual({ mtm: mtm(prefix, 1), column: 'basePurchasePrice', editing: false });
      expect(await page.locator('[role=gridcell][tabindex="0"]').count()).toBe(1);
      expect(await page.locator('[role=gridcell][aria-selected=true]').count()).toBe(1);
      expect(await page.locator('td.column-mtmBuyPrice[aria-readonly=true]').count()).toBe(20);

      // The arrows move, Escape drops what a digit started.
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowRight');
      expect(await focused(page)).toEqual({ mtm: mtm(prefix, 2), column: 'haulingBuyPrice', editing: false });
      await page.keyboard.type('9');
      expect(await focused(page)).toEqual({ mtm: mtm(prefix, 2), column: 'haulingBuyPrice', editing: true });
      await page.keyboard.press('Escape');
      expect(await focused(page)).toEqual({ mtm: mtm(prefix, 2), column: 'haulingBuyPrice', editing: false });
      expect(await value(page, mtm(prefix, 2), 'haulingBuyPrice')).toBe('');
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('ArrowLeft');

      for (let n = 1; n <= 20; n += 1) {
        const name = mtm(prefix, n);
        const prices = typed(n);
        expect(await focused(page)).toMatchObject({ mtm: name, column: 'basePurchasePrice' });
        await page.keyboard.type(prices.basePurchasePrice);
        await page.keyboard.press('Tab');
        await page.keyboard.type(prices.haulingBuyPrice);
        // The foul trip buy price stays empty: Tab passes it by.
        await page.keyboard.press('Tab');
        await page.keyboard.press('Tab');
        expect(await focused(page)).toEqual({ mtm: name, column: 'baseSalePrice', editing: true });
        await page.keyboard.type(prices.baseSalePrice);
        await page.keyboard.press('Tab');
        await page.keyboard.type(prices.haulingSalePrice);
        if (n === 1) {
          // The totals and the margin follow the typing, before anything is saved.
          expect(await value(page, name, 'mtmBuyPrice')).toBe('15.00');
          expect(await value(page, name, 'mtmSalePrice')).toBe('19.75');
          expect(await value(page, name, 'margin')).toBe('4.75');
          // The window as it is: a full-page picture resizes it for a moment, and a phone's width would swap the grid for cards.
          await screenshot(page, `pricing-grid-typing-${language}-${scheme}`, { fullPage: false });
        }
        await page.keyboard.press('Enter');
        // Saved, and down to the column the row's typing started in.
        if (n < 20) await eventually(async () => expect(await focused(page)).toEqual({ mtm: mtm(prefix, n + 1), column: 'basePurchasePrice', editing: false }));
        await eventually(async () => expect(await value(page, name, 'mtmBuyPrice')).toBe(`${n * 10 + 5}.00`));
      }
      await eventually(async () => expect(await page.getByTestId('grid-status').innerText()).toContain(mtm(prefix, 20)));
      await screenshot(page, `pricing-grid-${language}-${scheme}`);

      for (let n = 1; n <= 20; n += 1) {
        const saved = await order(mtm(prefix, n));
        expect(saved).toMatchObject({ basePurchasePrice: `${n * 10}.00`, haulingBuyPrice: '5.00', foulTripBuyPrice: null,
          baseSalePrice: `${n * 10 + 7}.50`, haulingSalePrice: '2.25', foulTripSalePrice: null,
          mtmBuyPrice: `${n * 10 + 5}.00`, mtmSalePrice: `${n * 10 + 9}.75`, margin: '4.75', version: 2 });
      }
    }, KEYBOARD_WALK);
  });

const STALE_HINT = { cn: '按 Enter 用您的价格覆盖', en: 'Enter saves your price over theirs' };
const SAVED_TOAST = { cn: '价格已成功更新', en: 'Pricing has been updated successfully' };

describe.each([['KB-01', 'en', 'light'], ['KB-02', 'cn', 'dark'], ['KE-01', 'cn', 'light'], ['KE-02', 'en', 'dark']] as const)(
  'the grid keeps what was typed when the save is refused (%s: %s, %s)', (name, language, scheme) => {
    it('marks a stale version on the row\'s prices and in the toast alike, and Enter saves them over the newer version, the refusal gone at once', async () => {
      const page = await newPage(env.browser, env.app.url, { width: 1440, height: 900, colorScheme: scheme });
      await openGrid(page, name, language, 1);
      await tabIntoGrid(page);
      const current = await order(name);
      await page.keyboard.press('Enter');
      await page.keyboard.press('Tab');
      await page.keyboard.type('6');
      // Someone else prices the order meanwhile.
      expect((await admin.put(`/api/pricing/${current.id}`, { foulTripSalePrice: '3.00', version: current.version })).status).toBe(200);
      await page.keyboard.press('Enter');
      await row(page, name).getByText(STALE_HINT[language]).waitFor();
      // The toast says what the cell says: not "apply your change again", but that Enter overwrites.
      const refusal = page.getByTestId('toast').filter({ hasText: STALE_HINT[language] });
      await refusal.waitFor();
      expect(await page.getByTestId('price-haulingBuyPrice').inputValue()).toBe('6');
      expect(await focused(page)).toEqual({ mtm: name, column: 'haulingBuyPrice', editing: true });
      await screenshot(page, `pricing-grid-stale-${language}-${scheme}`, { fullPage: false });
      await eventually(async () => expect(await value(page, name, 'mtmSalePrice')).toBe(
        (Number(current.mtmSalePrice) + 3).toFixed(2)));
      // The pointer rests on the refusal, which holds it open as long as it stays: only the save closes it.
      await refusal.hover();
      await page.keyboard.press('Enter');
      await page.getByTestId('toast').filter({ hasText: SAVED_TOAST[language] }).waitFor();
      expect(await refusal.count()).toBe(0);
      await eventually(async () => expect(await order(name)).toMatchObject({ haulingBuyPrice: '6.00', foulTripSalePrice: '3.00',
        version: current.version + 2 }));
    });
  });

/** Row n of the pasted block: six prices as a spreadsheet copies them, money formats and all. */
const pastedRow = (n: number) => [`¥1,${String(n).padStart(3, '0')}.50`, '20', '', `${n * 100}`, '', '3.5'];

describe.each([['PS', 'cn', 'light'], ['PE', 'en', 'dark']] as const)('pasting a 20 × 6 block (%s: %s, %s)', (prefix, language, scheme) => {
  it('saves 19 rows in one request and marks the one bad cell with its reason', async () => {
    const page = await newPage(env.browser, env.app.url, { width: 1440, height: 900, colorScheme: scheme });
    await openGrid(page, `${prefix}-`, language);
    await tabIntoGrid(page);
    const block = Array.from({ length: 20 }, (_, i) => pastedRow(i + 1));
    block[6][2] = '12x.5';
    const requests: string[] = [];
    page.on('request', (request) => { if (request.method() !== 'GET') requests.push(`${request.method()} ${new URL(request.url()).pathname}`); });
    await paste(page, `${block.map((cells) => cells.join('\t')).join('\r\n')}\r\n`);
    const toast = page.getByTestId('toast');
    await toast.waitFor();
    expect(await toast.innerText()).toContain(language === 'cn' ? '已保存 19 个订单，1 个被拒绝' : '19 saved, 1 refused');
    expect(requests).toEqual(['POST /api/pricing/paste']);
    const refusal = row(page, mtm(prefix, 7)).locator('td.column-foulTripBuyPrice').getByTestId('cell-refusal');
    await refusal.waitFor();
    expect(await refusal.innerText()).toBe(language === 'cn' ? '“12x.5” 请输入金额，例如 12.50' : '“12x.5” Enter an amount such as 12.50');
    // The row is saved whole or not at all: its other pasted prices say so.
    expect(await row(page, mtm(prefix, 7)).locator('td.column-baseSalePrice').getByTestId('cell-refusal').innerText())
      .toBe(language === 'cn' ? '“700” 未保存：该订单的另一个价格有误' : '“700” Not saved: another price of this order is wrong');
    expect(await page.getByTestId('cell-refusal').count()).toBe(5);
    await eventually(async () => expect(await value(page, mtm(prefix, 20), 'mtmSalePrice')).toBe('2003.50'));
    await screenshot(page, `pricing-grid-paste-${language}-${scheme}`);

    for (let n = 1; n <= 20; n += 1) {
      const saved = await order(mtm(prefix, n));
      if (n === 7) {
        expect(saved).toMatchObject({ basePurchasePrice: null, version: 1 });
        continue;
      }
      expect(saved).toMatchObject({ basePurchasePrice: `1${String(n).padStart(3, '0')}.50`, haulingBuyPrice: '20.00',
        foulTripBuyPrice: null, baseSalePrice: `${n * 100}.00`, haulingSalePrice: null, foulTripSalePrice: '3.50', version: 2 });
    }
    const logs = await env.app.db('activityLogs').where({ action: 'update', entityType: 'order' })
      .whereIn('entityId', Object.entries(ids).filter(([name]) => name.startsWith(`${prefix}-`)).map(([, id]) => String(id)));
    expect(logs).toHaveLength(19);
    expect(new Set(logs.map((log) => log.actionId)).size).toBe(1);
  });
});

describe('on a phone (390 px)', () => {
  it.each([['cn', 'light'], ['en', 'dark']] as const)('falls back to the row editor on cards (%s, %s)', async (language, scheme) => {
    const page = await newPage(env.browser, env.app.url, { width: 390, height: 844, colorScheme: scheme });
    const filter = encodeURIComponent(JSON.stringify({ q: 'PH-' }));
    await signIn(page, 'biller', { path: `/pricing-management?filter=${filter}`, language });
    await expectCount(page.getByTestId('pricing-card'), 2);
    expect(await page.locator('[role=grid]').count()).toBe(0);
    expect(await page.getByTestId('grid-hint').count()).toBe(0);
    const card = page.getByTestId('pricing-card').filter({ hasText: 'PH-01' });
    await card.getByTestId('edit-prices').click();
    await card.getByTestId('price-baseSalePrice').fill('88');
    await card.getByTestId('save-prices').click();
    // Saved once the editor has closed: while it is open the totals already read the typed 88.
    await card.getByTestId('price-baseSalePrice').waitFor({ state: 'detached' });
    await card.locator('[data-value="88.00"]').first().waitFor();
    await screenshot(page, `pricing-grid-phone-${language}-${scheme}`);
    await eventually(async () => expect((await order('PH-01')).baseSalePrice).toBe('88.00'));
    await admin.put(`/api/pricing/${ids['PH-01']}`, { baseSalePrice: null, version: (await order('PH-01')).version });
  });
});

describe('a page of 100 orders', () => {
  it('is offered, and a key typed changes nothing outside the order being typed', async () => {
    const page = await newPage(env.browser, env.app.url, { width: 1440, height: 900 });
    await signIn(page, 'biller', { path: '/pricing-management', language: 'en' });
    await page.locator('[role=grid] [data-testid=pricing-mtm]').first().waitFor();
    const total = Number((await admin.get('/api/pricing?range=%5B0%2C0%5D')).headers.get('content-range')!.split('/')[1]);
    expect(total).toBeGreaterThan(50);
    await page.locator('.MuiTablePagination-root [role=combobox]').click();
    expect(await page.getByRole('option').allInnerTexts()).toEqual(['5', '10', '25', '50', '100']);
    await page.getByRole('option', { name: '100', exact: true }).click();
    await expectCount(page.locator('[role=grid] [data-testid=pricing-mtm]'), Math.min(total, 100));

    const first = page.locator('[role=grid] tbody tr').first();
    const name = await first.getByTestId('pricing-mtm').innerText();
    await first.locator('td.column-basePurchasePrice').click();
    await page.keyboard.type('7');
    expect(await focused(page)).toEqual({ mtm: name, column: 'basePurchasePrice', editing: true });
    // Only the order being typed is drawn as selected.
    await page.mouse.move(0, 0);
    const selectedRows = () => page.locator('[role=grid] tbody tr').evaluateAll((rows) => rows
      .filter((tr) => getComputedStyle(tr).backgroundColor !== 'rgba(0, 0, 0, 0)')
      .map((tr) => tr.querySelector('[data-testid=pricing-mtm]')?.textContent));
    expect(await selectedRows()).toEqual([name]);

    // What the keys change in the table, row by row.
    await page.locator('[role=grid] tbody').evaluate((body) => {
      const changed = new Set<string>();
      (window as unknown as { changedRows: Set<string> }).changedRows = changed;
      new MutationObserver((records) => records.forEach((record) => {
        const node = record.target instanceof Element ? record.target : record.target.parentElement;
        changed.add(node?.closest('tr')?.querySelector('[data-testid=pricing-mtm]')?.textContent ?? '(no row)');
      })).observe(body, { subtree: true, childList: true, attributes: true, characterData: true });
    });
    const total7 = await value(page, name, 'mtmBuyPrice');
    await page.keyboard.type('5.5');
    expect(await page.getByTestId('price-basePurchasePrice').inputValue()).toBe('75.5');
    // The row's total follows the typing: 75.5 where 7 was.
    await eventually(async () => expect(Number(await value(page, name, 'mtmBuyPrice'))).toBeCloseTo(Number(total7) + 68.5, 2));
    expect(await page.evaluate(() => [...(window as unknown as { changedRows: Set<string> }).changedRows])).toEqual([name]);

    await page.keyboard.press('Escape');
    expect(await focused(page)).toEqual({ mtm: name, column: 'basePurchasePrice', editing: false });
    expect(await selectedRows()).toEqual([]);
  });
});
