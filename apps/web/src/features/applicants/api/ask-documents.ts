import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAskDocumentsRequest } from '@embauche/contracts/applicants';
import { api } from '../../../lib/api-client.ts';
import { askDocumentsQueryOptions, type TAskDocumentItem } from './get-ask-documents.ts';

/** `POST /applicants/{id}/ask-documents {applicant_id, document_ids}`: the server e-mails the upload link. */
export function askDocuments(request: TAskDocumentsRequest): Promise<TAskDocumentItem[]> {
  return api.post<TAskDocumentItem[]>(`/applicants/${request.applicant_id}/ask-documents`, request);
}

/** Spec 4: the chosen documents are marked sent at once and reverted on failure. */
export function useAskDocumentsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: askDocuments,
    onMutate: async ({ applicant_id, document_ids }) => {
      const { queryKey } = askDocumentsQueryOptions(applicant_id);
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData<TAskDocumentItem[]>(queryKey);
      if (previous) {
        queryClient.setQueryData(
          queryKey,
          previous.map((item) => (document_ids.includes(item.id) ? { ...item, sended: true } : item)),
        );
      }
      return { previous };
    },
    onError: (_error, { applicant_id }, context) => {
      if (context?.previous) queryClient.setQueryData(askDocumentsQueryOptions(applicant_id).queryKey, context.previous);
    },
    onSuccess: (list, { applicant_id }) => queryClient.setQueryData(askDocumentsQueryOptions(applicant_id).queryKey, list),
  });
}
