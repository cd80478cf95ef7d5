import fc from 'fast-check';
import { RESOURCES } from '../../api/src/registry';
import { idListsOf } from '../../api/src/resources/relations';
import type { AnyResource } from '../../api/src/resources/resource';
import type { RouteEntry } from './routeTable';

/**
 * fast-check arbitraries for the API fuzzer (test/api/fuzz.test.ts): path parameters, query
 * strings and bodies that mix plausible requests with the input that breaks careless code.
 */

type Row = Record<string, unknown>;

/** Path values that look like ids to a lax parser: hex, exponent, sign, spaces, other digits. */
const ODD_IDS = ['0', '-1', '0x10', '1e1', ' 1', '1 ', '+1', '01', '1.0', '1.5', 'NaN', 'Infinity', '-0',
  '9007199254740993', '99999999999999999999999', '1'.repeat(400), '١', '１', '¹', 'null', 'true', '[1]', '{"a":1}',
  '\u0000', '\n', "1' or '1'='1", '1;select 1', '__proto__', 'constructor', 'hasOwnProperty', '..', 'é', '😀',
  'supplier', 'order', 'user', 'cn', 'en', 'fr', ''];
/** Sent as they are, not URL-encoded: broken percent escapes and an encoded slash. */
const RAW_SEGMENTS = ['%', '%zz', '%E0%A4%A', '%00', '%2F', '%ff', '%C0%AF', '%ED%A0%80', '..%2F..'];

/** One path value: `raw` ones go into the URL without encoding. */
export interface PathValue {
  value: string;
  raw: boolean;
}

/** Random text that cannot name a real record: a small number could hit the fuzzing client's own account. */
const notASmallId = (text: string) => !/^\s*\+?0*[0-9]{1,6}\s*$/.test(text);

const oddPathValue: fc.Arbitrary<PathValue> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...ODD_IDS).map((value) => ({ value, raw: false })) },
  { weight: 1, arbitrary: fc.constantFrom(...RAW_SEGMENTS).map((value) => ({ value, raw: true })) },
  { weight: 1, arbitrary: fc.oneof(fc.bigInt({ min: 10n ** 7n, max: 2n ** 90n }), fc.bigInt({ min: -(2n ** 90n), max: 0n }))
    .map((n) => ({ value: String(n), raw: false })) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 12 }).filter(notASmallId).map((value) => ({ value, raw: false })) },
);

/**
 * The path values of one request: a set of real ids from `pool` (coupled ones, like an order and
 * its attachment), each parameter replaced by an odd value half of the time.
 */
export function pathValues(route: RouteEntry, pool: ReadonlyArray<Record<string, string | number>>):
  fc.Arbitrary<Record<string, PathValue>> {
  if (route.params.length === 0) return fc.constant({});
  return fc.tuple(fc.constantFrom(...pool), fc.array(fc.option(oddPathValue, { freq: 2 }), {
    minLength: route.params.length, maxLength: route.params.length,
  })).map(([real, odd]) => Object.fromEntries(route.params.map((param, i) => [param,
    odd[i] ?? { value: String(real[param]), raw: false }])));
}

/** Scalars careless code trips on: empty and blank, NUL, lone surrogates, huge and odd numbers. */
export const nastyScalar: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom('', ' ', '\u0000', 'a\u0000b', '\uD800', 'null', 'undefined', 'NaN', '-0', '1e309', '💥', '<script>alert(1)</script>',
    "' or 1=1 --", '%', '_', '\\', '{}', '[]', '__proto__', 'constructor', '0x10', '2026-02-30', '2026-13-01', '9999-12-31T23:59:59Z',
    '0000-00-00', 'true', 'false', 'admin', 'completed', 'pod'),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.constantFrom(0, -1, 1, 0.1, -0.5, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 2, 1e21, 1e308, -1e308, 5e-324),
  fc.boolean(),
  fc.constant(null),
);

