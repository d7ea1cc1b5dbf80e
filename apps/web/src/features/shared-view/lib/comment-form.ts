import { z } from 'zod';
import { FEED_OUTSIDER_NAME_MAX, FEED_TEXT_MAX } from '@embauche/contracts/activity-feed';

/** The outsider's comment form, with the server's limits and codes (the text may be empty when files go). */
export const ZOutsiderCommentForm = z.object({
  name: z.string().trim().min(1, 'field_required').max(FEED_OUTSIDER_NAME_MAX, `max_length:${FEED_OUTSIDER_NAME_MAX}`),
  text: z.string().max(FEED_TEXT_MAX, `max_length:${FEED_TEXT_MAX}`),
});
export type TOutsiderCommentForm = z.infer<typeof ZOutsiderCommentForm>;

/** Fields the server may name in a 422 that the form shows on themselves. */
export const COMMENT_FIELDS = ['name', 'text'] as const;
