import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TOfferImage } from '@embauche/contracts/offer-settings';
import { api } from '../../../lib/api-client.ts';
import { offerImageChoicesKey, offerImagesKey } from './offer-settings-keys.ts';

/** `POST /offer-images` multipart `file`: PNG, JPEG, WebP or GIF up to 5 MB; the server makes the thumbnail. */
export function uploadOfferImage(file: File): Promise<TOfferImage> {
  const body = new FormData();
  body.append('file', file);
  return api.post<TOfferImage>('/offer-images', body);
}

export function useUploadOfferImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadOfferImage,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: offerImagesKey });
      void queryClient.invalidateQueries({ queryKey: offerImageChoicesKey });
    },
  });
}