/**
 * Values a field may be given instead of what it expects: scalars, arrays, objects, long text,
 * deep nesting. `room` caps the long and deep ones: a query string over 16 KB never reaches the app
 * (431), so query values stay under it.
 */
function nastyValueOf(room: { text: number; depth: number }): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 6, arbitrary: nastyScalar },
    { weight: 2, arbitrary: fc.array(nastyScalar, { maxLength: 5 }) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
    { weight: 1, arbitrary: fc.constantFrom('x', '长', 'é').chain((c) => fc.integer({ min: 1, max: room.text }).map((n) => c.repeat(n))) },
    { weight: 1, arbitrary: fc.integer({ min: 20, max: room.depth }).map(deepArray) },
    { weight: 1, arbitrary: fc.constantFrom({ __proto__: null, toString: 1 }, JSON.parse('{"__proto__":{"role":"admin"}}'),
      { constructor: { prototype: { admin: true } } }, { hasOwnProperty: 'x' }) },
  );
}

/** A body field's odd value: up to 70,000 characters, 3,000 levels deep (the body limit is 1 MB). */
export const nastyValue = nastyValueOf({ text: 70_000, depth: 3_000 });
/** A query value's odd value: within what a URL carries. */
const nastyQueryValue = nastyValueOf({ text: 1_500, depth: 400 });

/** `depth` arrays nested in one another, as a JS value. */
function deepArray(depth: number): unknown {
  let value: unknown = [];
  for (let i = 0; i < depth; i += 1) value = [value];
  return value;
}

