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
  await target.waitFor();
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

/** Types a date into the picker named `name`, section after section (YYYY/MM/DD in Chinese). */
async function typeDate(page: Page, name: string, digits: string) {
  await tabTo(page, page.locator(`[data-format]:has(input[name="${name}"])`));
  await page.keyboard.type(digits);
}

describe('the keyboard alone (no mouse)', () => {
  it('signs in, finds an order, creates one, moves its status, opens a report and signs out', async () => {
    const page = await newPage(env.browser, env.app.url, { width: 1440, height: 900 });
    await page.goto('/auth');

    // Sign in: username, Tab to the password, Enter sends the form.
    await tabTo(page, page.locator('input[name=username]'));
    await page.keyboard.type('admin');
    await page.keyboard.press('Tab');
    expect(await isFocused(page.locator('input[name=password]'))).toBe(true);
    await page.keyboard.type(DEMO_PASSWORD);
    await page.keyboard.press('Enter');
    await page.getByTestId('dashboard').waitFor();

    // Find an order: the sidebar's order list, the search box, then the one row left, opened with Enter.
    await tabTo(page, page.getByTestId('menu-/orders'));
    await page.keyboard.press('Enter');
    await tabTo(page, page.locator('input[name=q]'));
    await page.keyboard.type(fixtures.ownOrder.mtmNumber);
    const rows = page.locator('.RaDataTable-tbody tr');
    await page.waitForFunction(() => document.querySelectorAll('.RaDataTable-tbody tr').length === 1);
    await tabTo(page, rows.first());
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('TR');
    await page.keyboard.press('Enter');
    await page.getByTestId('page-title').filter({ hasText: fixtures.ownOrder.mtmNumber }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/orders/${fixtures.ownOrder.id}`);

    // Create one: the sidebar's new order, every field typed or chosen with the arrows, Save with Enter.
    await tabTo(page, page.getByTestId('menu-/new-order'), { back: true });
    await page.keyboard.press('Enter');
    await tabTo(page, page.locator('input[name=mtmNumber]'));
    await page.keyboard.type('MTM-KEYS-1');
    await page.keyboard.press('Tab');
    await page.keyboard.type('DN-KEYS-1');
    await choose(page, 'pickupWarehouseId', 'Main', /Main DC/);
    await choose(page, 'assignedUserId', DEMO_USERS.team_leader.firstName, new RegExp(DEMO_USERS.team_leader.firstName));
    await choose(page, 'deliveryAreaId', 'Dispatcher', /Dispatcher area/);
    await choose(page, 'supplierId', 'Carrier', /Carrier/);
    await typeDate(page, 'pickupDate', '20261120');
    await typeDate(page, 'mosDate', '20261125');
    await choose(page, 'vehicleTypeId', '5 t', /5 t truck/);
    await tabTo(page, page.getByRole('button', { name: '保存' }));
    await page.keyboard.press('Enter');
    await page.getByTestId('page-title').filter({ hasText: 'MTM-KEYS-1' }).waitFor();
    const created = await env.app.db('orders').where({ mtmNumber: 'MTM-KEYS-1' }).first();
    expect(created).toMatchObject({ dnNumber: 'DN-KEYS-1', pickupWarehouseId: fixtures.warehouse, deliveryAreaId: fixtures.ownArea,
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
    await tabTo(page, dialog.locator('textarea[name=note]'));
    await page.keyboard.type('按键盘确认');
    await tabTo(page, dialog.getByTestId('transition-confirm'));
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('order-progress').and(page.locator('[data-status=awaiting_supplier_confirmation]')).waitFor();
    expect((await env.app.db('orders').where({ id: created.id }).first()).status).toBe('awaiting_supplier_confirmation');
    // The button that opened the dialog went with the old status: the focus is on the new status's next step.
    await page.waitForFunction(() => document.activeElement?.closest('[data-testid=transition-buttons]') !== null);
    expect(await isFocused(page.getByTestId('transition-buttons').getByRole('button').first())).toBe(true);

    // Open a report: the sidebar's data reports.
    await tabTo(page, page.getByTestId('menu-/reports'), { back: true });
    await page.keyboard.press('Enter');
    await page.getByTestId('report-table').waitFor();
    await screenshot(page, 'keyboard-report-cn');

    // Sign out: the user menu in the app bar, its last item.
    await tabTo(page, page.locator('.RaUserMenu-userButton'), { back: true });
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
