import { FileProblem, formatCsv, parseCsv, readTranslationFile } from '../../admin/src/translations/translationFile';

const problemOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof FileProblem ? [error.messageKey, error.args] : error;
  }
  return undefined;
};

describe('the translation import file formats', () => {
  it('splits CSV by RFC 4180: quoted commas, doubled quotes, line breaks in quotes, CRLF, blank lines', () => {
    expect(parseCsv('a,b,c\r\n"x, y","say ""hi""","two\nlines"\n\n1,,3')).toEqual([
      ['a', 'b', 'c'], ['x, y', 'say "hi"', 'two\nlines'], ['1', '', '3'],
    ]);
  });

  it('reads CSV rows by their header, skipping a BOM and leaving empty cells out', () => {
    expect(readTranslationFile('t.csv', '\uFEFFNamespace,key,en,zh\napp,subtitle,Hello,\n')).toEqual([
      { namespace: 'app', key: 'subtitle', en: 'Hello' },
    ]);
  });

  it('refuses unknown or missing columns, extra cells and an unclosed quote, naming the problem', () => {
    expect(problemOf(() => readTranslationFile('t.csv', 'namespace,kee\napp,x'))).toEqual(
      ['translation_import.problems.unknown_column', { column: 'kee' }]);
    expect(problemOf(() => readTranslationFile('t.csv', 'namespace,zh\napp,x'))).toEqual(
      ['translation_import.problems.missing_column', { column: 'key' }]);
    expect(problemOf(() => readTranslationFile('t.csv', 'namespace,key\napp,x,y'))).toEqual(
      ['translation_import.problems.extra_cells', { line: 2 }]);
    expect(problemOf(() => readTranslationFile('t.csv', 'namespace,key\n"app,x'))).toEqual(
      ['translation_import.problems.unclosed_quote', {}]);
    expect(problemOf(() => readTranslationFile('t.csv', 'namespace,key\n'))).toEqual(['translation_import.problems.empty', {}]);
  });

  it('reads JSON as an array of rows or as an object keyed by the full message id', () => {
    const rows = [{ namespace: 'app', key: 'subtitle', zh: '副标题' }];
    expect(readTranslationFile('t.json', JSON.stringify(rows))).toEqual(rows);
    expect(readTranslationFile('t.json', '{ "ra.action.save": { "zh": "保存", "en": "Save" } }')).toEqual([
      { namespace: 'ra', key: 'action.save', zh: '保存', en: 'Save' },
    ]);
    expect(problemOf(() => readTranslationFile('t.json', '{ "app.x": "text" }'))).toEqual(
      ['translation_import.problems.bad_entry', { id: 'app.x' }]);
    expect(problemOf(() => readTranslationFile('t.json', '{ nope'))).toEqual(['translation_import.problems.bad_json', {}]);
  });

  it('exports CSV the import reads back unchanged', () => {
    const entries = [
      { namespace: 'app', key: 'subtitle', zh: '提货, "SOP"', en: ' two\r\nlines ', description: '' },
      { namespace: 'ra', key: 'boolean.null', zh: ' ', en: 'x', description: 'kept' },
    ];
    const csv = formatCsv(entries);
    expect(csv.startsWith('\uFEFFnamespace,key,zh,en,description\r\n')).toBe(true);
    expect(readTranslationFile('t.csv', csv)).toEqual([
      { namespace: 'app', key: 'subtitle', zh: '提货, "SOP"', en: ' two\r\nlines ' },
      { namespace: 'ra', key: 'boolean.null', zh: ' ', en: 'x', description: 'kept' },
    ]);
  });
});
