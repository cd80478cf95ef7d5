import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { signedInAs, type HttpClient } from '../helpers/httpClient';
import { animationsDone, closePage, expectCount, newPage, screenshot, signIn, useAppInBrowser } from '../helpers/browser';
import { createOrder } from '../helpers/orders';
import { SUPPLIER_CONTACT } from '../helpers/supplierContact';

// Reload on a form being edited (docs/live-updates.md#reload-a-three-way-merge): the other
// person's change comes in, the person's own edits stay on top, a field both changed is marked
// with both values to pick from, and the save then goes through with the new version.
const env = useAppInBrowser();

declare global {
  interface Window { axe: typeof axe }
}

let admin: HttpClient;
const refs = { warehouse: 0, adminsWarehouse: 0, managersWarehouse: 0, area: 0, secondArea: 0, leader: 0 };

beforeAll(async () => {
  admin = await signedInAs(env.app.url, 'admin');
  refs.warehouse = (await admin.create('/api/warehouses', { code: 'RM-DC', name: '合并仓 Merge DC' })).id;
  refs.adminsWarehouse = (await admin.create('/api/warehouses', { code: 'RM-AD', name: '管理员选的仓 Admin DC' })).id;
  refs.managersWarehouse = (await admin.create('/api/warehouses', { code: 'RM-MG', name: '经理选的仓 Manager DC' })).id;
  refs.area = (await admin.create('/api/delivery-areas', { code: 'RM-A', name: '合并区域 Merge area' })).id;
  refs.secondArea = (await admin.create('/api/delivery-areas', { code: 'RM-B', name: '第二区域 Second area' })).id;
  refs.leader = (await env.app.db('users').where({ username: 'team_leader' }).first()).id;
});

const TEXTS = {
  cn: { save: '保存', reload: '重新加载', compare: '比较', useTheirs: '用他们的', keepMine: '保留我的', saved: '订单已保存',
    mark: '他人也修改了此字段：请在上方选择保留哪个值', refresh: '刷新' },
  en: { save: 'Save', reload: 'Reload', compare: 'Compare', useTheirs: 'Use theirs', keepMine: 'Keep mine', saved: 'Order saved',
    mark: 'Someone else changed this field too: choose above which value to keep', refresh: 'Refresh' },
} as const;

/** Each language in each theme, on a desktop and on a phone. */
const RUNS = [
  { language: 'cn', theme: 'light', width: 1440 },
  { language: 'en', theme: 'dark', width: 390 },
  { language: 'en', theme: 'light', width: 1440 },
  { language: 'cn', theme: 'dark', width: 390 },
] as const;
type Run = (typeof RUNS)[number];

async function openAs(role: 'admin' | 'manager', path: string, { language, theme, width }: Run) {
  const page = await newPage(env.browser, env.app.url, { colorScheme: theme, width, height: width < 600 ? 844 : 900 });
  await signIn(page, role, { language, path });
  return page;
}

const input = (page: Page, name: string) => page.locator(`[name="${name}"]`);
/** The mark under a field both people changed. */
const mark = (page: Page, name: string) => page.locator(`.ra-input-${name} .MuiFormHelperText-root.Mui-error`);
/** Waits until the form shows `value` in the field (as its record comes in, or a reload). */
const shows = (page: Page, name: string, value: string) => page.waitForFunction(
  ([field, expected]) => (document.querySelector(`[name="${field}"]`) as HTMLInputElement | null)?.value === expected,
  [name, value] as const);

/**
 * The WCAG 2.1 A/AA rules axe finds broken in the conflicts and the marks under the fields, in the
 * run's theme. The field's own label turns the theme's error red like on any validation error: the
 * theme's to answer for, not checked here.
 */
async function accessibilityViolations(page: Page, fields: string[]) {
  // Through the DevTools protocol: the page's own policy allows no inline script.
  await page.evaluate(axe.source);
  return page.evaluate(async (include) => {
    const { violations } = await window.axe.run({ include }, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] });
    return violations.map(({ id, nodes }) => `${id}: ${nodes.map(({ target }) => target.join(' ')).join(', ')}`);
  }, [['[data-testid=live-conflicts]'], ...fields.map((field) => [`.ra-input-${field} .MuiFormHelperText-root`])]);
}

/** Types into a react-admin AutocompleteInput and picks the option holding `text`. */
async function pick(page: Page, source: string, search: string, text: RegExp) {
  const field = page.locator(`.ra-input-${source} input`);
  await field.click();
  await field.fill(search);
  await page.getByRole('option', { name: text }).click();
}

