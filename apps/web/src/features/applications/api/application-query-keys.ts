import type { FilterValue } from '../../../lib/query-string.ts';

export type ApplicationFilter = Record<string, FilterValue>;

/** Every application query starts with this key: a status change invalidates them all. */
export const applicationsBaseKey = ['applications'] as const;

/** The lists, board columns and counts of one offer. */
export function offerApplicationsKey(projectId: number, offerId: number) {
  return [...applicationsBaseKey, 'offer', projectId, offerId] as const;
}

export function boardColumnsKey(projectId: number, offerId: number) {
  return [...offerApplicationsKey(projectId, offerId), 'column'] as const;
}

export function offerListKey(projectId: number, offerId: number) {
  return [...offerApplicationsKey(projectId, offerId), 'list'] as const;
}

export function offerCountsKey(projectId: number, offerId: number) {
  return [...offerApplicationsKey(projectId, offerId), 'counts'] as const;
}

export const treatmentBaseKey = [...applicationsBaseKey, 'treatment'] as const;
