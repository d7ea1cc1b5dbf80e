import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TApplicationPath, TApplicationPathForm } from '@embauche/contracts/offer-settings';
import { api } from '../../../lib/api-client.ts';
import { applicationPathKey } from './offer-settings-keys.ts';

/** `PUT /application-path`: the field modes and the required document types. */
export function saveApplicationPath(body: TApplicationPathForm): Promise<TApplicationPath> {
  return api.put<TApplicationPath>('/application-path', body);
}

export function useSaveApplicationPath() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveApplicationPath,
    onSuccess: (data) => queryClient.setQueryData(applicationPathKey, data),
  });
}
