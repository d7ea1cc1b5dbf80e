import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCompanyJobBoard, TCompanyJobBoardUpdateInput } from '@embauche/contracts/job-boards';
import { api } from '../../../lib/api-client.ts';
import { companyJobBoardsKey, offerDetailsKey } from './job-board-keys.ts';

/**
 * `PUT /config/jobboards/{id} {enabled, credentials?}`: `credentials` left out keeps the stored
 * ones, `null` clears them, an object replaces them.
 */
export function updateCompanyJobBoard({ id, ...body }: TCompanyJobBoardUpdateInput & { id: number }): Promise<TCompanyJobBoard> {
  return api.put<TCompanyJobBoard>(`/config/jobboards/${id}`, body);
}

export function useUpdateCompanyJobBoard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCompanyJobBoard,
    onSuccess: (board) => {
      queryClient.setQueryData<TCompanyJobBoard[]>(companyJobBoardsKey, (list) => list?.map((b) => (b.id === board.id ? board : b)));
      void queryClient.invalidateQueries({ queryKey: companyJobBoardsKey });
      void queryClient.invalidateQueries({ queryKey: offerDetailsKey });
    },
  });
}
