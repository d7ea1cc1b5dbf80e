import { useLocation } from 'react-router';
import { applicantHref, listHref } from '../lib/list-context.ts';

/** Links to the applicant screen that remember this list (filters, order, page) for previous/next and the way back. */
export function useApplicantHref(): (item: { applicant_id: number; id: number }) => string {
  const location = useLocation();
  const list = listHref(location);
  return (item) => applicantHref(item, list);
}
