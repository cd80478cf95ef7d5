import { closePage, expectCount, newPage, screenshot, signIn, useAppInBrowser } from '../helpers/browser';

// Where you're signed in (DESIGN §16): a person ends another of their sessions from the user menu,
// and that tab signs out live; an administrator sees the account's sessions on its page.
const env = useAppInBrowser();

describe('where you are signed in', () => {
  it('lists this desk and a phone, ends the phone\'s session, and the phone\'s tab signs out live', async () => {
    const phone = await newPage(env.browser, env.app.url, { width: 390, height: 844 });
    await signIn(phone, 'team_leader', { language: 'cn' });
    await phone.getByTestId('dashboard').waitFor();
    const desk = await newPage(env.browser, env.app.url);
    await signIn(desk, 'team_leader', { language: 'en' });
    await desk.getByLabel('Profile').click();
    await desk.getByTestId('sessions-menu-item').click();
    const dialog = desk.getByTestId('sessions-dialog');
    await expectCount(dialog.getByTestId('session-row'), 2);
    await dialog.locator('[data-current=true]').getByText('This device').waitFor();
    // The menu closed as its item opened the dialog: it does not wait behind it.
    await desk.locator('#menu-appbar').waitFor({ state: 'detached' });
    await screenshot(desk, 'sessions-dialog-en-1440', { fullPage: false });

    await dialog.locator('[data-current=false]').getByTestId('end-session').click();
    await desk.getByText('1 session ended').waitFor();
    await expectCount(dialog.getByTestId('session-row'), 1);
    await dialog.getByText('No other live sign-ins').waitFor();
    // The phone's live stream was open: it is signed out without a touch.
    await phone.getByTestId('login-form').waitFor();
    await screenshot(phone, 'sessions-ended-phone-cn', { fullPage: false });
    await desk.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // The focus goes back to the menu's button, where the person started.
    expect(await desk.getByLabel('Profile').evaluate((button) => button === document.activeElement)).toBe(true);
    await closePage(phone);
    await closePage(desk);
  });

  it('shows an administrator where an account is signed in, in Chinese on a phone, and ends its session', async () => {
    const biller = await newPage(env.browser, env.app.url);
    await signIn(biller, 'biller', { language: 'cn' });
    const { id } = await env.app.db('users').where({ username: 'biller' }).first('id');
    const admin = await newPage(env.browser, env.app.url, { width: 390, height: 844 });
    await signIn(admin, 'admin', { path: `/users/${id}/edit`, language: 'cn' });
    const card = admin.getByTestId('user-sessions');
    await expectCount(card.getByTestId('session-row'), 1);
    await card.scrollIntoViewIfNeeded();
    await screenshot(admin, 'sessions-user-cn-390', { fullPage: false });
    await card.getByTestId('end-session').click();
    await card.getByText('当前没有有效的登录').waitFor();
    await biller.getByTestId('login-form').waitFor();
    await closePage(admin);
    await closePage(biller);
  });
});
