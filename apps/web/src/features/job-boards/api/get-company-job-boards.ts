import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TCompanyJobBoard } from '@embauche/contracts/job-boards';
import { api } from '../../../lib/api-client.ts';
import { companyJobBoardsKey } from './job-board-keys.ts';

/** `GET /config/jobboards`: the catalogue with what the company uses (never its credentials). */
export function getCompanyJobBoards(signal?: AbortSignal): Promise<TCompanyJobBoard[]> {
  return api.get<TCompanyJobBoard[]>('/config/jobboards', { signal });
}

export function companyJobBoardsQueryOptions() {
  return queryOptions({
    queryKey: companyJobBoardsKey,
    queryFn: ({ signal }) => getCompanyJobBoards(signal),
  });
}

export function useCompanyJobBoards() {
  return useQuery(companyJobBoardsQueryOptions());
}
