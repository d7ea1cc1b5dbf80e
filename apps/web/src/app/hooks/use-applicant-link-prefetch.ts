import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { applicantDetailQueryOptions } from '../../features/applicants/api/get-applicant-detail.ts';
import { applicationsOverviewQueryOptions } from '../../features/applicants/api/get-applications-overview.ts';

const APPLICANT_LINK = /^\/applicants\/([1-9]\d*)(?:[?#]|$)/;

/**
 * Pointing at (or tabbing to) a link to an applicant fetches its profile and applications ahead,
 * so the applicant screen opens with them: one listener for the list rows and the board cards.
 */
export function useApplicantLinkPrefetch(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const onIntent = (event: Event) => {
      const link = event.target instanceof Element ? event.target.closest('a[href^="/applicants/"]') : null;
      const match = link ? APPLICANT_LINK.exec(link.getAttribute('href') ?? '') : null;
      if (!match) return;
      const id = Number(match[1]);
      void queryClient.prefetchQuery(applicantDetailQueryOptions(id));
      void queryClient.prefetchQuery(applicationsOverviewQueryOptions(id));
    };
    document.addEventListener('pointerover', onIntent);
    document.addEventListener('focusin', onIntent);
    return () => {
      document.removeEventListener('pointerover', onIntent);
      document.removeEventListener('focusin', onIntent);
    };
  }, [queryClient]);
}
