import type { Page } from 'playwright-core';
import { signedInAs, type HttpClient } from '../helpers/httpClient';
import { chooseLanguage, closePage, newPage, openInApp, screenshot, signIn, useAppInBrowser } from '../helpers/browser';
import { fillDate } from '../helpers/dateFields';
import { eventually } from '../helpers/eventually';
import { createOrder } from '../helpers/orders';
import { SUPPLIER_CONTACT } from '../helpers/supplierContact';
import { DEMO_USERS, demoUserName } from '../../seeds/demo';

const env = useAppInBrowser();

let admin: HttpClient;
const refs = { warehouse: 0, area: 0, supplier: 0, leader: 0, order: 0 };

beforeAll(async () => {
  admin = await signedInAs(env.app.url, 'admin');
  const created = async (url: string, body: object) => (await admin.create(url, body)).id;
  refs.warehouse = await created('/api/warehouses', { code: 'LG-DC', name: '语言仓 Language DC' });
  refs.area = await created('/api/delivery-areas', { code: 'LG-A', name: '语言区 Language area' });
  refs.supplier = await created('/api/suppliers', { name: '语言物流 Lingo Freight', ...SUPPLIER_CONTACT });
  refs.leader = (await env.app.db('users').where({ username: 'team_leader' }).first()).id;
  // Six orders: five a page shows the list's pagination; the first is completed for a report.
  for (let n = 1; n <= 6; n += 1) {
    const { id } = await createOrder(admin, { mtmNumber: `LG-${n}`, supplierId: refs.supplier,
      pickupWarehouseId: refs.warehouse, deliveryAreaId: refs.area, assignedUserId: refs.leader,
      pickupDate: '2026-11-23', mosDate: '2026-11-28' });
    if (n === 1) refs.order = id;
  }
  await env.app.db('orders').where({ id: refs.order }).update({ status: 'completed', completionDate: new Date(),
    basePurchasePrice: '100.00', baseSalePrice: '150.00' });
  const run = await admin.post('/api/report-runs');
  if (run.status !== 201) throw new Error(`report run: ${run.status} ${JSON.stringify(run.body)}`);
});

/** A signed-in admin's page; `timezoneId` west of UTC is where a calendar date read as midnight UTC would slip a day. */
async function adminPage(path: string, options: { timezoneId?: string } = {}): Promise<Page> {
  const page = await newPage(env.browser, env.app.url, options);
  await signIn(page, 'admin', { path });
  return page;
}

const ariaLabels = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((elements) => elements.map((element) => element.getAttribute('aria-label') ?? ''));

/** Types into a react-admin AutocompleteInput and picks the option holding `text`. */
async function pick(page: Page, source: string, search: string, text: RegExp) {
  const input = page.locator(`.ra-input-${source} input`);
  await input.click();
  await input.fill(search);
  await page.getByRole('option', { name: text }).click();
}

describe("MUI's and the charts' own texts follow the UI language", () => {
  it("pagination, Autocomplete and the permission matrix speak Chinese in cn, English in en", async () => {
    const page = await adminPage('/orders?perPage=5&page=1');
    await page.locator('tbody tr').first().waitFor();
    const pagination = await ariaLabels(page, 'nav[aria-label], nav [aria-label]');
    expect(pagination).toEqual(expect.arrayContaining(['分页导航', '转到下一页']));
    expect(pagination.join(' ')).not.toMatch(/pagination|Go to/i);

    // The permissions page's user picker is MUI's own Autocomplete: its texts come from the theme.
    await openInApp(page, '/permissions');
    await page.getByRole('checkbox', { name: '经理：回收站' }).waitFor();
    const addUser = page.locator('.MuiAutocomplete-root', { has: page.getByTestId('add-user') });
    await addUser.getByRole('button', { name: '打开' }).waitFor();
    await page.getByTestId('add-user').fill('没有这个人');
    await page.getByText('没有可用选项').waitFor();
    await screenshot(page, 'languages-permissions-cn');
    expect(await page.locator('[aria-label=Open], [aria-label=Clear], [title=Open]').count()).toBe(0);
    await page.keyboard.press('Escape');
    expect(await page.getByRole('checkbox', { name: '经理：回收站' }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: '管理员：权限管理' }).isDisabled()).toBe(true);
    expect((await ariaLabels(page, '[data-testid=role-matrix] input[type=checkbox]')).join(' ')).not.toMatch(/[a-z]_[a-z]|manager/);

    await openInApp(page, '/orders?perPage=5&page=1');
    await page.locator('tbody tr').first().waitFor();
    await chooseLanguage(page, 'English');
    // The pagination's label and its buttons' labels come from two renders (the theme's locale after the texts).
    await eventually(async () => expect(await ariaLabels(page, 'nav[aria-label], nav [aria-label]'))
      .toEqual(expect.arrayContaining(['pagination navigation', 'Go to next page'])));
    await openInApp(page, '/permissions');
    await page.getByRole('checkbox', { name: 'Manager: Trash' }).waitFor();
    await closePage(page);
  });

  it("a report chart's legend reads Chinese in cn and English in en", async () => {
    const page = await adminPage('/reports/trend');
    const legend = page.getByTestId('report-chart').locator('.recharts-legend-item-text');
    await legend.first().waitFor();
    expect(await legend.allInnerTexts()).toEqual(expect.arrayContaining(['订单数', '完成率', '销售金额']));
    expect((await legend.allInnerTexts()).join(' ')).not.toMatch(/[A-Za-z]/);
    await chooseLanguage(page, 'English');
    await page.getByTestId('report-chart').getByText('Completion rate', { exact: true }).waitFor();
    expect(await legend.allInnerTexts()).toEqual(expect.arrayContaining(['Orders', 'Completion rate', 'Sale']));
    await closePage(page);
  });
});

