import cn from '@kernel/i18n/cn';
import { MODULE_MESSAGES } from '@kernel/i18n/moduleMessages';
import raChinese from '@kernel/i18n/ra/cn';
import { flatten } from '../../api/src/translations/catalog';

/**
 * A Chinese sentence takes full-width punctuation (：，；？！（）), also beside a word in Latin
 * letters ("签收单（POD）") and after a placeholder, which may hold Chinese ("%{field}：%{problem}").
 */
const CJK = String.raw`[\p{Script=Han}\u3000-\u303f\uff00-\uffef]`;
const HALF_WIDTH = new RegExp(String.raw`${CJK}\s*[:,;?!(]|[:,;?!)]\s*${CJK}|%\{\w+\}[:,;?!]`, 'u');

/** Texts that are not Chinese sentences, with why. */
const EXCEPTIONS: Record<string, string> = {
  'translation_import.formats.csv_sample': 'a sample CSV file: its commas are the format',
  'translation_import.formats.json_sample': 'a sample JSON file: its colons and commas are the format',
};

/** Every Chinese text of the repository's catalogs, before they merge (a text a later module overrides is checked too). */
const texts = [raChinese, cn, ...MODULE_MESSAGES.map((module) => module.cn)].flatMap((catalog) =>
  [...flatten(catalog as Parameters<typeof flatten>[0])]);

describe('the Chinese catalogs', () => {
  it('hold texts', () => expect(texts.length).toBeGreaterThan(1000));

  it('use full-width punctuation inside Chinese sentences', () => {
    const offenders = texts.filter(([key, text]) => !(key in EXCEPTIONS) && HALF_WIDTH.test(text)).map(([key, text]) => `${key} ${text}`);
    expect(offenders).toEqual([]);
  });

  it.each([['提货日期: 已完成的订单'], ['%{field}: %{problem}'], ['签收单 (POD)'], ['共 %{count} 条, 已选']])('catch %s', (text) => {
    expect(HALF_WIDTH.test(text)).toBe(true);
  });

  it.each([['报表数据每日 23:50 更新'], ['以 http:// 或 https:// 开头'], ['提货日期：%{date}'], ['金额不能超过 999,999,999.99']])(
    'let %s be', (text) => expect(HALF_WIDTH.test(text)).toBe(false));
});
