import { FIELD_GROUPS, type FieldGroup } from '@kernel/permissions/fieldGroups';
import type { Role } from '@kernel/users/roles';
import type { TestApp } from './testApp';

/**
 * Gives `role` field groups (all by default) past the API, as the permissions page would, and
 * waits until the sessions kept hear of it. For tests of a rule that is not the field groups' (a
 * dispatcher's areas on pricing), where the role would otherwise see no price. Answers the way back.
 */
export async function grantFieldGroups(app: TestApp, role: Exclude<Role, 'admin'>,
  groups: readonly FieldGroup[] = FIELD_GROUPS): Promise<() => Promise<void>> {
  const held: FieldGroup[] = (await app.db('fieldGroupRoles').where({ role }).select('fieldGroup')).map((row) => row.fieldGroup);
  const added = groups.filter((group) => !held.includes(group));
  if (added.length > 0) await app.db('fieldGroupRoles').insert(added.map((fieldGroup) => ({ role, fieldGroup })));
  await app.heard();
  return async () => {
    await app.db('fieldGroupRoles').where({ role }).whereIn('fieldGroup', added).delete();
    await app.heard();
  };
}

/** Takes field groups from `role` past the API, as grantFieldGroups gives them; answers the way back. */
export async function withdrawFieldGroups(app: TestApp, role: Exclude<Role, 'admin'>,
  groups: readonly FieldGroup[]): Promise<() => Promise<void>> {
  const taken: FieldGroup[] = (await app.db('fieldGroupRoles').where({ role }).whereIn('fieldGroup', groups).delete().returning('fieldGroup'))
    .map((row: { fieldGroup: FieldGroup }) => row.fieldGroup);
  await app.heard();
  return async () => {
    if (taken.length > 0) await app.db('fieldGroupRoles').insert(taken.map((fieldGroup) => ({ role, fieldGroup })));
    await app.heard();
  };
}

/** The ways an answer or a screen may write an amount: 21906.66 and 21,906.66 (a chart's rounding is not searched for). */
const spellings = (amount: string) => [amount, Number(amount).toLocaleString('en-US', { minimumFractionDigits: 2 })];

/**
 * The amounts of the groups `withheld` found in `text`, each as "group amount": `signs` are amounts
 * no other record holds, by the group (or `margin`) that withholds them.
 */
export function leaksIn<Group extends string>(text: string, signs: Readonly<Record<Group, readonly string[]>>, withheld: readonly Group[]): string[] {
  return withheld.flatMap((group) => signs[group].flatMap((amount) => spellings(amount).filter((spelt) => text.includes(spelt))
    .map((spelt) => `${group} ${spelt}`)));
}
