import type { Locator, Page } from 'playwright-core';
import { closePage, newPage, screenshot, useAppInBrowser } from '../helpers/browser';
import { createFixtures, type Fixtures } from '../helpers/routeFixtures';
import { DEMO_PASSWORD, DEMO_USERS } from '../../seeds/demo';

const env = useAppInBrowser();

let fixtures: Fixtures;
beforeAll(async () => {
  ({ fixtures } = await createFixtures(env.app));
});

const isFocused = (target: Locator) => target.evaluate((element) => element.contains(document.activeElement));

/**
 * Presses Tab (Shift+Tab with `back`) until the focus is on `target` or inside it, and checks that
 * the browser shows where it is (:focus-visible): fails if the keyboard never gets there.
 */
async function tabTo(page: Page, target: Locator, { back = false, limit = 80 } = {}): Promise<void> {
  // Attached, not yet visible: a phone's app bar hides while the page scrolls down, and shows again as the focus goes up.
  await target.waitFor({ state: 'attached' });
  for (let presses = 0; !await isFocused(target); presses += 1) {
    if (presses === limit) throw new Error(`${String(target)}: not reached in ${limit} presses of ${back ? 'Shift+Tab' : 'Tab'}`);
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  expect(await page.evaluate(() => document.activeElement?.matches(':focus-visible'))).toBe(true);
}

/**
 * Types into the react-admin AutocompleteInput of `source`, waits for the options the search
 * leaves, moves down them with the arrow key to the one wanted and takes it with Enter.
 */
async function choose(page: Page, source: string, search: string, option: RegExp) {
  await tabTo(page, page.locator(`.ra-input-${source} input`));
  await page.keyboard.type(search);
  await page.waitForFunction((pattern) => {
    const options = [...document.querySelectorAll('[role=option]')];
    return options.length > 0 && options.every((o) => new RegExp(pattern).test(o.textContent ?? ''));
  }, option.source);
  const highlighted = () => page.evaluate(() => document.querySelector('[role=option].Mui-focused')?.textContent ?? '');
  for (let presses = 0; !option.test(await highlighted()); presses += 1) {
    if (presses === 10) throw new Error(`${source}: no option ${option} under the arrow keys`);
    await page.keyboard.press('ArrowDown');
  }
  await page.keyboard.press('Enter');
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}

/** Types a date ('2026-11-20') into the picker named `name`, section after section in the UI's order (its `data-format`). */
async function typeDate(page: Page, name: string, date: string) {
  const field = page.locator(`[data-format]:has(input[name="${name}"])`);
  await tabTo(page, field);
  const [year, month, day] = date.split('-');
  const sections: Record<string, string> = { YYYY: year, MM: month, DD: day };
  await page.keyboard.type(((await field.getAttribute('data-format'))?.match(/YYYY|MM|DD/g) ?? []).map((token) => sections[token]).join(''));
}

/**
 * Checks that the dialog keeps the focus: Tab from its last control, `last`, stays in the dialog,
 * and Shift+Tab comes back to it.
 */
async function expectFocusKept(page: Page, dialog: Locator, last: Locator) {
  await tabTo(page, last);
  await page.keyboard.press('Tab');
  expect(await isFocused(dialog)).toBe(true);
  await page.keyboard.press('Shift+Tab');
  expect(await isFocused(last)).toBe(true);
}

/** Chinese on a desktop in the light theme; English on a phone in the dark one, where the sidebar is a drawer. */
const RUNS = [
  { language: 'cn', width: 1440, height: 900, colorScheme: 'light', skip: '跳转到主要内容', save: '保存', note: '按键盘确认' },
  { language: 'en', width: 390, height: 844, colorScheme: 'dark', skip: 'Skip to content', save: 'Save', note: 'Confirmed by keyboard' },
] as const;

describe.each(RUNS)('the keyboard alone (no mouse), in $language at $width px', (run) => {
  const phone = run.width < 600;

  /**
   * Opens the sidebar's link to `path`. On a phone the sidebar is a drawer, opened by the app bar's
   * menu button first, which is reached going up: the bar hides while the page scrolls down.
   */
  async function openFromMenu(page: Page, path: string, { back = false } = {}) {
    if (phone) {
      await tabTo(page, page.locator('header .RaAppBar-menuButton'), { back: true });
      await page.keyboard.press('Enter');
    }
    await tabTo(page, page.getByTestId(`menu-${path}`), { back: back && !phone });
    await page.keyboard.press('Enter');
  }

  it('signs in, skips to the content, finds an order, creates one, moves its status in a dialog that keeps the focus, opens a report and signs out', async () => {
    const page = await newPage(env.browser, env.app.url, run);
    await page.addInitScript((locale) => localStorage.setItem('RaStorelogistics.locale', JSON.stringify(locale)), run.language);
    await page.goto('/auth');

    // Sign in: username, Tab to the password, Enter sends the form.
    await tabTo(page, page.locator('input[name=username]'));
    await page.keyboard.type('admin');
    await page.keyboard.press('Tab');
    expect(await isFocused(page.locator('input[name=password]'))).toBe(true);
    await page.keyboard.type(DEMO_PASSWORD);
    await page.keyboard.press('Enter');
    await page.getByTestId('dashboard').waitFor();
    // Escape closes the welcome toast (on a phone it covers the app bar).
    await page.getByTestId('toast').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('toast').waitFor({ state: 'detached' });

    // The first Tab shows the skip link; Enter on it leaves the app bar and the sidebar behind: the next Tab is in the page.
    await page.keyboard.press('Tab');
    const skipLink = page.locator('.skip-nav-button');
    expect(await isFocused(skipLink)).toBe(true);
    expect(await skipLink.innerText()).toBe(run.skip);
    await screenshot(page, `keyboard-skip-link-${run.language}-${run.width}-${run.colorScheme}`, { fullPage: false });
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    expect(await isFocused(page.locator('#main-content'))).toBe(true);

    // Find an order: the sidebar's order list, the search box, then the one row left, opened with Enter.
    await openFromMenu(page, '/orders');
    await tabTo(page, page.locator('input[name=q]'));
    await page.keyboard.type(fixtures.ownOrder.mtmNumber);
    // A row of the table on a desktop, an item of the simple list on a phone.
    const row = phone ? '.RaList-content .MuiList-root > li' : '.RaDataTable-tbody tr';
    await page.waitForFunction((selector) => document.querySelectorAll(selector).length === 1, row);
    await tabTo(page, page.locator(row));
    if (!phone) expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('TR');
    await page.keyboard.press('Enter');
    await page.getByTestId('page-title').filter({ hasText: fixtures.ownOrder.mtmNumber }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/orders/${fixtures.ownOrder.id}`);

    // Create one: the sidebar's new order, every field typed or chosen with the arrows, Save with Enter.
    await openFromMenu(page, '/new-order', { back: true });
    await tabTo(page, page.locator('input[name=mtmNumber]'));
    const mtmNumber = `MTM-KEYS-${run.language}`;
    await page.keyboard.type(mtmNumber);
    await page.keyboard.press('Tab');
    await page.keyboard.type(`DN-KEYS-${run.language}`);
    await choose(page, 'pickupWarehouseId', 'Main', /Main DC/);
    await choose(page, 'assignedUserId', DEMO_USERS.team_leader.firstName, new RegExp(DEMO_USERS.team_leader.firstName));
    await choose(page, 'deliveryAreaId', 'Dispatcher', /Dispatcher area/);
    await choose(page, 'supplierId', 'Carrier', /Carrier/);
    await typeDate(page, 'pickupDate', '2026-11-20');
    await typeDate(page, 'mosDate', '2026-11-25');
    await choose(page, 'vehicleTypeId', '5 t', /5 t truck/);
    await tabTo(page, page.getByRole('button', { name: run.save }));
    await page.keyboard.press('Enter');
    await page.getByTestId('page-title').filter({ hasText: mtmNumber }).waitFor();
    const created = await env.app.db('orders').where({ mtmNumber }).first();
    expect(created).toMatchObject({ dnNumber: `DN-KEYS-${run.language}`, pickupWarehouseId: fixtures.warehouse, deliveryAreaId: fixtures.ownArea,
      supplierId: fixtures.supplier, vehicleTypeId: fixtures.vehicleType, assignedUserId: fixtures.userIds.team_leader,
      status: 'booking_received' });

    // Move its status: the next step's button, a note in the dialog, Confirm; the focus comes back to the page.
    const forward = page.getByTestId('transition-awaiting_supplier_confirmation');
    await tabTo(page, forward);
    await page.keyboard.press('Enter');
    const dialog = page.getByTestId('transition-dialog');
    // The dialog takes the focus and Escape gives it back to the button that opened it.
    await page.waitForFunction(() => document.activeElement?.closest('[role=dialog]') !== null);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await isFocused(forward)).toBe(true);
    await page.keyboard.press('Enter');
    // Tab never leaves the open dialog for the page behind it.
    await expectFocusKept(page, dialog, dialog.getByTestId('transition-confirm'));
    await tabTo(page, dialog.locator('textarea[name=note]'));
    await page.keyboard.type(run.note);
    await tabTo(page, dialog.getByTestId('transition-confirm'));
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('order-progress').and(page.locator('[data-status=awaiting_supplier_confirmation]')).waitFor();
    expect((await env.app.db('orders').where({ id: created.id }).first()).status).toBe('awaiting_supplier_confirmation');
    // The button that opened the dialog went with the old status: the focus is on the new status's next step.
    await page.waitForFunction(() => document.activeElement?.closest('[data-testid=transition-buttons]') !== null);
    expect(await isFocused(page.getByTestId('transition-buttons').getByRole('button').first())).toBe(true);

    // Open a report: the sidebar's data reports.
    await openFromMenu(page, '/reports', { back: true });
    await page.getByTestId('report-table').waitFor();
    await screenshot(page, `keyboard-report-${run.language}-${run.width}`);

    // Sign out: the user menu, last in the app bar (a name on a desktop, an icon on a phone), its last item.
    await tabTo(page, page.locator('header .MuiToolbar-root > :last-child button'), { back: true });
    await page.keyboard.press('Enter');
    await page.getByTestId('logout').waitFor();
    await page.keyboard.press('End');
    expect(await isFocused(page.getByTestId('logout'))).toBe(true);
    await page.keyboard.press('Enter');
    await page.getByTestId('login-form').waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth');
    await closePage(page);
  }, 120_000);
});