/** The other person's save reaches the form: its notice, then Reload, from the notice or (dark runs) from Compare. */
async function reload(page: Page, { language, theme }: Run) {
  const texts = TEXTS[language];
  const notice = page.getByTestId('live-record-notice');
  await notice.waitFor();
  if (theme === 'dark') {
    await notice.getByRole('button', { name: texts.compare }).click();
    await page.getByTestId('live-compare').getByRole('button', { name: texts.reload }).click();
  } else {
    await notice.getByRole('button', { name: texts.reload }).click();
  }
  await notice.waitFor({ state: 'detached' });
  await page.getByTestId('live-compare').waitFor({ state: 'detached' });
}

describe.each(RUNS.slice(0, 2))('reload on a master-data form ($language, $theme, $width px)', (run) => {
  const texts = TEXTS[run.language];
  it('keeps the admin\'s typed address and areas over the manager\'s save, marks the fields both changed, and saves the merge', async () => {
    const supplier = await admin.create('/api/suppliers', { name: `合并供应商 ${run.language}${run.width}`, ...SUPPLIER_CONTACT });
    const mine = `管理员的地址 ${run.language}`;
    const theirs = `经理的地址 ${run.language}`;
    const person = `经理改的联系人 ${run.language}`;

    const page = await openAs('admin', `/suppliers/${supplier.id}`, run);
    await shows(page, 'address', SUPPLIER_CONTACT.address);
    await input(page, 'address').fill(mine);
    await pick(page, 'serviceAreaIds', 'RM-A', /Merge area/);

    const other = await openAs('manager', `/suppliers/${supplier.id}`, run);
    await shows(other, 'address', SUPPLIER_CONTACT.address);
    await input(other, 'contactPerson').fill(person);
    await input(other, 'address').fill(theirs);
    await pick(other, 'serviceAreaIds', 'RM-B', /Second area/);
    await other.getByRole('button', { name: texts.save, exact: true }).click();
    await other.waitForURL((url) => url.pathname === '/suppliers');
    await closePage(other);

    await reload(page, run);
    // Only they changed it: theirs. Only I did, or both: still mine, and the form can be saved.
    await shows(page, 'contactPerson', person);
    expect(await input(page, 'address').inputValue()).toBe(mine);
    const conflict = page.getByTestId('live-conflict-address');
    expect(await conflict.innerText()).toContain(theirs);
    expect(await conflict.innerText()).toContain(mine);
    // The field itself says so.
    await mark(page, 'address').getByText(texts.mark).waitFor();
    expect(await page.getByTestId('live-conflict-contactPerson').count()).toBe(0);
    // The areas by their names, as the picker shows them, not as the ids the form holds.
    const areas = page.getByTestId('live-conflict-serviceAreaIds');
    await areas.getByText('第二区域 Second area').waitFor();
    await areas.getByText('合并区域 Merge area').waitFor();
    expect(await areas.innerText()).not.toMatch(/\[\d/);
    await animationsDone(page); // the marking's fade-in, before its contrast is checked
    await screenshot(page, `reload-merge-supplier-${run.language}-${run.theme}-${run.width}`);
    expect(await accessibilityViolations(page, ['address'])).toEqual([]);

    await conflict.getByRole('button', { name: texts.keepMine }).click();
    await conflict.waitFor({ state: 'detached' });
    await expectCount(mark(page, 'address'), 0);
    await areas.getByRole('button', { name: texts.keepMine }).click();
    await page.getByTestId('live-conflicts').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: texts.save, exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/suppliers');
    const { body: saved } = await admin.get(`/api/suppliers/${supplier.id}`);
    expect(saved).toMatchObject({ address: mine, contactPerson: person, serviceAreaIds: [refs.area], version: supplier.version + 2 });
    await closePage(page);
  });
});

describe.each(RUNS.slice(2))('reload on the order detail in edit mode ($language, $theme, $width px)', (run) => {
  const texts = TEXTS[run.language];
  it('takes the manager\'s number, keeps the admin\'s DN, offers both notes and warehouses, and saves the picks', async () => {
    const mtm = `MTM-RM-${run.language}${run.width}`;
    const order = await createOrder(admin, { mtmNumber: mtm, dnNumber: `DN-${mtm}`,
      pickupWarehouseId: refs.warehouse, deliveryAreaId: refs.area, assignedUserId: refs.leader, notes: '原来的备注' });

    const page = await openAs('admin', `/orders/${order.id}`, run);
    await page.getByTestId('order-edit').click();
    await shows(page, 'dnNumber', `DN-${mtm}`);
    await input(page, 'dnNumber').fill(`DN-${mtm}-ADMIN`);
    await input(page, 'notes').fill('管理员的备注');
    await pick(page, 'pickupWarehouseId', 'RM-AD', /Admin DC/);

    const other = await openAs('manager', `/orders/${order.id}`, run);
    await other.getByTestId('order-edit').click();
    await shows(other, 'mtmNumber', mtm);
    await input(other, 'mtmNumber').fill(`${mtm}-MGR`);
    await input(other, 'notes').fill('经理的备注');
    await pick(other, 'pickupWarehouseId', 'RM-MG', /Manager DC/);
    await other.getByRole('button', { name: texts.save, exact: true }).click();
    await other.getByText(texts.saved).waitFor();
    await closePage(other);

    await reload(page, run);
    await shows(page, 'mtmNumber', `${mtm}-MGR`);
    expect(await input(page, 'dnNumber').inputValue()).toBe(`DN-${mtm}-ADMIN`);
    expect(await input(page, 'notes').inputValue()).toBe('管理员的备注');
    const conflict = page.getByTestId('live-conflict-notes');
    expect(await conflict.innerText()).toContain('经理的备注');
    await mark(page, 'notes').getByText(texts.mark).waitFor();
    // A reference by its name, as the form's picker shows it.
    const warehouse = page.getByTestId('live-conflict-pickupWarehouseId');
    await warehouse.getByText('经理选的仓 Manager DC').waitFor();
    await warehouse.getByText('管理员选的仓 Admin DC').waitFor();
    await animationsDone(page);
    await screenshot(page, `reload-merge-order-${run.language}-${run.theme}-${run.width}`);
    expect(await accessibilityViolations(page, ['notes', 'pickupWarehouseId'])).toEqual([]);

    // Keyboard: Reload's button is gone, the choice has the focus, each pick is a button.
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'live-conflicts');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(texts.useTheirs);
    await conflict.getByRole('button', { name: texts.useTheirs }).focus();
    await page.keyboard.press('Enter');
    await shows(page, 'notes', '经理的备注');
    await expectCount(mark(page, 'notes'), 0);
    await warehouse.getByRole('button', { name: texts.keepMine }).click();
    await page.getByTestId('live-conflicts').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: texts.save, exact: true }).click();
    await page.getByText(texts.saved).waitFor();
    expect(await page.getByTestId('stale-save').count()).toBe(0);
    const { body: saved } = await admin.get(`/api/orders/${order.id}`);
    expect(saved).toMatchObject({ mtmNumber: `${mtm}-MGR`, dnNumber: `DN-${mtm}-ADMIN`, notes: '经理的备注',
      pickupWarehouseId: refs.adminsWarehouse, version: order.version + 2 });
    await closePage(page);
  });
});

