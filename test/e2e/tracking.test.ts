import { closePage, expectCount, newPage, screenshot, signIn, useAppInBrowser } from '../helpers/browser';
import { orderMaker } from '../helpers/orderReferences';

// Tracking links (DESIGN §15): staff copy an order's link from its page; its receiver opens it on a
// phone, signed out, in the browser's language, and sees the progress with no price and no person.
const env = useAppInBrowser();

/** As a phone whose browser prefers `language` shows the page: navigator.language is what the page reads. */
async function receiverPhone(language: string) {
  const page = await newPage(env.browser, env.app.url, { width: 390, height: 844 });
  await page.addInitScript((preferred) => { Object.defineProperty(navigator, 'language', { get: () => preferred }); }, language);
  return page;
}

describe('a tracking link', () => {
  it('is copied from the order in Chinese and opened on a phone, in Chinese then English, with no price or person', async () => {
    const { admin, newOrder } = await orderMaker(env.app, 'TRK', 'Tracking');
    const order = await newOrder('TRK-MTM-1');
    await env.app.db('orders').where({ id: order.id }).update({ notes: 'Call Ms Wang 13900001111', basePurchasePrice: '812.00',
      baseSalePrice: '977.00' });
    expect((await admin.post(`/api/orders/${order.id}/transitions`, { to: 'awaiting_supplier_confirmation' })).status).toBe(200);

    const staff = await newPage(env.browser, env.app.url);
    await signIn(staff, 'admin', { path: `/orders/${order.id}` });
    await staff.getByTestId('copy-tracking-link').click();
    const toast = staff.getByText(/跟踪链接已复制：/);
    await toast.waitFor();
    const url = /(http\S+\/t\/[A-Za-z0-9_-]{22})/.exec((await toast.textContent()) ?? '')![1];
    const { token } = await env.app.db('trackingLinks').where({ orderId: order.id }).first('token');
    expect(url).toBe(`${env.app.url}/t/${token}`);
    await screenshot(staff, 'tracking-copy-cn-light');
    await closePage(staff);

    const phone = await receiverPhone('zh-CN');
    await phone.goto(`/t/${token}`);
    await phone.getByTestId('tracked-dn').getByText(order.dnNumber).waitFor();
    await phone.getByTestId('tracked-status').getByText('待供应商确认').waitFor();
    await phone.getByText('订单跟踪').first().waitFor();
    await phone.getByTestId('tracked-area').getByText('Tracking area').waitFor();
    await expectCount(phone.getByTestId('tracked-timeline').locator('li'), 2);
    expect(await phone.locator('meta[name=robots]').getAttribute('content')).toBe('noindex, nofollow');
    // The page's markup, but for its scripts' file names: a content hash may hold any digits.
    const html = (await phone.content()).replace(/\/assets\/[\w.-]+/g, '/assets/…');
    const assigned = await env.app.db('users').where({ username: 'team_leader' }).first('firstName', 'lastName');
    for (const secret of ['812', '977', 'Ms Wang', '13900001111', 'team_leader', `${assigned.lastName}${assigned.firstName}`]) {
      expect([secret, html.includes(secret)]).toEqual([secret, false]);
    }
    expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(phone, 'tracking-page-cn-phone');

    // The switch: English, kept on reload.
    await phone.getByRole('button', { name: /中文/ }).click();
    await phone.getByRole('menuitem', { name: 'English' }).click();
    await phone.getByText('Order tracking').first().waitFor();
    await phone.getByTestId('tracked-status').getByText('Awaiting supplier confirmation').waitFor();
    await phone.reload();
    await phone.getByText('Status history').waitFor();
    await screenshot(phone, 'tracking-page-en-phone');
    await closePage(phone);
  });

  it('opens in English for an English browser, dark, and says the same for an unknown or replaced link', async () => {
    const { admin, newOrder } = await orderMaker(env.app, 'TRK2', 'Second tracking');
    const order = await newOrder('TRK2-MTM-1');
    const { token: old } = (await admin.post(`/api/orders/${order.id}/tracking-link`, {})).body;
    const { token } = (await admin.post(`/api/orders/${order.id}/tracking-link`, { renew: true })).body;
    const phone = await receiverPhone('en-US');
    await phone.emulateMedia({ colorScheme: 'dark' });
    await phone.goto(`/t/${token}`);
    await phone.getByTestId('tracked-status').getByText('Booking received').waitFor();
    await screenshot(phone, 'tracking-page-en-dark-phone');
    await phone.goto(`/t/${old}`);
    await phone.getByTestId('tracking-not-found').getByText('This tracking link was not found').waitFor();
    await phone.goto('/t/no-such-link');
    await phone.getByTestId('tracking-not-found').waitFor();
    await screenshot(phone, 'tracking-not-found-en-dark-phone');
    await closePage(phone);
  });
});
