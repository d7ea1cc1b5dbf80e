import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateProjectQueries } from './invalidate-project-queries.ts';

export type ToggleProjectFavoriteInput = { id: number; favorite: boolean };

/** Spec 4: adding is a POST, removing a DELETE. */
export function toggleProjectFavorite({ id, favorite }: ToggleProjectFavoriteInput): Promise<void> {
  return favorite ? api.post<void>(`/projects/${id}/favorites`) : api.delete<void>(`/projects/${id}/favorites`);
}

export function useToggleProjectFavorite() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: toggleProjectFavorite, onSuccess: () => invalidateProjectQueries(queryClient) });
}
