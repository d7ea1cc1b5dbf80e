import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCareerSite, TCareerSiteForm } from '@embauche/contracts/career-site';
import { api } from '../../../lib/api-client.ts';
import { careerSiteKey, meKey } from './career-site-keys.ts';

/** `PUT /config/career-site`: every setting replaced; a changed privacy notice gets a new version. */
export function saveCareerSite(body: TCareerSiteForm): Promise<TCareerSite> {
  return api.put<TCareerSite>('/config/career-site', body);
}

export function useSaveCareerSite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCareerSite,
    onSuccess: (saved) => {
      queryClient.setQueryData(careerSiteKey, saved);
      // The header's career-site link follows the slug.
      void queryClient.invalidateQueries({ queryKey: meKey });
    },
  });
}
