import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { mailModelKey } from './get-mail-model.ts';
import { mailModelsKey } from './mail-models-keys.ts';

/** `DELETE /mail-models/{id}`: e-mails of its kind then use another default, or the built-in text. */
export function deleteMailModel(id: number): Promise<void> {
  return api.delete<void>(`/mail-models/${id}`);
}

export function useDeleteMailModel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMailModel,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: mailModelKey(id) });
      void queryClient.invalidateQueries({ queryKey: [...mailModelsKey, 'pages'] });
    },
  });
}
