import { useMutation } from '@tanstack/react-query';
import type { TSsoCheckResponse } from '@embauche/contracts/auth';
import { api } from '../../../lib/api-client.ts';

export function ssoCheck(email: string): Promise<TSsoCheckResponse> {
  return api.post<TSsoCheckResponse>('/sso/check', { email });
}

export function useSsoCheck() {
  return useMutation({ mutationFn: ssoCheck });
}
