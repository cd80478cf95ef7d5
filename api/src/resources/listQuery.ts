import { fieldRefusal, problem } from '../foundation/httpError';
import { MAX_PAGE_SIZE } from '@kernel/resources/listParams';
import { refuseDeepJson } from '../middleware/jsonDepth';

/**
 * How a list filter compares: equality (a list of values means "any of", an empty list none),
 * text contains, or date bounds (`field_gte`, `field_lte`: every range filter is on a date or a
 * timestamp column).
 */
export type FilterKind = 'eq' | 'contains' | 'range';

export interface ListParams {
  sort: { field: string; order: 'asc' | 'desc' };
  range: { start: number; end: number };
  filter: Record<string, unknown>;
}


/** What a list route's handler carries for the API's document (openapi/document.ts): the names its query takes. */
export const LIST_QUERY = Symbol('listQuery');
export interface ListQueryNames {
  sortable: readonly string[];
  defaultSort: ListParams['sort'];
  filters: readonly string[];
}

/**
 * The three JSON query parameters of a list (ra-data-simple-rest's), as OpenAPI 3.1 states them:
 * each is JSON in the query string, so its schema is given as `content`.
 */
export function listParameters({ sortable, defaultSort, filters }: ListQueryNames): object[] {
  const json = (schema: object, example: unknown) => ({ 'application/json': { schema, example } });
  const scalar = { type: ['string', 'number', 'boolean'] };
  return [
    { name: 'range', in: 'query', required: false,
      description: `The rows [start, end], counted from 0, at most ${MAX_PAGE_SIZE} (default [0, 24]); Content-Range answers which came of how many.`,
      content: json({ type: 'array', prefixItems: [{ type: 'integer', minimum: 0 }, { type: 'integer', minimum: 0 }], minItems: 2, maxItems: 2 }, [0, 24]) },
    { name: 'sort', in: 'query', required: false, description: `[field, "ASC" | "DESC"] (default ${JSON.stringify([defaultSort.field, defaultSort.order.toUpperCase()])}).`,
      content: json({ type: 'array', prefixItems: [{ enum: [...sortable] }, { enum: ['ASC', 'DESC', 'asc', 'desc'] }], minItems: 1, maxItems: 2 },
        [defaultSort.field, defaultSort.order.toUpperCase()]) },
    { name: 'filter', in: 'query', required: false,
      description: 'An object of filters: a value, or a list of values meaning any of them; `q` searches the text; `_gte`/`_lte` bound a date.',
      content: json({ type: 'object', additionalProperties: false,
        properties: Object.fromEntries(filters.map((name) => [name, { oneOf: [scalar, { type: 'array', items: scalar }] }])) }, {}) },
  ];
}

function parseJson(name: string, raw: unknown, fallback: unknown): unknown {
  if (raw === undefined || raw === '') return fallback;
  if (typeof raw !== 'string') throw fieldRefusal('invalid_query', `${name} must be given once`, name, problem('invalid_format'));
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw fieldRefusal('invalid_query', `${name} is not valid JSON`, name, problem('invalid_format'));
  }
  refuseDeepJson(parsed, name);
  return parsed;
}

/**
 * The entry a client-chosen name picks from a resource's table of filters, links or the like:
 * only the table's own entries, never what every object inherits ("constructor", "__proto__").
 */
export function ownEntry<T>(table: Readonly<Record<string, T>> | undefined, name: string): T | undefined {
  return table !== undefined && Object.hasOwn(table, name) ? table[name] : undefined;
}

/**
 * Reads ra-data-simple-rest's `sort=["field","ASC"]&range=[0,24]&filter={…}`, refusing
 * anything malformed or a sort field the resource does not allow.
 */
export function parseListParams(query: Record<string, unknown>, sortable: readonly string[],
  defaultSort: ListParams['sort']): ListParams {
  const sort = parseJson('sort', query.sort, null);
  const range = parseJson('range', query.range, [0, 24]);
  const filter = parseJson('filter', query.filter, {});

  let parsedSort = defaultSort;
  if (sort !== null) {
    if (!Array.isArray(sort) || typeof sort[0] !== 'string' || !/^(asc|desc)$/i.test(String(sort[1] ?? 'ASC'))) {
      throw fieldRefusal('invalid_query', 'sort must be ["field","ASC"|"DESC"]', 'sort', problem('invalid_format'));
    }
    if (!sortable.includes(sort[0])) {
      const allowed = sortable.join(', ');
      throw fieldRefusal('invalid_query', `Cannot sort by "${sort[0]}"`, 'sort', problem('not_sortable', `Allowed: ${allowed}`, { allowed }));
    }
    parsedSort = { field: sort[0], order: String(sort[1] ?? 'ASC').toLowerCase() as 'asc' | 'desc' };
  }

  if (!Array.isArray(range) || range.length !== 2 || !range.every((n) => Number.isInteger(n) && n >= 0)
    || range[1] < range[0]) {
    throw fieldRefusal('invalid_query', 'range must be [start, end] with 0 ≤ start ≤ end', 'range', problem('invalid_format'));
  }
  if (range[1] - range[0] + 1 > MAX_PAGE_SIZE) {
    throw fieldRefusal('invalid_query', `A page holds at most ${MAX_PAGE_SIZE} rows`, 'range',
      problem('too_many_rows', `At most ${MAX_PAGE_SIZE} rows`, { max: MAX_PAGE_SIZE }));
  }
  if (filter === null || typeof filter !== 'object' || Array.isArray(filter)) {
    throw fieldRefusal('invalid_query', 'filter must be a JSON object', 'filter', problem('invalid_format'));
  }
  return { sort: parsedSort, range: { start: range[0], end: range[1] }, filter: filter as Record<string, unknown> };
}

/** A scalar a filter may compare with; objects and nested arrays are refused. */
export function filterValues(field: string, value: unknown): Array<string | number | boolean> {
  const values = Array.isArray(value) ? value : [value];
  if (!values.every((v) => ['string', 'number', 'boolean'].includes(typeof v))) {
    throw fieldRefusal('invalid_query', `Filter "${field}" takes a value or a list of values`, field, problem('invalid_format'));
  }
  return values as Array<string | number | boolean>;
}

// YYYY-MM-DD, optionally with a time and an offset: what a date input and toISOString() send.
const DATE_OR_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,6})?)?(?:Z|[+-](?:[01]\d|2[0-3])(?::?[0-5]\d)?)?)?$/;

/**
 * One bound of a date range, checked here so that a bound the database cannot read ("soon",
 * 2026-02-30, an empty list) is a 400 naming the filter rather than a failed query.
 */
export function rangeBound(field: string, value: unknown): string {
  const match = typeof value === 'string' ? DATE_OR_TIME.exec(value) : null;
  const [year, month, day] = (match ?? []).slice(1, 4).map(Number);
  const date = new Date(0);
  if (match) date.setUTCFullYear(year, month - 1, day);
  if (!match || year < 1 || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    throw fieldRefusal('invalid_query', `Filter "${field}" takes a date (YYYY-MM-DD) or an ISO 8601 date and time`, field,
      problem('invalid_format'));
  }
  return value as string;
}

/** Escapes LIKE wildcards so a search for "50%" finds "50%", not everything. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
