import { readBlock, readPastedAmount } from '@kernel/pricing/pasteBlock';

// A block copied from a spreadsheet, as the pricing grid pastes it (docs/pricing.md#pasting-a-block).
describe('reading a pasted block', () => {
  it('splits rows by line and cells by tab, and ignores the line break a copied block ends with', () => {
    expect(readBlock('1\t2\t3\r\n4\t\t6\r\n')).toEqual([['1', '2', '3'], ['4', '', '6']]);
    expect(readBlock('1\t2\n3')).toEqual([['1', '2'], ['3']]);
    expect(readBlock('7')).toEqual([['7']]);
  });

  it.each([
    ['1,234.50', '1234.50'], ['¥1,234.50', '1234.50'], ['￥1 234.50', '1234.50'], [' 12 ', '12'], ['$3', '3'],
    ['1,234,567', '1234567'], ['0.5', '0.5'], ['12\u00a0000.25', '12000.25'],
  ])('reads "%s" as the amount %s', (cell, amount) => {
    expect(readPastedAmount(cell)).toEqual({ amount });
  });

  it.each([['12x.5', 'amount'], ['1,23', 'amount'], ['12,34.5', 'amount'], ['-3', 'negative'], ['1.234', 'precision'],
    ['1000000000', 'max']])('refuses "%s": %s', (cell, problem) => {
    expect(readPastedAmount(cell)).toEqual({ problem });
  });

  it('leaves the price of an empty cell as it is', () => {
    expect(readPastedAmount('')).toBeUndefined();
    expect(readPastedAmount('  ')).toBeUndefined();
    expect(readPastedAmount('¥')).toBeUndefined();
  });
});
