import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TMailModel, TMailModelInput } from '@embauche/contracts/mail-models';
import { api } from '../../../lib/api-client.ts';
import { mailModelKey } from './get-mail-model.ts';
import { mailModelsKey } from './mail-models-keys.ts';

/**
 * `PUT /mail-models/{id}`: the name, the default flag and the content of every language written
 * (a language left out is removed); the kind never changes.
 */
export function updateMailModel({
  id,
  ...body
}: TMailModelInput & { id: number }): Promise<TMailModel> {
  return api.put<TMailModel>(`/mail-models/${id}`, body);
}

export function useUpdateMailModel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMailModel,
    onSuccess: (model) => {
      queryClient.setQueryData(mailModelKey(model.id), model);
      // Saving a default unsets the kind's other default: every page of the list may change.
      void queryClient.invalidateQueries({ queryKey: [...mailModelsKey, 'pages'] });
    },
  });
}
