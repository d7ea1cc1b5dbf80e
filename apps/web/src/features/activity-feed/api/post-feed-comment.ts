import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { TFeedEntry, TFeedPostAnswer, TFeedReply } from '@embauche/contracts/activity-feed';
import { api } from '../../../lib/api-client.ts';
import { feedFormData, isPrivate, type FeedCommentInput } from '../lib/feed-form-data.ts';
import { feedBaseKey, feedKey, targetQuery, type FeedTarget } from './feed-query-keys.ts';
import type { FeedPages } from './get-activity-feed.ts';

/** The signed-in user, as the author of a comment shown before the server has answered. */
export type FeedViewer = { id: number; firstname: string; lastname: string; img_src: string | null };

/** What the optimistic entry shows besides the input: the mentioned people's and groups' names. */
export type FeedCommentDisplay = {
  mentions: TFeedEntry['mentions'];
};

export type PostFeedCommentVariables = { input: FeedCommentInput; display: FeedCommentDisplay };

/**
 * `POST /activity-feed?offer_id&applicant_id` (multipart): 201 with the new entry, 200 with an edited
 * one; `dropped_mentions` names those mentioned who were not told (they cannot see the target).
 */
export function postFeedComment(target: FeedTarget, input: FeedCommentInput): Promise<TFeedPostAnswer> {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(targetQuery(target))) if (value !== null) query.set(key, String(value));
  return api.post<TFeedPostAnswer>(`/activity-feed?${query.toString()}`, feedFormData(input));
}

/** Temporary entries carry negative ids until the server gives theirs. */
export function isPending(entry: { id: number }): boolean {
  return entry.id < 0;
}

let nextTemporaryId = -1;

function optimisticEntry(target: FeedTarget, viewer: FeedViewer, { input, display }: PostFeedCommentVariables): TFeedEntry {
  const now = new Date().toISOString();
  return {
    id: nextTemporaryId--,
    kind: 'comment',
    category: 'comments',
    offer_id: target.offer_id ?? null,
    applicant_id: target.applicant_id ?? null,
    parent_id: input.parent_id ?? null,
    text: input.text,
    data: null,
    author: { type: 'user', ...viewer },
    is_private: input.privacy ? isPrivate(input.privacy) : false,
    audience: { users: [], subsidiaries: [] },
    mentions: display.mentions,
    files: input.files.map((file, i) => ({ id: -1 - i, filename: file.name, mime: file.type, size: file.size, url: '' })),
    source: input.source ?? null,
    created_at: now,
    edited_at: null,
    edited_by: null,
    can_edit: false,
    can_delete: false,
    replies: [],
  };
}

function mapThreads(data: FeedPages | undefined, map: (thread: TFeedEntry) => TFeedEntry): FeedPages | undefined {
  if (!data) return data;
  return { ...data, pages: data.pages.map((page) => ({ ...page, data: page.data.map(map) })) };
}

const asReply = ({ replies: _replies, ...entry }: TFeedEntry): TFeedReply => entry;

/** The cached feed with `entry` added: a new thread on top, or a reply at the end of its thread. */
function withEntry(data: FeedPages | undefined, entry: TFeedEntry): FeedPages | undefined {
  if (!data) return data;
  if (entry.parent_id === null) {
    const [first, ...rest] = data.pages;
    if (!first) return data;
    return { ...data, pages: [{ ...first, data: [entry, ...first.data], total: first.total + 1 }, ...rest] };
  }
  const parent = entry.parent_id;
  return mapThreads(data, (thread) =>
    thread.id === parent || thread.replies.some((reply) => reply.id === parent) ? { ...thread, replies: [...thread.replies, asReply(entry)] } : thread,
  );
}

/** The cached feed with the entry of `id` (a thread or a reply) changed by `change`. */
function withChanged(data: FeedPages | undefined, id: number, change: (entry: TFeedReply) => TFeedReply): FeedPages | undefined {
  return mapThreads(data, (thread) => {
    const replies = thread.replies.map((reply) => (reply.id === id ? change(reply) : reply));
    return thread.id === id ? { ...thread, ...change(thread), replies } : { ...thread, replies };
  });
}

/**
 * Posts a comment, a reply or an edit. It shows in the feed at once (optimistic); on failure the
 * feed goes back to what it was and the caller shows a toast. Afterwards every feed refreshes.
 */
export function usePostFeedComment(target: FeedTarget, listKey: QueryKey, viewer: FeedViewer) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input }: PostFeedCommentVariables) => postFeedComment(target, input),
    onMutate: async (variables) => {
      await queryClient.cancelQueries({ queryKey: feedKey(target) });
      const previous = queryClient.getQueryData<FeedPages>(listKey);
      const { input } = variables;
      const temporary = optimisticEntry(target, viewer, variables);
      queryClient.setQueryData<FeedPages>(listKey, (data) =>
        input.edit_id === undefined
          ? withEntry(data, temporary)
          : withChanged(data, input.edit_id, (entry) => ({ ...entry, text: input.text, mentions: variables.display.mentions, edited_at: temporary.created_at })),
      );
      return { previous, temporaryId: temporary.id };
    },
    onSuccess: ({ dropped_mentions: _dropped, ...saved }, { input }, context) => {
      const replaced = input.edit_id ?? context.temporaryId;
      queryClient.setQueryData<FeedPages>(listKey, (data) => withChanged(data, replaced, (entry) => ({ ...entry, ...saved })));
    },
    onError: (_error, _variables, context) => {
      if (context) queryClient.setQueryData(listKey, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: feedBaseKey }),
  });
}
