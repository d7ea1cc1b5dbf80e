import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TCareerSite } from '@embauche/contracts/career-site';
import { api } from '../../../lib/api-client.ts';
import { careerSiteKey } from './career-site-keys.ts';

/** `GET /config/career-site`: the company's career-site settings (defaults before the first save). */
export function getCareerSite(signal?: AbortSignal): Promise<TCareerSite> {
  return api.get<TCareerSite>('/config/career-site', { signal });
}

export function careerSiteQueryOptions() {
  return queryOptions({ queryKey: careerSiteKey, queryFn: ({ signal }) => getCareerSite(signal) });
}

export function useCareerSite() {
  return useQuery(careerSiteQueryOptions());
}