/** A JSON object written out by hand: keys like `__proto__` stay own keys, duplicates stay duplicates. */
const jsonObjectText = (entries: Array<[string, unknown]>) =>
  `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value) ?? 'null'}`).join(',')}}`;

const PROTO_KEYS = ['__proto__', 'constructor', 'hasOwnProperty', 'toString', 'valueOf', 'prototype'];

/** The resource a route lists or reads (`/api/orders/export.csv` filters orders), if any. */
const resourceOf = (route: RouteEntry): AnyResource | undefined => RESOURCES.find((def) => def.name === route.path.split('/')[2]);

/** Filter keys a list may know (its own fields, with range bounds), and keys it must refuse. */
function filterKeys(def: AnyResource | undefined): string[] {
  const own = def ? [...Object.keys(def.list.filters), ...Object.keys(def.list.customFilters ?? {}),
    ...idListsOf(def).map((list) => list.field)] : [];
  const bounds = def ? Object.entries(def.list.filters).filter(([, kind]) => kind === 'range').flatMap(([f]) => [`${f}_gte`, `${f}_lte`]) : [];
  return [...new Set([...own, ...bounds, 'q', 'id', 'type', 'deletedBy', 'status', 'deliveryAreaId', 'period', 'missing',
    'x_gte', 'status_gte', 'id_lte', ...PROTO_KEYS])];
}

/** Filter values: mostly what a filter form sends (ids, dates, statuses, lists), often something else. */
const filterValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom(1, 2, '1', 'abc', 'completed', 'active', 'supplier', 'zh', '2026-01-01',
    '2026-01-01T00:00:00Z', '2026', '2026-06', '2026-W10', true, 'true', 'mos', [1, 2], ['completed'], []) },
  { weight: 3, arbitrary: nastyQueryValue },
);

function filterText(def: AnyResource | undefined): fc.Arbitrary<string> {
  const key = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...filterKeys(def)) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 10 }) });
  return fc.array(fc.tuple(key, filterValue), { minLength: 1, maxLength: 3 }).map(jsonObjectText);
}

/** A sort the list takes, or (a third of the time) one it must refuse. */
function sortText(def: AnyResource | undefined): fc.Arbitrary<string> {
  const valid = fc.tuple(fc.constantFrom(...(def?.list.sortable ?? ['id', 'deletedAt', 'name'])), fc.constantFrom('ASC', 'DESC'))
    .map((pair) => JSON.stringify(pair));
  const field = fc.oneof(fc.constantFrom(...(def?.list.sortable ?? ['id', 'deletedAt', 'name']), ...PROTO_KEYS, 'id; drop table users',
    'password_hash', 'passwordHash'), nastyScalar);
  const order = fc.oneof(fc.constantFrom('ASC', 'DESC', 'asc', 'desc', '', 'ASC NULLS FIRST'), nastyScalar);
  return fc.oneof({ weight: 4, arbitrary: valid }, { weight: 1, arbitrary: fc.tuple(field, order).map((pair) => JSON.stringify(pair)) },
    { weight: 1, arbitrary: nastyQueryValue.map((v) => JSON.stringify(v) ?? '') });
}

/** A range the list takes, or (a third of the time) one it must refuse. */
const bound = fc.oneof(fc.integer({ min: 0, max: 600 }), fc.constantFrom(-1, 1e20, 2 ** 53, 2 ** 31, 0.5, 499, 500, 501), nastyScalar);
const rangeText = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 0, max: 1_000 }).chain((start) => fc.integer({ min: start, max: start + 499 })
    .map((end) => JSON.stringify([start, end]))) },
  { weight: 1, arbitrary: fc.tuple(bound, bound).map((pair) => JSON.stringify(pair)) },
  { weight: 1, arbitrary: fc.oneof(fc.array(bound, { maxLength: 4 }), nastyQueryValue).map((v) => JSON.stringify(v) ?? '') });

/** Query parameters the routes read, given plausible and implausible values. */
const namedParams: Record<string, fc.Arbitrary<string>> = {
  pageKey: fc.constantFrom('orders', 'permissions', 'nope', '', '__proto__'),
  resource: fc.constantFrom('orders', 'users', 'nope', '__proto__', 'constructor'),
  kind: fc.constantFrom('delayed', 'mos', 'pulling_out', 'nope', ''),
  deliveryAreaId: fc.constantFrom('1', '2', '-1', '0x1', '1e1', '99999999999999999999'),
  offset: fc.constantFrom('0', '-1', '100000', '100001', '1e9', '0.5', 'x'),
  limit: fc.constantFrom('1', '0', '100', '101', '-5', '1e3'),
  runId: fc.constantFrom('1', '0', '-1', '999999', 'x', '1.5', '99999999999999999999'),
  months: fc.constantFrom('3', '6', '12', '7', '-1', 'x'),
  granularity: fc.constantFrom('day', 'week', 'month', 'total', 'year', ''),
  dimension: fc.constantFrom('overall', 'supplier', 'vehicle_type', 'delivery_area', 'user', 'nope', '__proto__'),
  format: fc.constantFrom('json', 'csv', 'xml', ''),
  lang: fc.constantFrom('cn', 'en', 'fr', ''),
  locale: fc.constantFrom('cn', 'en', 'fr', ''),
};

type Pair = readonly [string, string];

/** Any other parameter: a route's own one, a prototype or bracket key, random text. */
const otherPair: fc.Arbitrary<Pair> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...Object.keys(namedParams)).chain((key) =>
    fc.oneof({ weight: 3, arbitrary: namedParams[key] }, { weight: 1, arbitrary: nastyScalar.map(String) }).map((v) => [key, v] as const)) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...PROTO_KEYS, 'filter[]', 'filter[q]', '__proto__[x]', 'a[b][c]', ''),
    nastyScalar.map(String)) },
  { weight: 1, arbitrary: fc.tuple(fc.string({ unit: 'grapheme', maxLength: 8 }), fc.string({ unit: 'grapheme', maxLength: 20 })) },
);

// A lone surrogate cannot be URL-encoded (UTF-8 has no bytes for it): it goes as U+FFFD.
const encode = (text: string) =>
  encodeURIComponent(text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'));
const encodePairs = (pairs: readonly Pair[]) => (pairs.length === 0 ? ''
  : `?${pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&')}`);

/**
 * A query string. Mostly the list protocol as a client sends it, a valid sort and range around a
 * filter (so the filter is what gets tested, not refused behind a bad range), with the route's own
 * parameters; otherwise anything: repeated, prototype, bracket and random keys.
 */
export function queryString(route: RouteEntry): fc.Arbitrary<string> {
  const def = resourceOf(route);
  const list = fc.record({
    filter: fc.option(filterText(def), { freq: 4 }),
    sort: fc.option(sortText(def), { freq: 2 }),
    range: fc.option(rangeText, { freq: 2 }),
    others: fc.array(otherPair, { maxLength: 2 }),
  }).map(({ filter, sort, range, others }) => encodePairs([
    ...(filter === null ? [] : [['filter', filter] as const]), ...(sort === null ? [] : [['sort', sort] as const]),
    ...(range === null ? [] : [['range', range] as const]), ...others]));
  const anything = fc.array(fc.oneof(filterText(def).map((v) => ['filter', v] as const), sortText(def).map((v) => ['sort', v] as const),
    rangeText.map((v) => ['range', v] as const), otherPair), { maxLength: 5 }).map(encodePairs);
  return fc.oneof({ weight: 3, arbitrary: list }, { weight: 1, arbitrary: anything });
}

/** What a request sends: nothing, a JSON value, or raw text with its content type. */
export type BodySpec = { kind: 'none' } | { kind: 'json'; value: unknown } | { kind: 'raw'; text: string; contentType: string };

/** Content types a JSON body may come with: charsets a parser may not know, types the CSRF check refuses. */
const jsonContentType = fc.oneof({ weight: 4, arbitrary: fc.constant('application/json') },
  { weight: 1, arbitrary: fc.constantFrom('application/json; charset=utf-8', 'application/json; charset=utf-16',
    'application/json; charset=bogus', 'application/json; charset=', 'application/json-patch+json', 'application/vnd.api+json',
    'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data', '') });

/** Raw bodies a JSON parser and the code behind it must survive. */
const rawJsonBodies: fc.Arbitrary<BodySpec> = fc.tuple(fc.oneof(
  fc.constantFrom('{', '[1,', '{"a":}', 'nul', '"x"', '1', 'null', 'true', '[]', '{}', '{"__proto__":{"isAdmin":true}}',
    `{"id":1${'0'.repeat(400)}}`, '{"a":1e999}', '\uFEFF{}', '{"a":"\\ud800"}', '{"a":"\\u0000"}'),
  fc.integer({ min: 100, max: 60_000 }).map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`),
  fc.integer({ min: 100, max: 30_000 }).map((depth) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`),
), jsonContentType).map(([text, contentType]) => ({ kind: 'raw', text, contentType }));

