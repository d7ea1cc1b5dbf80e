import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TApplicationItem } from '@embauche/contracts/applications';
import { applicantDetailQueryOptions } from '../../features/applicants/api/get-applicant-detail.ts';
import { applicationsOverviewQueryOptions } from '../../features/applicants/api/get-applications-overview.ts';
import { listHrefAtPage, listPageQueryOptions, type ListContext } from '../../features/applications/lib/list-context.ts';

export type Neighbour = { item: TApplicationItem; list: string };
export type Neighbours = {
  previous: Neighbour | null;
  next: Neighbour | null;
  /** 1-based place in the whole filtered list, and its size (null until the list answers). */
  position: number | null;
  total: number | null;
};

const NONE: Neighbours = { previous: null, next: null, position: null, total: null };

function signatureOf({ previous, next, position, total }: Neighbours): string {
  return [previous?.item.id, previous?.list, next?.item.id, next?.list, position, total].join('|');
}

function pageQuery(context: ListContext | null, page: number, enabled: boolean) {
  if (!context) return { queryKey: ['applicant-neighbours', 'none'] as const, queryFn: () => Promise.resolve(null), enabled: false };
  return { ...listPageQueryOptions(context, page), enabled };
}

/**
 * The applications before and after the shown one in the list the user came from, through the
 * list's own call (same filters, order and page, so usually its cache); across a page boundary
 * the neighbouring page is asked too. When the shown application leaves the list (its status
 * changed under a status filter), the neighbours found before stay, so the walk goes on.
 */
export function useApplicantNeighbours(context: ListContext | null, current: { applicationId: number | null; applicantId: number }): Neighbours {
  const queryClient = useQueryClient();
  const page = context?.page ?? 1;
  const list = useQuery(pageQuery(context, page, Boolean(context)));
  const data = list.data ?? null;
  const index = data
    ? data.data.findIndex((item) => (current.applicationId !== null ? item.id === current.applicationId : item.applicant_id === current.applicantId))
    : -1;
  const needsPrevious = Boolean(data && index === 0 && data.current_page > 1);
  const needsNext = Boolean(data && index >= 0 && index === data.data.length - 1 && data.current_page < data.last_page);
  const previousPage = useQuery(pageQuery(context, page - 1, needsPrevious));
  const nextPage = useQuery(pageQuery(context, page + 1, needsNext));

  let found: Neighbours | null = null;
  if (context && data && index >= 0) {
    const here = listHrefAtPage(context, data.current_page);
    const before = index > 0 ? data.data[index - 1] : needsPrevious ? previousPage.data?.data.at(-1) : undefined;
    const after = index < data.data.length - 1 ? data.data[index + 1] : needsNext ? nextPage.data?.data[0] : undefined;
    found = {
      previous: before ? { item: before, list: index > 0 ? here : listHrefAtPage(context, data.current_page - 1) } : null,
      next: after ? { item: after, list: index < data.data.length - 1 ? here : listHrefAtPage(context, data.current_page + 1) } : null,
      position: (data.current_page - 1) * data.per_page + index + 1,
      total: data.total,
    };
  }

  const key = `${current.applicantId}:${current.applicationId ?? ''}`;
  const [kept, setKept] = useState<{ key: string; signature: string; value: Neighbours } | null>(null);
  const signature = found ? signatureOf(found) : '';
  // Remembered during render (React's "adjusting state on a change" pattern), only when it changed.
  if (found && (kept?.key !== key || kept.signature !== signature)) setKept({ key, signature, value: found });
  const result = found ?? (kept?.key === key ? { ...kept.value, position: null } : NONE);

  // The next step answers at once: the neighbours' profile and applications are fetched ahead.
  const previousApplicant = result.previous?.item.applicant_id;
  const nextApplicant = result.next?.item.applicant_id;
  useEffect(() => {
    for (const id of [nextApplicant, previousApplicant]) {
      if (id === undefined) continue;
      void queryClient.prefetchQuery(applicantDetailQueryOptions(id));
      void queryClient.prefetchQuery(applicationsOverviewQueryOptions(id));
    }
  }, [queryClient, previousApplicant, nextApplicant]);

  return result;
}
