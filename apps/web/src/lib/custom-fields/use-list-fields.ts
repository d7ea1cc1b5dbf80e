import { useQueries } from '@tanstack/react-query';
import type { TCustomField, TCustomFieldEntity } from '@embauche/contracts/custom-fields';
import { activeCustomFieldsQueryOptions } from './get-active-custom-fields.ts';

/**
 * The fields that lists show (`show_in_list`, not archived) of these entities, in that order and
 * each in its own order: the columns of the offer list, the lines of an application's row or card.
 */
export function useListFields(...entities: TCustomFieldEntity[]): TCustomField[] {
  const results = useQueries({ queries: entities.map((entity) => activeCustomFieldsQueryOptions(entity)) });
  return results.flatMap((r) => (r.data ?? []).filter((f) => f.show_in_list));
}
