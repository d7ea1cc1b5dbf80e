import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TOfferExportJob, TOfferExportRequest } from '@embauche/contracts/company-settings';
import { api } from '../../../lib/api-client.ts';
import { offerExportsKey } from './company-settings-keys.ts';

/** `POST /config/joboffers/export`: starts a background export (202). */
export function startOfferExport(body: TOfferExportRequest): Promise<TOfferExportJob> {
  return api.post<TOfferExportJob>('/config/joboffers/export', body);
}

export function useStartOfferExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startOfferExport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: offerExportsKey }),
  });
}
