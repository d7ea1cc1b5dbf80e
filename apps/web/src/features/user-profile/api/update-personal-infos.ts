import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TPersonalInfosRequest, TProfile } from '@embauche/contracts/profile';
import { api } from '../../../lib/api-client.ts';
import { personalInfosQueryOptions } from './get-personal-infos.ts';

export type UpdatePersonalInfosInput = TPersonalInfosRequest & { img_src?: File | null };

export function updatePersonalInfos(input: UpdatePersonalInfosInput): Promise<TProfile> {
  const body = new FormData();
  body.append('firstname', input.firstname);
  body.append('lastname', input.lastname);
  body.append('email', input.email);
  if (input.img_src) body.append('img_src', input.img_src);
  return api.post<TProfile>('/user_profile/personal_infos', body);
}

/** `onSaved` lets the page refresh data it owns elsewhere (the signed-in user shown in the header). */
export function useUpdatePersonalInfos(onSaved?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePersonalInfos,
    onSuccess: (profile) => {
      queryClient.setQueryData(personalInfosQueryOptions().queryKey, profile);
      onSaved?.();
    },
  });
}
