import { useLocation } from 'react-router';
import { applicantHref, columnListHref, listHref } from '../lib/list-context.ts';

/**
 * Links to the applicant screen that remember this list (filters, order, page) for previous/next and
 * the way back; a board card adds its column, so previous/next follow the column.
 */
export function useApplicantHref(): (item: { applicant_id: number; id: number }, column?: { statusId: number; page: number }) => string {
  const location = useLocation();
  const list = listHref(location);
  return (item, column) => applicantHref(item, column ? columnListHref(list, column) : list);
}
