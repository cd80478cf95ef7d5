import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { TranslationMessages } from 'react-admin';
import { ERROR_CODES, FIELD_ERROR_CODES } from '@kernel/errors/errorCodes';
import { bundledCatalogs } from '@kernel/i18n/catalogs';
import { flatten as leaves } from '../../api/src/translations/catalog';
import { describeError, errorMessage, FIELD_WORDING, fieldMessage } from '../../admin/src/providers/errorMessages';

const cn = leaves(bundledCatalogs.cn);
const en = leaves(bundledCatalogs.en);
const CJK = /[\u4e00-\u9fff]/;
const say = (locale: 'cn' | 'en', { key, args }: { key: string; args?: Record<string, unknown> }) =>
  polyglotI18nProvider(() => bundledCatalogs[locale] as TranslationMessages, locale).translate(key, args);

describe('the error codes in the admin catalogs', () => {
  it.each([...Object.keys(ERROR_CODES), ...FIELD_ERROR_CODES])('errors.%s is worded in Chinese and in English', (code) => {
    expect(en.get(`errors.${code}`)?.trim()).toBeTruthy();
    expect(cn.get(`errors.${code}`)).toMatch(CJK);
  });

  it.each(Object.entries(FIELD_WORDING))('the field wording %s → %s exists in both languages', (_field, key) => {
    expect(en.get(key)?.trim()).toBeTruthy();
    expect(cn.get(key)).toMatch(CJK);
  });

  // A wording keyed on a field the resource does not have is never shown (it was: warehouseId).
  it.each(Object.keys(FIELD_WORDING).filter((entry) => entry.startsWith('orders.')))('the field wording %s names an order field', (entry) => {
    expect(en.has(`resources.orders.fields.${entry.split('.')[1]}`)).toBe(true);
  });

  it('words every answer status without a code, and no answer at all, in both languages', () => {
    for (const status of [0, 400, 401, 403, 404, 409, 413, 415, 418, 429, 500, 502, 503]) {
      const message = errorMessage({ status, body: { message: 'Some English text' } });
      expect(say('cn', message)).toMatch(CJK);
      expect(say('en', message)).not.toMatch('Some English text');
    }
  });

  it("says a code with its params and never the server's English message", () => {
    const throttled = errorMessage({ status: 429, body: { code: 'throttled', message: 'Too many attempts', params: { seconds: 540, minutes: 9 } } });
    expect(say('cn', throttled)).toBe('尝试次数过多，请 9 分钟后再试');
    expect(say('en', throttled)).toBe('Too many attempts: please try again in 9 minutes');
    // A code this release does not know falls back to its status.
    expect(errorMessage({ status: 409, body: { code: 'something_new', message: 'New' } })).toEqual({ key: 'errors.status.409', args: { status: 409 } });
  });

  it("adds a server error's reference (its request id's first 8 characters), and nothing to the person's own mistakes", () => {
    const translator = (locale: 'cn' | 'en') => (key: string, args?: Record<string, unknown>) => say(locale, { key, args });
    const failed = { status: 500, body: { code: 'internal', message: 'Internal server error', requestId: '3f1c9e0a-5b7d-4c2e-9a41-0d6b2f8e7c15' } };
    expect(describeError(translator('en'), failed)).toBe('Internal server error: please try again later or contact an administrator (reference 3f1c9e0a)');
    expect(describeError(translator('cn'), failed)).toBe('服务器内部错误，请稍后再试或联系管理员（参考编号：3f1c9e0a）');
    const refused = { status: 401, body: { code: 'bad_credentials', message: 'Invalid username or password', requestId: 'abcdef12-0000' } };
    expect(describeError(translator('en'), refused)).toBe('Invalid username or password');
    expect(describeError(translator('en'), { status: 503, body: { code: 'database_unavailable', message: '' } }))
      .toBe('The database is unavailable: please try again shortly');
  });

  it("words a field by the resource's own text where it has one, else by the code's", () => {
    expect(say('cn', fieldMessage('suppliers', 'name', { code: 'already_exists' }))).toBe('已存在同名的供应商');
    expect(say('cn', fieldMessage('warehouses', 'name', { code: 'already_exists' }))).toBe('该值已存在');
    expect(say('en', fieldMessage('pricing', 'haulingBuyPrice', { code: 'too_many_decimals' }))).toBe('At most 2 decimals');
    expect(say('en', fieldMessage('users', 'firstName', { code: 'too_long', params: { max: 100 } }))).toBe('At most 100 characters');
  });
});