describe('dates in the UI language', () => {
  it("shows an order's calendar dates and times in cn and en, the same day west of UTC", async () => {
    const page = await adminPage(`/orders/${refs.order}`, { timezoneId: 'America/Los_Angeles' });
    const pickup = page.getByTestId('order-pickup-date');
    await pickup.getByText('2026年11月23日', { exact: true }).waitFor();
    expect(await page.getByTestId('order-completion-date').innerText()).toMatch(/\d{4}年\d{1,2}月\d{1,2}日 \d{2}:\d{2}/);
    await screenshot(page, 'languages-order-detail-cn');
    await chooseLanguage(page, 'English');
    await pickup.getByText('Nov 23, 2026', { exact: true }).waitFor();
    expect(await page.getByTestId('order-completion-date').innerText()).toMatch(/[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M/);
    await screenshot(page, 'languages-order-detail-en');
    await closePage(page);
  });

  it('the new-order date picker speaks the UI language, and saves the day picked whatever the time zone', async () => {
    const page = await adminPage('/new-order', { timezoneId: 'America/New_York' });
    const pickup = page.locator('.ra-input-pickupDate');
    expect(await pickup.getAttribute('data-format')).toBe('YYYY/MM/DD');
    await pickup.getByRole('button', { name: '选择日期' }).click();
    const calendar = page.getByRole('dialog');
    await calendar.locator('.MuiPickersCalendarHeader-label').getByText(/^\d{4}年\d{1,2}月$/).waitFor();
    expect(await calendar.locator('.MuiDayCalendar-weekDayLabel').allInnerTexts()).toEqual(['一', '二', '三', '四', '五', '六', '日']);
    await screenshot(page, 'languages-picker-cn');
    await page.keyboard.press('Escape');

    await chooseLanguage(page, 'English');
    expect(await pickup.getAttribute('data-format')).toBe('MM/DD/YYYY');
    await pickup.getByRole('button', { name: 'Choose date' }).click();
    await calendar.locator('.MuiPickersCalendarHeader-label').getByText(/^(January|February|March|April|May|June|July|August|September|October|November|December) \d{4}$/).waitFor();
    expect(await calendar.locator('.MuiDayCalendar-weekDayLabel').allInnerTexts()).toEqual(['S', 'M', 'T', 'W', 'T', 'F', 'S']);
    await screenshot(page, 'languages-picker-en');
    await page.keyboard.press('Escape');

    await page.locator('input[name=mtmNumber]').fill('LG-NEW');
    await page.locator('input[name=dnNumber]').fill('DN-LG-NEW');
    await pick(page, 'pickupWarehouseId', 'LG', /语言仓/);
    await pick(page, 'assignedUserId', DEMO_USERS.team_leader.firstName, new RegExp(demoUserName('team_leader')));
    await pick(page, 'deliveryAreaId', 'LG', /语言区/);
    await fillDate(page, 'pickupDate', '2026-11-23');
    await fillDate(page, 'mosDate', '2027-01-05');
    expect(await pickup.locator('input').inputValue()).toBe('11/23/2026');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((url) => /^\/orders\/\d+$/.test(url.pathname));
    const { body: saved } = await admin.get(`/api/orders/${new URL(page.url()).pathname.split('/')[2]}`);
    expect(saved).toMatchObject({ mtmNumber: 'LG-NEW', pickupDate: '2026-11-23', mosDate: '2027-01-05' });
    await page.getByTestId('order-pickup-date').getByText('Nov 23, 2026', { exact: true }).waitFor();
    await closePage(page);
  });
});
