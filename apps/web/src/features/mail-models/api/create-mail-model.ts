import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TMailModel, TMailModelInput } from '@embauche/contracts/mail-models';
import { api } from '../../../lib/api-client.ts';
import { mailModelKey } from './get-mail-model.ts';
import { mailModelsKey } from './mail-models-keys.ts';

/** `POST /mail-models` (201): a new model with the content of every language written. */
export function createMailModel(body: TMailModelInput): Promise<TMailModel> {
  return api.post<TMailModel>('/mail-models', body);
}

export function useCreateMailModel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMailModel,
    onSuccess: (model) => {
      queryClient.setQueryData(mailModelKey(model.id), model);
      // A new default unsets the kind's other default: every page of the list may change.
      void queryClient.invalidateQueries({ queryKey: [...mailModelsKey, 'pages'] });
    },
  });
}
