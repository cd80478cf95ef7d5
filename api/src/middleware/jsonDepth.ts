import { httpError } from '../foundation/httpError';

/**
 * How deeply a request's JSON (a body, a list's filter) may nest. Ours needs three or four
 * levels; a value nested thousands deep overflows the stack of whatever walks it recursively
 * (JSON.stringify, String(), joi), which would answer 500.
 */
export const MAX_JSON_DEPTH = 20;

/** Refuses (400, naming `field`) a parsed JSON value nested deeper than MAX_JSON_DEPTH. Walks without recursion. */
export function refuseDeepJson(value: unknown, field: string): void {
  const pending: Array<[unknown, number]> = [[value, 0]];
  while (pending.length > 0) {
    const [node, depth] = pending.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (depth + 1 > MAX_JSON_DEPTH) {
      throw httpError('invalid_input', `${field} is nested too deeply`, { params: { fields: field }, fields: {
        [field]: { code: 'too_deep', message: `Nested too deeply (at most ${MAX_JSON_DEPTH} levels)`, params: { max: MAX_JSON_DEPTH } },
      } });
    }
    for (const child of Object.values(node)) pending.push([child, depth + 1]);
  }
}
