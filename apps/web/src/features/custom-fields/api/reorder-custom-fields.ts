import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCustomField, TCustomFieldOrder } from '@embauche/contracts/custom-fields';
import { api } from '../../../lib/api-client.ts';
import { customFieldsBaseKey } from '../../../lib/custom-fields/get-active-custom-fields.ts';
import { customFieldsListKey } from './get-custom-fields.ts';

/** `PUT /custom-fields/order {entity, ids}`: every field of the entity in its new order. */
export function reorderCustomFields(body: TCustomFieldOrder): Promise<void> {
  return api.put<void>('/custom-fields/order', body);
}

/** Moves the rows at once (optimistic), puts them back if the server refuses. */
export function useReorderCustomFields() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorderCustomFields,
    onMutate: async ({ entity, ids }) => {
      const key = customFieldsListKey(entity);
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<TCustomField[]>(key);
      if (previous) {
        const byId = new Map(previous.map((f) => [f.id, f]));
        queryClient.setQueryData(
          key,
          ids.flatMap((id, index) => (byId.has(id) ? [{ ...byId.get(id)!, position: index + 1 }] : [])),
        );
      }
      return { key, previous };
    },
    onError: (_error, _body, context) => {
      if (context?.previous) queryClient.setQueryData(context.key, context.previous);
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: customFieldsBaseKey }),
  });
}
