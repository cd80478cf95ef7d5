import type { Page } from 'playwright-core';
import { runNotificationJob } from '../../api/src/notifications/notificationJob';
import { signedInAs } from '../helpers/httpClient';
import { closePage, expectAbsent, newPage, screenshot, SCREENSHOTS_WANTED, signIn, useAppInBrowser } from '../helpers/browser';
import { createOrder } from '../helpers/orders';
import { dayFrom } from '../helpers/testClock';

// The notification centre (docs/notifications.md): a late order raises the dispatcher's bell live.
const env = useAppInBrowser();

describe('the notification bell', () => {
  it('rises without a reload when an order of the dispatcher\'s area turns late; the list marks read and opens the order', async () => {
    const admin = await signedInAs(env.app.url, 'admin');
    const warehouse = (await admin.create('/api/warehouses', { code: 'NT-DC', name: '通知 DC' })).id;
    const area = (await admin.create('/api/delivery-areas', { code: 'NT-A', name: '通知区域' })).id;
    const dispatcherId = (await env.app.db('users').where({ username: 'regional_dispatcher' }).first('id')).id;
    await env.app.db('userDeliveryAreas').insert({ userId: dispatcherId, deliveryAreaId: area });
    // Not late yet by the server's clock: its pickup date is tomorrow there.
    const now = new Date();
    const order = await createOrder(admin, { mtmNumber: 'MTM-LATE-1', dnNumber: 'DN-LATE-1', pickupWarehouseId: warehouse,
      deliveryAreaId: area, assignedUserId: dispatcherId, pickupDate: dayFrom(now, 1), mosDate: dayFrom(now, 3) });

    const page = await newPage(env.browser, env.app.url);
    const listening = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/events');
    await signIn(page, 'regional_dispatcher', { path: '/orders', language: 'en' });
    await listening;
    await page.locator('[data-testid=notification-count][data-count="0"]').waitFor({ state: 'attached' });
    let loads = 0;
    page.on('load', () => { loads += 1; });

    // The pickup date passes (written behind the app), then the job finds the order late.
    await env.app.db('orders').where({ id: order.id }).update({ pickupDate: dayFrom(now, -1) });
    await runNotificationJob(env.app.db, env.app.config, now);
    await page.locator('[data-testid=notification-count][data-count="1"]').waitFor({ state: 'attached', timeout: 60_000 });
    expect(loads).toBe(0);

    await page.getByTestId('notification-bell').click();
    const list = page.getByTestId('notification-list');
    const item = list.getByTestId('notification-item').filter({ hasText: 'MTM-LATE-1' });
    // The DN number starts with DN itself: the text names it once.
    await item.getByText('Order MTM-LATE-1 (DN-LATE-1) is past its pickup date').waitFor();
    await screenshot(page, 'notifications-bell-en-1440', { fullPage: false });
    await item.getByTestId('notification-read').click();
    await page.locator('[data-testid=notification-count][data-count="0"]').waitFor({ state: 'attached' });
    await item.locator('.MuiListItemButton-root').click();
    await page.waitForURL((url) => url.pathname === `/orders/${order.id}`);

    if (SCREENSHOTS_WANTED) {
      await page.goto('/notification-settings');
      await page.getByTestId('notification-kinds').waitFor();
      await screenshot(page, 'notification-settings-en-1440', { fullPage: false });
      const phone = await newPage(env.browser, env.app.url, { width: 390, height: 844, colorScheme: 'dark' });
      await signIn(phone, 'regional_dispatcher', { path: '/notification-settings', language: 'cn' });
      await phone.getByTestId('notification-kinds').waitFor();
      await screenshot(phone, 'notification-settings-cn-390-dark', { fullPage: false });
      await phone.getByTestId('notification-bell').click();
      await phone.getByTestId('notification-item').first().waitFor();
      await screenshot(phone, 'notifications-bell-cn-390-dark', { fullPage: false });
      await closePage(phone);
    }
    await closePage(page);
  });
});

/** The page in its scheme, and with screenshots wanted in the other one too (the app follows the system's). */
async function bothSchemes(page: Page, name: string, scheme: 'light' | 'dark') {
  await screenshot(page, `${name}-${scheme}`, { fullPage: false });
  if (!SCREENSHOTS_WANTED) return;
  const other = scheme === 'light' ? 'dark' : 'light';
  const before = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  await page.emulateMedia({ colorScheme: other });
  await page.waitForFunction((was) => getComputedStyle(document.body).backgroundColor !== was, before);
  await screenshot(page, `${name}-${other}`, { fullPage: false });
}

describe('the notification settings', () => {
  it.each([['cn', 'light'], ['en', 'dark']] as const)('offer each person only what they can have (%s, %s)', async (language, scheme) => {
    const registrations = language === 'cn' ? '注册待激活' : 'Registration waiting for activation';
    const reports = (page: Page) => page.getByRole('heading', { name: language === 'cn' ? '报表订阅' : 'Report subscriptions' });
    // A regional dispatcher cannot open the users page, so never hears of a registration, nor the
    // reports page, whose CSV a report subscription mails.
    const page = await newPage(env.browser, env.app.url, { colorScheme: scheme });
    await signIn(page, 'regional_dispatcher', { path: '/notification-settings', language });
    const kinds = page.getByTestId('notification-kinds');
    await kinds.getByTestId('kind-late_mos').waitFor();
    expect(await kinds.innerText()).not.toContain(registrations);
    await expectAbsent(reports(page), page.getByTestId('digest-hour'));
    await bothSchemes(page, `notification-settings-dispatcher-${language}`, scheme);
    await closePage(page);

    // An admin may open both, and is offered both.
    const admin = await newPage(env.browser, env.app.url, { colorScheme: scheme });
    await signIn(admin, 'admin', { path: '/notification-settings', language });
    await admin.getByTestId('notification-kinds').getByTestId('kind-registration_pending').getByText(registrations).waitFor();
    await reports(admin).waitFor();
    await admin.getByRole('checkbox', { name: language === 'cn' ? '月报' : 'Monthly' }).waitFor();
    // Each switch is named by its kind and channel, joined as the language joins a label and its value.
    await admin.getByRole('switch', { name: language === 'cn' ? 'MOS 延误：应用内' : 'MOS delay: In the app', exact: true })
      .or(admin.getByRole('checkbox', { name: language === 'cn' ? 'MOS 延误：应用内' : 'MOS delay: In the app', exact: true })).waitFor();
    await bothSchemes(admin, `notification-settings-admin-${language}`, scheme);
    await closePage(admin);
  });
});
