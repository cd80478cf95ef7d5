import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { withheldFields } from '@kernel/permissions/fieldGroups';
import { currentUserQuery } from '../providers/queryClient';

/**
 * The names of a record type's fields (and sums, sorts, filters) the server withholds from the
 * signed-in person by their field groups (docs/roles-and-permissions.md#field-groups): a screen
 * leaves them out rather than show an empty column. All of them until the person is known.
 */
export function useWithheld(entityType = 'order'): ReadonlySet<string> {
  const { data: user } = useQuery(currentUserQuery);
  const held = user?.fieldGroups;
  return useMemo(() => new Set(withheldFields(entityType, held ?? [])), [entityType, held]);
}