/** One field of a valid record changed: removed, emptied, mistyped, overlong, nested deep; or a field added. */
function mangled(template: () => Row): fc.Arbitrary<BodySpec> {
  return fc.tuple(fc.nat(), fc.constantFrom('drop', 'set', 'add'), nastyValue, fc.constantFrom(...PROTO_KEYS, 'id', 'version',
    'status', 'role', 'userId', 'deletedAt', 'createdBy', 'passwordHash', 'extra'))
    .map(([index, how, value, extraKey]) => {
      const record = template();
      const keys = Object.keys(record);
      const entries: Array<[string, unknown]> = Object.entries(record);
      const key = keys[index % Math.max(keys.length, 1)];
      if (how === 'drop' && key) return entries.filter(([k]) => k !== key);
      if (how === 'set' && key) return entries.map(([k, v]) => [k, k === key ? value : v] as [string, unknown]);
      return [...entries, [extraKey, value] as [string, unknown]];
    })
    .map((entries) => ({ kind: 'raw', text: jsonObjectText(entries), contentType: 'application/json' }));
}

/** A multipart upload with odd parts: kinds, file names and contents, a boundary that lies. */
const multipartBodies: fc.Arbitrary<BodySpec> = fc.record({
  kind: fc.oneof(fc.constantFrom('pod', 'receipt', '', 'selfie'), nastyScalar.map(String)),
  fileName: fc.oneof(fc.constantFrom('pod.pdf', '../../etc/passwd', 'a\u0000b.pdf', '签收单.pdf', 'x'.repeat(500), '', '"quoted".pdf'),
    fc.string({ unit: 'grapheme', maxLength: 20 })),
  content: fc.oneof(fc.constantFrom('%PDF-1.4 ok', '\u0089PNG\r\n\u001a\n', '<html>', ''), fc.string({ unit: 'binary', maxLength: 200 })),
  broken: fc.constantFrom('none', 'no-end', 'no-boundary', 'wrong-boundary', 'field-name'),
}).map(({ kind, fileName, content, broken }) => {
  const boundary = 'fuzzboundary';
  const fileField = broken === 'field-name' ? 'other' : 'file';
  const parts = [`--${boundary}`, 'Content-Disposition: form-data; name="kind"', '', kind,
    `--${boundary}`, `Content-Disposition: form-data; name="${fileField}"; filename="${fileName}"`, 'Content-Type: application/pdf', '',
    content, broken === 'no-end' ? '' : `--${boundary}--`, ''].join('\r\n');
  const contentType = broken === 'no-boundary' ? 'multipart/form-data'
    : `multipart/form-data; boundary=${broken === 'wrong-boundary' ? 'other' : boundary}`;
  return { kind: 'raw', text: parts, contentType };
});

