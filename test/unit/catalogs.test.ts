import englishMessages from 'ra-language-english';
import { bundledCatalogs, type Catalog } from '@kernel/i18n/catalogs';
import raChinese from '@kernel/i18n/ra/cn';
import raEnglish from '@kernel/i18n/ra/en';
import { flatten as leaves } from '../../api/src/translations/catalog';


const placeholders = (text: string) => [...text.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]).sort();

const cn = leaves(bundledCatalogs.cn);
const en = leaves(bundledCatalogs.en);

describe('the translation catalogs', () => {
  it('cover every react-admin 5 message in Chinese, and nothing react-admin does not have', () => {
    const ra = [...leaves(englishMessages as unknown as Catalog).keys()].sort();
    expect(ra.length).toBeGreaterThan(150);
    expect([...leaves(raChinese).keys()].sort()).toEqual(ra);
  });

  it("hold react-admin's English messages as the installed ra-language-english has them, but for the sort tooltip", () => {
    const copy = leaves(raEnglish);
    const stock = leaves(englishMessages as unknown as Catalog);
    expect(copy.get('ra.sort.sort_by')).toBe('Sort by %{field} %{order}');
    copy.delete('ra.sort.sort_by');
    stock.delete('ra.sort.sort_by');
    expect(Object.fromEntries(copy)).toEqual(Object.fromEntries(stock));
  });

  it('have the same keys in Chinese and English', () => {
    expect([...cn.keys()].sort()).toEqual([...en.keys()].sort());
  });

  // react-admin leaves a few English texts empty on purpose (ra.boolean.null); so may we.
  const intentionallyEmpty = [...en].filter(([, text]) => text.trim() === '').map(([id]) => id);

  it.each([...en.keys()].filter((id) => !intentionallyEmpty.includes(id)))('%s has text in both languages with the same placeholders', (id) => {
    expect(cn.get(id)!.trim()).not.toBe('');
    expect(en.get(id)!.trim()).not.toBe('');
    expect(placeholders(cn.get(id)!)).toEqual(placeholders(en.get(id)!));
  });

  it('write no "DN" or "MTM" before a DN or MTM number, which starts with it already', () => {
    const doubled = [...cn, ...en].filter(([, text]) => /\b(DN|MTM)\s*%\{(dn|mtm)\}/.test(text)).map(([id, text]) => `${id}: ${text}`);
    expect(doubled).toEqual([]);
  });

  it('keep the customer\'s texts word for word', () => {
    expect(cn.get('app.loading')).toBe('加载中...');
    expect(en.get('access.denied_title')).toBe('Insufficient permissions');
    expect(en.get('access.denied_message')).toBe('You do not have sufficient permissions to access this resource.');
    expect(en.get('dashboard.no_personnel')).toBe('No personnel currently');
    expect(en.get('auth.goodbye')).toBe("Goodbye! You've been logged out successfully");
    expect(en.get('validation.required')).toBe('This field is required');
    expect(en.get('validation.invalid_format')).toBe('Invalid format');
  });
});
