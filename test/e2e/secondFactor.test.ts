import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Secret, TOTP } from 'otpauth';
import type { CDPSession, Page } from 'playwright-core';
import { closePage, expectCount, newPage, openInApp, screenshot, signIn, useAppInBrowser } from '../helpers/browser';
import { HttpClient, signedInAs } from '../helpers/httpClient';
import { seal } from '../../api/src/db/sealedSecret';

// Two-step sign-in (DESIGN §16): a role that requires it leads its people through setting up an
// authenticator app at their next sign-in, whose QR code this test reads as a phone would; from
// then on the sign-in asks for a code; one's factors are in the user menu.
const env = useAppInBrowser();

/** The QR code on the page, read by zbar from a picture of it, as a phone's camera would. */
async function qrText(page: Page): Promise<string> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'totp-qr-'));
  try {
    const file = path.join(folder, 'qr.png');
    await page.getByTestId('totp-setup').locator('img').screenshot({ path: file });
    return execFileSync('zbarimg', ['--quiet', '--raw', '-Sdisable', '-Sqrcode.enable', file], { encoding: 'utf8' }).trim();
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

/** The code an authenticator app shows `ahead` seconds from now (the server takes one step of drift). */
const codeOf = (secret: string, ahead = 0) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + ahead * 1000 });

async function signInWithPassword(page: Page, username: string) {
  await page.goto('/auth');
  const form = page.getByTestId('login-form');
  await form.locator('input[name=username]').fill(username);
  await form.locator('input[name=password]').fill('demo1234');
  await form.locator('button[type=submit]').click();
}

/**
 * A page with Chromium's virtual authenticator (DevTools protocol): a platform passkey whose person
 * is present and verified at once. WebAuthn takes a host name as the relying party, not an
 * address: the page is opened as localhost.
 */
async function passkeyPage(): Promise<Page & { cdp: CDPSession; authenticatorId: string }> {
  const page = await newPage(env.browser, env.app.url.replace('127.0.0.1', 'localhost'));
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', { options: { protocol: 'ctap2', transport: 'internal',
    hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true } });
  return Object.assign(page, { cdp, authenticatorId });
}