/** The bodies fuzzing a route: mostly its valid record with one field mangled, then anything. */
export function bodies(route: RouteEntry, template: (() => Row) | undefined): fc.Arbitrary<BodySpec> {
  const arbitraries: Array<fc.WeightedArbitrary<BodySpec>> = [
    { weight: 1, arbitrary: fc.constant({ kind: 'none' }) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((value) => ({ kind: 'json', value })) },
    { weight: 2, arbitrary: rawJsonBodies },
  ];
  if (template) arbitraries.push({ weight: 6, arbitrary: mangled(template) }, { weight: 1, arbitrary: fc.constant(null)
    .map(() => ({ kind: 'json', value: template() })) });
  if (route.name === 'POST /api/orders/:id/attachments') arbitraries.push({ weight: 6, arbitrary: multipartBodies });
  return fc.oneof(...arbitraries);
}

/**
 * Accept-Encoding as browsers, proxies and attackers send it: identity refused (`identity;q=0`,
 * `*;q=0`), codings the server lacks, odd q-values, lists of any shape.
 */
export const acceptEncodings: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 4, arbitrary: fc.constant(undefined) },
  { weight: 2, arbitrary: fc.constantFrom('identity;q=0', '*;q=0', 'gzip;q=0, identity;q=0', 'br;q=1, identity;q=0, *;q=0',
    'zstd', 'deflate', 'gzip, deflate, br, zstd', '*', '', 'identity', 'compress', 'x-gzip', 'gzip;q=2', 'gzip;q=-1',
    'gzip;q=abc', ',,;;,', 'identity;q=0.000', 'gzip,'.repeat(500)) },
  { weight: 1, arbitrary: fc.array(fc.constantFrom('gzip', 'br', 'deflate', 'zstd', 'identity', '*', 'bogus', ';q=0', ';q=1',
    ';q=0.5', ',', ' ', ';'), { maxLength: 8 }).map((parts) => parts.join('')) },
);

/** A request body's Content-Encoding: unknown codings, and gzip, deflate or br that the body really has or lacks. */
export interface BodyEncoding {
  name: string;
  /** Whether the body is really compressed so. */
  applied: boolean;
}
export const bodyEncodings: fc.Arbitrary<BodyEncoding | undefined> = fc.oneof(
  { weight: 6, arbitrary: fc.constant(undefined) },
  { weight: 1, arbitrary: fc.record({ name: fc.constantFrom('gzip', 'deflate', 'br'), applied: fc.boolean() }) },
  { weight: 1, arbitrary: fc.constantFrom('identity', 'bogus', 'zstd', 'gzip, gzip', 'x-gzip', '', 'compress')
    .map((name) => ({ name, applied: false })) },
);
