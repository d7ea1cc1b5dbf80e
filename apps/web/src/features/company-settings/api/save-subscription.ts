import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TSubscription, TSubscriptionForm } from '@embauche/contracts/company-settings';
import { api } from '../../../lib/api-client.ts';
import { meKey, subscriptionKey } from './company-settings-keys.ts';

/** `PUT /config/account-infos/subscription` (super administrators only). */
export function saveSubscription(body: TSubscriptionForm): Promise<TSubscription> {
  return api.put<TSubscription>('/config/account-infos/subscription', body);
}

export function useSaveSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSubscription,
    onSuccess: (saved) => {
      queryClient.setQueryData(subscriptionKey, saved);
      // `/me` lists the company's features (the menu filters by them).
      void queryClient.invalidateQueries({ queryKey: meKey });
    },
  });
}