/**
 * An order the admin edits on its detail page (cn, light, 1440 px), typing '我的备注' into its
 * notes, while someone else saves '别人的备注' there (and `theirs` besides).
 */
async function notesEditedByBoth(mtmNumber: string, theirs: Record<string, unknown> = {}) {
  const order = await createOrder(admin, { mtmNumber, pickupWarehouseId: refs.warehouse, deliveryAreaId: refs.area, assignedUserId: refs.leader });
  const page = await openAs('admin', `/orders/${order.id}`, RUNS[0]);
  await page.getByTestId('order-edit').click();
  await shows(page, 'mtmNumber', mtmNumber);
  await input(page, 'notes').fill('我的备注');
  expect((await admin.put(`/api/orders/${order.id}`, { notes: '别人的备注', ...theirs, version: order.version })).status).toBe(200);
  return { order, page };
}

describe('reload after a save refused as stale', () => {
  it('merges from the order detail\'s refresh as from the notice, and the next save goes through', async () => {
    const { order, page } = await notesEditedByBoth('MTM-RM-409');
    await page.getByRole('button', { name: '保存', exact: true }).click();
    const refused = page.getByTestId('stale-save');
    await refused.getByRole('button', { name: '刷新' }).click();
    await refused.waitFor({ state: 'detached' });
    expect(await input(page, 'notes').inputValue()).toBe('我的备注');
    await page.getByTestId('live-conflict-notes').getByText('别人的备注').waitFor();
    await page.getByRole('button', { name: '保存', exact: true }).click();
    await page.getByText('订单已保存').waitFor();
    const { body: saved } = await admin.get(`/api/orders/${order.id}`);
    expect(saved).toMatchObject({ notes: '我的备注', version: order.version + 2 });
    await closePage(page);
  });
});

