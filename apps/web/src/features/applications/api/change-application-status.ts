import { useMutation, useQueryClient, type InfiniteData, type Query, type QueryClient } from '@tanstack/react-query';
import type { TApplicationItem, TApplicationPage, TStatus } from '@embauche/contracts/applications';
import { STATUS_RECRUITED } from '@embauche/contracts/constants';
import { api } from '../../../lib/api-client.ts';
import { applicationsBaseKey, boardColumnsKey, offerCountsKey, offerListKey } from './application-query-keys.ts';
import type { TApplicationCounts } from './get-application-counts.ts';

export type StatusChangeInput = {
  application: TApplicationItem;
  status: TStatus;
  motifId: number | null;
};

/** `PUT /projects/{project_id}/offers/{offer_id}/applications/statuses`: answers the updated application. */
export function changeApplicationStatus(projectId: number, offerId: number, input: StatusChangeInput): Promise<TApplicationItem> {
  return api.put<TApplicationItem>(`/projects/${projectId}/offers/${offerId}/applications/statuses`, {
    status_id: input.status.id,
    application_id: input.application.id,
    motif_id: input.motifId,
    project_id: projectId,
    offer_id: offerId,
  });
}

/** The application as it will be once changed (spec 4: status 6 stamps recruited_at, others clear it). */
export function changedItem({ application, status, motifId }: StatusChangeInput): TApplicationItem {
  return {
    ...application,
    status: { id: status.id, name: status.name, default_status: status.default_status },
    statutApplicant: status.id,
    motif_id: motifId,
    motif_name: null,
    recruited_at: status.id === STATUS_RECRUITED ? new Date().toISOString() : null,
    updated_at: new Date().toISOString(),
  };
}

/** How a column's order compares two cards (the list call's `sort`, default `-created_at`). */
function compareFor(order: string | null | undefined) {
  const key = (order ?? '-created_at').replace(/^-/, '');
  const direction = order?.startsWith('-') || !order ? -1 : 1;
  return (a: TApplicationItem, b: TApplicationItem) => {
    const value =
      key === 'lastname'
        ? a.lastname.localeCompare(b.lastname, undefined, { sensitivity: 'base' }) || a.firstname.localeCompare(b.firstname, undefined, { sensitivity: 'base' })
        : key === 'updated_at'
          ? a.updated_at.localeCompare(b.updated_at)
          : a.created_at.localeCompare(b.created_at);
    return value * direction;
  };
}

/** Where a card joins a column's loaded cards in that column's order (0 = first). */
export function insertionIndex(items: readonly TApplicationItem[], item: TApplicationItem, order: string | null | undefined): number {
  const compare = compareFor(order);
  const index = items.findIndex((other) => other.id !== item.id && compare(item, other) < 0);
  return index === -1 ? items.filter((other) => other.id !== item.id).length : index;
}

/** Spec 4: the new status shows at once: the card leaves its column, joins the other, the counts follow. */
export function applyOptimisticChange(queryClient: QueryClient, projectId: number, offerId: number, input: StatusChangeInput) {
  const from = input.application.status.id;
  const to = input.status.id;
  const next = changedItem(input);
  const columns = queryClient.getQueriesData<InfiniteData<TApplicationPage>>({ queryKey: boardColumnsKey(projectId, offerId) });
  for (const [key, data] of columns) {
    const statusId = key[5];
    if (!data || (statusId !== from && statusId !== to)) continue;
    // The card joins its new column where the column's order puts it among the loaded cards.
    const order = (key[6] as { order?: string | null } | undefined)?.order;
    const loaded = data.pages.flatMap((page) => page.data.filter((item) => item.id !== next.id));
    let at = statusId === to ? insertionIndex(loaded, next, order) : -1;
    const pages = data.pages.map((page, index) => {
      const rest = page.data.filter((item) => item.id !== next.id);
      const removed = rest.length !== page.data.length;
      const last = index === data.pages.length - 1;
      const inserts = at >= 0 && (at <= rest.length || last);
      const items = inserts ? [...rest.slice(0, at), next, ...rest.slice(at)] : rest;
      if (at >= 0) at = inserts ? -1 : at - rest.length;
      const total = page.total + (statusId === to ? 1 : 0) - (statusId === from && removed ? 1 : 0);
      return { ...page, data: items, total: Math.max(0, total) };
    });
    queryClient.setQueryData(key, { ...data, pages });
  }
  queryClient.setQueriesData<TApplicationPage>({ queryKey: offerListKey(projectId, offerId) }, (page) =>
    page ? { ...page, data: page.data.map((item) => (item.id === next.id ? next : item)) } : page,
  );
  queryClient.setQueriesData<TApplicationCounts>({ queryKey: offerCountsKey(projectId, offerId) }, (counts) =>
    counts
      ? {
          ...counts,
          statuses: counts.statuses.map((s) => ({ ...s, count: Math.max(0, s.count + (s.id === to ? 1 : 0) - (s.id === from ? 1 : 0)) })),
        }
      : counts,
  );
}

/** Every application view (this offer's list, board and counts, the treatment lists) reloads. */
export function invalidateApplicationQueries(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: applicationsBaseKey });
}

/** A board column of this offer scrolled past its first page (a refetch would reload every page it loaded, one after the other). */
function isDeepColumn(query: Query, projectId: number, offerId: number): boolean {
  const column = boardColumnsKey(projectId, offerId);
  const key = query.queryKey;
  if (key.length <= column.length || !column.every((part, index) => key[index] === part)) return false;
  return ((query.state.data as InfiniteData<TApplicationPage> | undefined)?.pages.length ?? 0) > 1;
}

/**
 * After one card's change, confirmed: the application views reload, but a column scrolled past its
 * first page keeps what it loaded (the optimistic change already moved the card and the counts):
 * it is marked stale and reloads the next time it is opened, not fifty pages now.
 */
export function refreshAfterCardChange(queryClient: QueryClient, projectId: number, offerId: number): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: applicationsBaseKey, predicate: (query) => !isDeepColumn(query, projectId, offerId) }),
    queryClient.invalidateQueries({ queryKey: boardColumnsKey(projectId, offerId), predicate: (query) => isDeepColumn(query, projectId, offerId), refetchType: 'none' }),
  ]);
}

/**
 * The board's and the row's single change: optimistic, reloaded on error (the caller toasts), and
 * on success the application views reload and `onChanged` refreshes the offer, tree and dashboard.
 */
export function useChangeApplicationStatus(projectId: number, offerId: number, onChanged?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StatusChangeInput) => changeApplicationStatus(projectId, offerId, input),
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: applicationsBaseKey });
      applyOptimisticChange(queryClient, projectId, offerId, input);
    },
    onError: () => invalidateApplicationQueries(queryClient),
    onSuccess: async () => {
      onChanged?.();
      await refreshAfterCardChange(queryClient, projectId, offerId);
    },
  });
}
