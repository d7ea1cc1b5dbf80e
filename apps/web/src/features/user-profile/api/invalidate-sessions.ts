import { useMutation } from '@tanstack/react-query';
import type { TInvalidateSessionsRequest } from '@embauche/contracts/profile';
import { api } from '../../../lib/api-client.ts';

export function invalidateSessions(body: TInvalidateSessionsRequest): Promise<void> {
  return api.post<void>('/user_profile/invalidate_sessions', body);
}

export function useInvalidateSessions() {
  return useMutation({ mutationFn: invalidateSessions });
}
