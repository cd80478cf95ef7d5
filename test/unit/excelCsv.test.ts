import { excelCsv, neutraliseFormula } from '../../api/src/csv/excelCsv';

describe('CSV for Excel', () => {
  it.each(['=HYPERLINK("http://x")', '+1+1', '-2+3', '@SUM(A1)', '\tcmd', '\rcmd'])(
    'keeps %j as text with a leading apostrophe', (cell) => {
      expect(neutraliseFormula(cell)).toBe(`'${cell}`);
    });

  it.each(['-12.50', '+3', '42', 'North Freight', '上海 = 沪', ''])('leaves %j as it is', (cell) => {
    expect(neutraliseFormula(cell)).toBe(cell);
  });

  it('writes a BOM, the header row and neutralised cells', async () => {
    const csv = excelCsv([{ key: 'name', header: 'Name' }, { key: 'margin', header: 'Margin' }]);
    csv.write({ name: '=1+2', margin: '-5.00' });
    csv.end();
    let text = '';
    for await (const chunk of csv) text += chunk;
    expect(text).toBe("\uFEFFName,Margin\n'=1+2,-5.00\n");
  });
});