describe('two-step sign-in', () => {
  it('is set up at the next sign-in where the role requires it, by the QR code, and then asks for a code (en, phone)', async () => {
    const admin = await signedInAs(env.app.url, 'admin');
    const { body: matrix } = await admin.get('/api/permissions');
    expect((await admin.put('/api/permissions', { secondFactorRoles: ['team_leader'], version: matrix.version })).status).toBe(200);
    try {
      const page = await newPage(env.browser, env.app.url, { width: 390, height: 844 });
      await page.addInitScript(() => localStorage.setItem('RaStorelogistics.locale', JSON.stringify('en')));
      await signInWithPassword(page, 'team_leader');
      await page.getByText('Set up two-step sign-in').waitFor();
      const uri = new URL(await qrText(page));
      expect(uri.protocol).toBe('otpauth:');
      const secret = uri.searchParams.get('secret')!;
      // The key shown for typing by hand is the QR code's.
      expect(await page.getByTestId('totp-secret').getAttribute('data-secret')).toBe(secret);
      await screenshot(page, 'second-factor-enrol-en-390');

      // A wrong code is refused under the field; the right one signs in and shows the recovery codes once.
      const form = page.getByTestId('second-step-form');
      await form.locator('input[name=code]').fill('000000');
      await form.locator('button[type=submit]').click();
      await form.getByText('This code is wrong, expired or used already').waitFor();
      await form.locator('input[name=code]').fill(codeOf(secret));
      await form.locator('button[type=submit]').click();
      await expectCount(page.getByTestId('recovery-code'), 10);
      await screenshot(page, 'second-factor-recovery-en-390');
      await page.getByRole('button', { name: 'I\'ve saved them, continue' }).click();
      await page.getByTestId('dashboard').waitFor();

      // Signed out and in again: the password, then a code of the app (a step ahead: the last one was taken).
      await page.context().clearCookies();
      await signInWithPassword(page, 'team_leader');
      const step = page.getByTestId('second-step-form');
      await step.waitFor();
      await screenshot(page, 'second-factor-step-en-390');
      await step.locator('input[name=code]').fill(codeOf(secret, 30));
      await step.locator('button[type=submit]').click();
      await page.getByTestId('dashboard').waitFor();
      await closePage(page);
    } finally {
      const { body } = await admin.get('/api/permissions');
      await admin.put('/api/permissions', { secondFactorRoles: [], version: body.version });
    }
  });

  it('tells a person whose app the server cannot open to sign in with a recovery code, which does (cn)', async () => {
    const admin = await signedInAs(env.app.url, 'admin');
    const password = 'unreadable app 7';
    const { id } = await admin.create('/api/users', { username: 'sealed.under.old.key', password, firstName: '静', lastName: '林',
      role: 'biller', status: 'active' });
    const person = new HttpClient(env.app.url);
    await person.login('sealed.under.old.key', password);
    const { secret } = (await person.post('/api/second-factors/totp')).body;
    const { recoveryCodes } = (await person.post('/api/second-factors/totp/confirm', { code: codeOf(secret) })).body;
    // SESSION_KEYS replaced, not rotated: the app's secret is sealed under a key the server no longer lists.
    await env.app.db('userFactors').where({ userId: id, kind: 'totp' }).update({ secret: seal(secret, ['a-key-gone-since'], 'totp') });

    const page = await newPage(env.browser, env.app.url);
    await page.goto('/auth');
    const login = page.getByTestId('login-form');
    await login.locator('input[name=username]').fill('sealed.under.old.key');
    await login.locator('input[name=password]').fill(password);
    await login.locator('button[type=submit]').click();
    const step = page.getByTestId('second-step-form');
    await step.locator('input[name=code]').fill(codeOf(secret, 30));
    await step.locator('button[type=submit]').click();
    await step.getByText('本服务器目前无法核验您的身份验证器应用：请使用恢复码登录，或联系管理员').waitFor();
    await screenshot(page, 'second-factor-unreadable-app-cn');
    await step.locator('input[name=code]').fill(recoveryCodes[0]);
    await step.locator('button[type=submit]').click();
    await page.getByTestId('dashboard').waitFor();
    await closePage(page);
  });

  it('is set up from the user menu, and the permissions page ticks who must use it (cn, dark)', async () => {
    const page = await newPage(env.browser, env.app.url, { colorScheme: 'dark' });
    await signIn(page, 'admin', { language: 'cn' });
    await page.getByLabel('个人资料').click();
    await page.getByTestId('second-factor-menu-item').click();
    const dialog = page.getByTestId('second-factor-dialog');
    await dialog.getByRole('button', { name: '设置身份验证器应用' }).click();
    const secret = new URL(await qrText(page)).searchParams.get('secret')!;
    await dialog.locator('input[name=code]').fill(codeOf(secret));
    await dialog.locator('button[type=submit]').click();
    await expectCount(dialog.getByTestId('recovery-code'), 10);
    await dialog.getByRole('button', { name: '完成' }).click();
    await expectCount(dialog.getByTestId('second-factor'), 1);
    await dialog.getByText('剩余 10 个恢复码').waitFor();
    await screenshot(page, 'second-factor-settings-cn-dark', { fullPage: false });
    // "Done" took its own button away: the dialog's focus trap brings the focus back within 50 ms,
    // and Escape, heard by the dialog, closes it once the focus is in it (a busy CI lost it before).
    await page.waitForFunction(() => document.querySelector('[data-testid=second-factor-dialog]')?.contains(document.activeElement));
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await openInApp(page, '/permissions');
    const row = page.getByTestId('second-factor-row');
    await row.getByTestId('second-factor-biller').check();
    await page.getByTestId('permissions-status').getByText(/1/).waitFor();
    await screenshot(page, 'second-factor-permissions-cn-dark', { fullPage: false });
    await closePage(page);
  });

  it('lets a role that requires it enrol a passkey at the next sign-in instead of an app (cn, phone)', async () => {
    // Written to the table: the administrator set up an app in the test before, and the permissions page has its own test above.
    await env.app.db('secondFactorRoles').insert({ role: 'biller' });
    try {
      const page = await passkeyPage();
      await page.setViewportSize({ width: 390, height: 844 });
      await signInWithPassword(page, 'biller');
      await page.getByText('设置两步验证').waitFor();
      await page.getByTestId('totp-setup').locator('img').waitFor();
      await screenshot(page, 'second-factor-enrol-cn-390');
      await page.getByTestId('enrol-passkey').click();
      await expectCount(page.getByTestId('recovery-code'), 10);
      await page.getByRole('button', { name: '我已保存，继续' }).click();
      await page.getByTestId('dashboard').waitFor();
      expect((await page.cdp.send('WebAuthn.getCredentials', { authenticatorId: page.authenticatorId })).credentials).toHaveLength(1);
      await closePage(page);
    } finally {
      await env.app.db('secondFactorRoles').where({ role: 'biller' }).delete();
    }
  });

  it('takes a passkey made in the user menu, and signs in with it through the browser\'s dialog (en, then cn on a phone)', async () => {
    const page = await passkeyPage();
    const { cdp, authenticatorId } = page;
    await signIn(page, 'director', { language: 'en' });
    await page.getByLabel('Profile').click();
    await page.getByTestId('second-factor-menu-item').click();
    const dialog = page.getByTestId('second-factor-dialog');
    await dialog.getByTestId('add-passkey').click();
    // The first factor brings the recovery codes.
    await expectCount(dialog.getByTestId('recovery-code'), 10);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.getByTestId('second-factor').getByText('Passkey').waitFor();
    await screenshot(page, 'second-factor-passkey-settings-en', { fullPage: false });
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0].rpId).toBe('localhost');
    // A second one on the same device is refused by the browser, said in words.
    await dialog.getByTestId('add-passkey').click();
    await page.getByText('This device holds a passkey of yours already').waitFor();
    await page.keyboard.press('Escape');

    // Signed out, then in again on a phone in Chinese: the password, then the passkey.
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.setItem('RaStorelogistics.locale', JSON.stringify('cn')));
    await page.setViewportSize({ width: 390, height: 844 });
    await signInWithPassword(page, 'director');
    const step = page.getByTestId('second-step-form');
    await page.getByText('请使用您的通行密钥，或输入一个恢复码。').waitFor();
    await screenshot(page, 'second-factor-passkey-step-cn-390');
    await step.getByTestId('use-passkey').click();
    await page.getByTestId('dashboard').waitFor();
    const [used] = (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
    expect(used.signCount).toBeGreaterThan(credentials[0].signCount);
    const director = await env.app.db('users').where({ username: 'director' }).first('id');
    expect(await env.app.db('activityLogs').where({ action: 'login', entityType: 'user', entityId: String(director.id) })
      .orderBy('id', 'desc').first('changes')).toEqual({ changes: { secondFactor: 'passkey' } });
    await closePage(page);
  });
});
