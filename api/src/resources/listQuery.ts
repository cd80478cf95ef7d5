import { httpError } from '../httpError';

/** How a list filter compares: equality (a list of values means "any of"), text contains, or bounds. */
export type FilterKind = 'eq' | 'contains' | 'range';

export interface ListParams {
  sort: { field: string; order: 'asc' | 'desc' };
  range: { start: number; end: number };
  filter: Record<string, unknown>;
}

/** DESIGN.md §10: a page holds at most 500 rows. */
export const MAX_PAGE_SIZE = 500;

function parseJson(name: string, raw: unknown, fallback: unknown): unknown {
  if (raw === undefined || raw === '') return fallback;
  if (typeof raw !== 'string') throw httpError(400, `${name} must be given once`, { [name]: 'Invalid format' });
  try {
    return JSON.parse(raw);
  } catch {
    throw httpError(400, `${name} is not valid JSON`, { [name]: 'Invalid format' });
  }
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
      throw httpError(400, 'sort must be ["field","ASC"|"DESC"]', { sort: 'Invalid format' });
    }
    if (!sortable.includes(sort[0])) {
      throw httpError(400, `Cannot sort by "${sort[0]}"`, { sort: `Allowed: ${sortable.join(', ')}` });
    }
    parsedSort = { field: sort[0], order: String(sort[1] ?? 'ASC').toLowerCase() as 'asc' | 'desc' };
  }

  if (!Array.isArray(range) || range.length !== 2 || !range.every((n) => Number.isInteger(n) && n >= 0)
    || range[1] < range[0]) {
    throw httpError(400, 'range must be [start, end] with 0 ≤ start ≤ end', { range: 'Invalid format' });
  }
  if (range[1] - range[0] + 1 > MAX_PAGE_SIZE) {
    throw httpError(400, `A page holds at most ${MAX_PAGE_SIZE} rows`, { range: `At most ${MAX_PAGE_SIZE} rows` });
  }
  if (filter === null || typeof filter !== 'object' || Array.isArray(filter)) {
    throw httpError(400, 'filter must be a JSON object', { filter: 'Invalid format' });
  }
  return { sort: parsedSort, range: { start: range[0], end: range[1] }, filter: filter as Record<string, unknown> };
}

/** A scalar a filter may compare with; objects and nested arrays are refused. */
export function filterValues(field: string, value: unknown): Array<string | number | boolean> {
  const values = Array.isArray(value) ? value : [value];
  if (!values.every((v) => ['string', 'number', 'boolean'].includes(typeof v))) {
    throw httpError(400, `Filter "${field}" takes a value or a list of values`, { [field]: 'Invalid format' });
  }
  return values as Array<string | number | boolean>;
}

/** Escapes LIKE wildcards so a search for "50%" finds "50%", not everything. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
