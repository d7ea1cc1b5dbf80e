import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TSmsConversation } from '@embauche/contracts/sms';
import { api } from '../../../lib/api-client.ts';
import { smsConversationKey } from './sms-keys.ts';

/**
 * `GET /sms/get-conversation?applicant_id&application_id`: the messages with the applicant about one
 * application, oldest first (`conversation_id` null while nothing was exchanged).
 */
export function getConversation(applicantId: number, applicationId: number, signal?: AbortSignal): Promise<TSmsConversation> {
  return api.get<TSmsConversation>('/sms/get-conversation', { query: { applicant_id: applicantId, application_id: applicationId }, signal });
}

/** Kept current by sending and by the live stream; not retried on 404 or 403. */
export function conversationQueryOptions(applicantId: number, applicationId: number) {
  return queryOptions({
    queryKey: smsConversationKey(applicantId, applicationId),
    queryFn: ({ signal }) => getConversation(applicantId, applicationId, signal),
    staleTime: 30 * 1000,
  });
}

export function useConversation(applicantId: number, applicationId: number | null) {
  return useQuery({ ...conversationQueryOptions(applicantId, applicationId ?? 0), enabled: applicationId !== null });
}
