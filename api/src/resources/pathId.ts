import { fieldRefusal, problem } from '../foundation/httpError';
import type { Ctx } from './resource';

/** A record id: digits only, no sign, no leading zero, no spaces, hex or exponent (`0x10` is not 16). */
const ID_PATTERN = /^[1-9][0-9]{0,15}$/;

/** Reads the path parameter `name` (default `id`) as a record id, or answers 400 naming it. */
export function pathId(ctx: Ctx, name = 'id'): number {
  const raw: string = ctx.params[name] ?? '';
  const id = Number(raw);
  if (!ID_PATTERN.test(raw) || !Number.isSafeInteger(id)) {
    throw fieldRefusal('invalid_input', `${name} must be a positive integer`, name, problem('invalid_format'));
  }
  return id;
}
