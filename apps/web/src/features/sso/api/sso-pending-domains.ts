import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TSsoPendingDomainList } from '@embauche/contracts/sso';
import { api } from '../../../lib/api-client.ts';

export const ssoPendingDomainsKey = ['sso', 'pending-domains'] as const;

/** `GET /superadmin/sso_domains` (super administrators, not while acting as): every pending claim. */
export function useSsoPendingDomains() {
  return useQuery({
    queryKey: ssoPendingDomainsKey,
    queryFn: ({ signal }) => api.get<TSsoPendingDomainList>('/superadmin/sso_domains', { signal }),
  });
}

export type SsoDomainDecision = 'approve' | 'reject';

/** `POST /superadmin/sso_domains/{approve|reject} {id}`; the list is read again after. */
export function useDecideSsoDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: number; decision: SsoDomainDecision }) =>
      api.post<void>(`/superadmin/sso_domains/${decision}`, { id }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ssoPendingDomainsKey }),
  });
}
