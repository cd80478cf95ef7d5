import { SqlBatches } from '../../api/src/db/sqlBatches';

// The embedded restore runs a dump a batch of whole statements at a time (api/src/db/backup.ts):
// a semicolon inside a string, an identifier, a dollar-quoted body or a comment ends nothing,
// wherever the pieces of the file happen to be cut.

/** Each ends with the semicolon that ends it; what follows it to the next one belongs to the next. */
const STATEMENTS = [
  "SET client_encoding = 'UTF8';",
  '\n-- a comment; with a semicolon and a quote \'\nSELECT 1;',
  "\nCREATE FUNCTION f() RETURNS text AS $body$ SELECT 'x;y'; $$ ; $body$ LANGUAGE sql;",
  '\nCREATE FUNCTION g() RETURNS integer AS $$ BEGIN RETURN 1; END $$ LANGUAGE plpgsql;',
  "\nINSERT INTO \"we;\"\"ird\" VALUES\n\t(1, 'it''s; a $$ note', E'a\\'; b', 'x'),\n\t(2, '\"; -- /*', 3);",
  '\n/* block /* nested; */ still; */ SELECT a$b FROM t;',
  "\nCOMMENT ON TABLE t IS '多行;\n文本''';",
  "\nSELECT '';",
  "\nSELECT 1 - -1, 2 / 1, '-'||'/';",
];
const DUMP = STATEMENTS.join('');
const ENDS = STATEMENTS.map((_, index) => STATEMENTS.slice(0, index + 1).join('').length);

/** Feeds the pieces; answers the batches and what `end` gave back. */
function batchesOf(pieces: string[], size: number) {
  const batches = new SqlBatches(size);
  const given = pieces.map((piece) => batches.push(piece)).filter((batch): batch is string => batch !== undefined);
  return { given, rest: batches.end() };
}

/** Where each batch ends in the dump. */
const cuts = (given: string[]) => given.map((_, index) => given.slice(0, index + 1).join('').length);

describe('SqlBatches', () => {
  it('cuts after every statement when fed a character at a time, a batch being one character or more', () => {
    const { given, rest } = batchesOf([...DUMP], 1);
    expect(given).toEqual(STATEMENTS);
    expect(rest).toBe('');
  });

  it('cuts only at statement ends, and gives every character back once, wherever a piece ends', () => {
    for (let split = 0; split <= DUMP.length; split += 1) {
      for (const size of [1, 40, 10_000]) {
        const { given, rest } = batchesOf([DUMP.slice(0, split), DUMP.slice(split)], size);
        expect(given.join('') + rest).toBe(DUMP);
        for (const cut of cuts(given)) expect({ split, size, cut, isEnd: ENDS.includes(cut) }).toEqual({ split, size, cut, isEnd: true });
      }
    }
  });

  it('gathers statements read over many pieces into batches of the size, wherever the pieces end', () => {
    for (const length of [1, 2, 3, 5, 8, 13, 21]) {
      const pieces = Array.from({ length: Math.ceil(DUMP.length / length) }, (_, index) => DUMP.slice(index * length, (index + 1) * length));
      for (const size of [1, 40, 120, 10_000]) {
        const { given, rest } = batchesOf(pieces, size);
        expect(given.join('') + rest).toBe(DUMP);
        expect(cuts(given).every((cut) => ENDS.includes(cut))).toBe(true);
        expect(given.every((batch) => batch.length >= size)).toBe(true);
      }
    }
  });

  it('holds statements back until they make the batch size, and keeps a statement not ended for the end', () => {
    const { given, rest } = batchesOf([DUMP, 'SELECT \'unended;'], 120);
    expect(given).toHaveLength(1);
    expect(given[0].length).toBeGreaterThanOrEqual(120);
    expect(rest.endsWith("SELECT 'unended;")).toBe(true);
    expect(given[0] + rest).toBe(`${DUMP}SELECT 'unended;`);
  });
});
