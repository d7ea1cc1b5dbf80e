import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TFeedEntry } from '@embauche/contracts/activity-feed';
import type { ShareType } from '@embauche/contracts/shares';
import { api } from '../../../lib/api-client.ts';
import { sharedFeedQueryOptions, type SharedFeedPages } from './get-shared-feed.ts';
import { sharedPath } from './shared-query-keys.ts';

/** What an outsider sends: the name they give, the text, files. Never mentions, never private. */
export type SharedCommentInput = { name: string; text: string; files: File[] };

/**
 * Public `POST /api/shared/{token}/{type}/activity-feed` (multipart: `name`, `text`, `files[i]`):
 * 201 with the comment, marked as the outsider's. 422 per field, 429 `too_many_comments`.
 */
export function postSharedComment(token: string, type: ShareType, input: SharedCommentInput): Promise<TFeedEntry> {
  const body = new FormData();
  body.append('name', input.name);
  body.append('text', input.text);
  input.files.forEach((file, i) => body.append(`files[${i}]`, file, file.name));
  return api.post<TFeedEntry>(`${sharedPath(token)}/${type}/activity-feed`, body);
}

/** The new comment goes on top of the feed at once, then the feed reloads. */
export function usePostSharedComment(token: string, type: ShareType) {
  const queryClient = useQueryClient();
  const { queryKey } = sharedFeedQueryOptions(token, type);
  return useMutation({
    mutationFn: (input: SharedCommentInput) => postSharedComment(token, type, input),
    onSuccess: (entry) => {
      queryClient.setQueryData<SharedFeedPages>(queryKey, (data) => {
        const [first, ...rest] = data?.pages ?? [];
        if (!data || !first || entry.parent_id !== null) return data;
        return { ...data, pages: [{ ...first, data: [entry, ...first.data], total: first.total + 1 }, ...rest] };
      });
      return queryClient.invalidateQueries({ queryKey });
    },
  });
}
