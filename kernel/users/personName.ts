/**
 * How a person's name is written: a Chinese name family name first and without a space (周婷),
 * any other given name first (Tom Lee). Free of server code: the admin shows names by it too.
 */
const CJK = /[\u3400-\u9fff]/;

/** `person` is any record with `firstName` and `lastName` (a user, a users-option row, a model). */
export function personName(person: object): string {
  const { firstName, lastName } = person as { firstName?: unknown; lastName?: unknown };
  const first = typeof firstName === 'string' ? firstName.trim() : '';
  const last = typeof lastName === 'string' ? lastName.trim() : '';
  return CJK.test(first + last) ? `${last}${first}` : `${first} ${last}`.trim();
}