describe('the order read again after the person\'s own status change, while editing', () => {
  it('merges the other person\'s change in with the marks a reload sets: their value is not saved over unseen', async () => {
    const { order, page } = await notesEditedByBoth('MTM-RM-MOVE', { dnNumber: 'DN-RM-THEIRS' });
    await page.getByTestId('live-record-notice').waitFor();
    // Not the notice's reload: the status change reads the order again.
    await page.getByTestId('transition-awaiting_supplier_confirmation').click();
    await page.getByTestId('transition-dialog').getByTestId('transition-confirm').click();
    await page.getByTestId('transition-dialog').waitFor({ state: 'detached' });
    await shows(page, 'dnNumber', 'DN-RM-THEIRS');
    expect(await input(page, 'notes').inputValue()).toBe('我的备注');
    const conflict = page.getByTestId('live-conflict-notes');
    await conflict.getByText('别人的备注').waitFor();
    await mark(page, 'notes').getByText(TEXTS.cn.mark).waitFor();
    await conflict.getByRole('button', { name: TEXTS.cn.keepMine }).click();
    await page.getByRole('button', { name: TEXTS.cn.save, exact: true }).click();
    await page.getByText(TEXTS.cn.saved).waitFor();
    expect((await admin.get(`/api/orders/${order.id}`)).body).toMatchObject({ notes: '我的备注', dnNumber: 'DN-RM-THEIRS',
      status: 'awaiting_supplier_confirmation', version: order.version + 3 });
    await closePage(page);
  });
});

describe('a read of the record under way as editing starts', () => {
  it('is dropped: the form keeps the version it shows, so a save over another person\'s change is refused, not made', async () => {
    const order = await createOrder(admin, { mtmNumber: 'MTM-RM-READ',
      pickupWarehouseId: refs.warehouse, deliveryAreaId: refs.area, assignedUserId: refs.leader });
    const page = await openAs('admin', `/orders/${order.id}`, RUNS[0]);
    await page.getByTestId('order-edit').waitFor();
    // The order's next read is held on its way until the other person has saved.
    let [reached, release] = [() => {}, () => {}];
    const reading = new Promise<void>((resolve) => { reached = resolve; });
    const released = new Promise<void>((resolve) => { release = resolve; });
    await page.route(`**/api/orders/${order.id}`, async (route) => {
      if (route.request().method() === 'GET') {
        reached();
        await released;
      }
      await route.continue();
    });
    // Someone adds another order: what shows orders reads again, this one's record too.
    await createOrder(admin, { mtmNumber: 'MTM-RM-READ-2', pickupWarehouseId: refs.warehouse, deliveryAreaId: refs.area,
      assignedUserId: refs.leader });
    await reading;
    await page.getByTestId('order-edit').click();
    await shows(page, 'mtmNumber', 'MTM-RM-READ');
    await input(page, 'notes').fill('我的备注');
    expect((await admin.put(`/api/orders/${order.id}`, { notes: '别人的备注', version: order.version })).status).toBe(200);
    // The read comes back with the other person's version, while the page hears of their change.
    release();
    await page.getByTestId('live-record-notice').waitFor();
    await page.getByRole('button', { name: '保存', exact: true }).click();
    const refused = page.getByTestId('stale-save');
    const saved = page.getByText('订单已保存');
    await refused.or(saved).first().waitFor();
    expect(await saved.count()).toBe(0);
    expect((await admin.get(`/api/orders/${order.id}`)).body).toMatchObject({ notes: '别人的备注', version: order.version + 1 });
    await closePage(page);
  });
});

