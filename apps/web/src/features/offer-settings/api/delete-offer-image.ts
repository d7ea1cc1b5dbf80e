import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { offerImageChoicesKey, offerImagesKey } from './offer-settings-keys.ts';

/** `DELETE /offer-images/{id}`: 409 `image_in_use` while offers show it. */
export function deleteOfferImage(id: number): Promise<void> {
  return api.delete<void>(`/offer-images/${id}`);
}

export function useDeleteOfferImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOfferImage,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: offerImagesKey });
      void queryClient.invalidateQueries({ queryKey: offerImageChoicesKey });
    },
  });
}