describe.each(RUNS.slice(0, 2))('reload after a master-data save refused as stale ($language, $theme, $width px)', (run) => {
  const texts = TEXTS[run.language];
  it('offers the merged reload the order form offers, and the next save goes through', async () => {
    const supplier = await admin.create('/api/suppliers', { name: `过期供应商 ${run.language}`, ...SUPPLIER_CONTACT });
    const page = await openAs('admin', `/suppliers/${supplier.id}`, run);
    await shows(page, 'address', SUPPLIER_CONTACT.address);
    await input(page, 'address').fill('我的地址 Mine');
    expect((await admin.put(`/api/suppliers/${supplier.id}`, { version: supplier.version, contactPerson: '别人改的 Theirs' })).status).toBe(200);
    await page.getByRole('button', { name: texts.save, exact: true }).click();
    const refused = page.getByTestId('stale-save');
    await refused.waitFor();
    await screenshot(page, `reload-merge-stale-supplier-${run.language}-${run.theme}-${run.width}`);
    await refused.getByRole('button', { name: texts.refresh }).click();
    await refused.waitFor({ state: 'detached' });
    await shows(page, 'contactPerson', '别人改的 Theirs');
    expect(await input(page, 'address').inputValue()).toBe('我的地址 Mine');
    await page.getByRole('button', { name: texts.save, exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/suppliers');
    const { body: saved } = await admin.get(`/api/suppliers/${supplier.id}`);
    expect(saved).toMatchObject({ address: '我的地址 Mine', contactPerson: '别人改的 Theirs', version: supplier.version + 2 });
    await closePage(page);
  });
});

describe('reload where both people set the same value', () => {
  it('takes the field as saved, unmarked: a later change of it comes in, and a conflict they agree on goes', async () => {
    const supplier = await admin.create('/api/suppliers', { name: '同值供应商 Same value', ...SUPPLIER_CONTACT });
    const manager = await signedInAs(env.app.url, 'manager');
    const save = async (change: Record<string, unknown>) => {
      const { body: current } = await manager.get(`/api/suppliers/${supplier.id}`);
      expect((await manager.put(`/api/suppliers/${supplier.id}`, { ...current, ...change })).status).toBe(200);
    };
    const page = await openAs('admin', `/suppliers/${supplier.id}`, RUNS[0]);
    await shows(page, 'address', SUPPLIER_CONTACT.address);
    await input(page, 'contactPerson').fill('同一个人 Same person');
    await input(page, 'address').fill('我的地址 Mine');
    await save({ contactPerson: '同一个人 Same person', address: '他的地址 Theirs' });
    await reload(page, RUNS[0]);
    await page.getByTestId('live-conflict-address').waitFor();
    expect(await page.getByTestId('live-conflict-contactPerson').count()).toBe(0);
    await expectCount(mark(page, 'contactPerson'), 0);

    // The manager changes the person again, and comes round to the admin's address.
    await save({ contactPerson: '后来的人 Later person', address: '我的地址 Mine' });
    await reload(page, RUNS[0]);
    await shows(page, 'contactPerson', '后来的人 Later person');
    await page.getByTestId('live-conflicts').waitFor({ state: 'detached' });
    await expectCount(mark(page, 'address'), 0);
    expect(await input(page, 'address').inputValue()).toBe('我的地址 Mine');
    await closePage(page);
  });
});

describe('reload on the user edit page', () => {
  it('merges a manager\'s change of the same account into the admin\'s form', async () => {
    const { body: user } = await admin.post('/api/users', { username: 'rm_leader', password: 'Merge-pass-2026',
      firstName: '合', lastName: '并', email: 'rm@example.com', phone: '+86 21 5555 0000', role: 'team_leader', status: 'active' });
    expect(user.id).toBeGreaterThan(0);
    const page = await openAs('admin', `/users/${user.id}/edit`, RUNS[0]);
    await shows(page, 'phone', '+86 21 5555 0000');
    await input(page, 'phone').fill('+86 21 5555 1111');
    const manager = await signedInAs(env.app.url, 'manager');
    const { body: current } = await manager.get(`/api/users/${user.id}`);
    expect((await manager.put(`/api/users/${user.id}`, { ...current, email: 'rm.new@example.com', phone: '+86 21 5555 2222' })).status)
      .toBe(200);
    await reload(page, RUNS[0]);
    await shows(page, 'email', 'rm.new@example.com');
    expect(await input(page, 'phone').inputValue()).toBe('+86 21 5555 1111');
    const conflict = page.getByTestId('live-conflict-phone');
    await conflict.getByRole('button', { name: TEXTS.cn.useTheirs }).click();
    await shows(page, 'phone', '+86 21 5555 2222');
    await input(page, 'lastName').fill('并并');
    await page.getByRole('button', { name: '保存', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/users');
    const { body: saved } = await admin.get(`/api/users/${user.id}`);
    expect(saved).toMatchObject({ email: 'rm.new@example.com', phone: '+86 21 5555 2222', lastName: '并并', version: user.version + 2 });
    await closePage(page);
  });
});
