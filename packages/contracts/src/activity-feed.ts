import { z } from 'zod';
import { ZIdParam } from './ids.ts';
import { zPaged } from './paging.ts';

/** A comment's text: plain text (never HTML), at most this many characters. */
export const FEED_TEXT_MAX = 10_000;
/** Files attached to one comment (same kinds and size limit as a CV). */
export const FEED_FILES_MAX = 10;
/** Users, subsidiaries or groups named in one comment's mentions or audience. */
export const FEED_LIST_MAX = 100;
/** An outsider's name, as they give it on a shared link. */
export const FEED_OUTSIDER_NAME_MAX = 100;

/**
 * What a feed entry is: a comment (from a user, or from an outsider through a shared link), or an
 * event the product writes itself.
 */
export const FEED_KINDS = [
  'comment',
  'status_changed',
  'applicant_added',
  'documents_requested',
  'documents_received',
  'applicant_transferred',
  'share_created',
  'share_revoked',
  'mail_sent',
  /** Planner (issue 39): an appointment of the applicant made, moved or cancelled. */
  'appointment_scheduled',
  'appointment_changed',
  'appointment_cancelled',
] as const;
export type FeedKind = (typeof FEED_KINDS)[number];

/** `filter[category]` values and the categories call's keys; each kind belongs to one. */
export const FEED_CATEGORIES = [
  'comments',
  'statuses',
  'applicants',
  'documents',
  'transfers',
  'shares',
  'emails',
  'appointments',
] as const;
export type FeedCategory = (typeof FEED_CATEGORIES)[number];

export const FEED_CATEGORY_OF: Record<FeedKind, FeedCategory> = {
  comment: 'comments',
  status_changed: 'statuses',
  applicant_added: 'applicants',
  documents_requested: 'documents',
  documents_received: 'documents',
  applicant_transferred: 'transfers',
  share_created: 'shares',
  share_revoked: 'shares',
  mail_sent: 'emails',
  appointment_scheduled: 'appointments',
  appointment_changed: 'appointments',
  appointment_cancelled: 'appointments',
};

/**
 * A comment's text as stored: plain text with `\n` line ends, no other control characters, no
 * surrounding blanks. It is never HTML: the web app renders it as text.
 */
export function cleanFeedText(text: string): string {
  return (
    text
      .replace(/\r\n?/g, '\n')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
      .trim()
  );
}

const idList = z.array(ZIdParam).max(FEED_LIST_MAX, `max_length:${FEED_LIST_MAX}`).default([]);
const flag = z
  .union([z.boolean(), z.enum(['0', '1', 'true', 'false', 'on', ''])])
  .transform((v) => v === true || v === '1' || v === 'true' || v === 'on');

/**
 * `POST /activity-feed?offer_id&applicant_id` (spec 3 "Activity feed comment payload"), as the
 * server reads it once multipart fields are grouped (`mentions[users][0]`, `mentions[users][]` and
 * `mentions[users]` are the same list) or as a JSON body. `files[i]` are the file parts.
 * - `text`: plain text, trimmed, at most FEED_TEXT_MAX characters; required unless files are sent.
 * - `mentions`: `group` (group ids) and `users` (user ids) of the company.
 * - `is_private`: `self` (only me), `users`, `subsidiaries`; any of them makes the comment private
 *   to its author plus those users plus the users of those subsidiaries. A reply takes its thread's
 *   audience, whatever it sends.
 * - `edit_id`: the author's own comment to change (text, mentions, privacy; files are added).
 * - `parent_id`: the entry answered (a reply to a reply joins the same thread).
 * - `source`: where the comment was written (free label, e.g. `applicant`, `kanban`).
 */
export const ZFeedCommentRequest = z.object({
  text: z.preprocess(
    (v) => (typeof v === 'string' ? cleanFeedText(v) : v),
    z.string().max(FEED_TEXT_MAX, `max_length:${FEED_TEXT_MAX}`).default(''),
  ),
  mentions: z.object({ group: idList, users: idList }).default({ group: [], users: [] }),
  is_private: z
    .object({ self: flag.default(false), users: idList, subsidiaries: idList })
    .default({ self: false, users: [], subsidiaries: [] }),
  edit_id: ZIdParam.optional(),
  parent_id: ZIdParam.optional(),
  source: z
    .string()
    .trim()
    .max(50, 'max_length:50')
    .regex(/^[\w.-]*$/, 'invalid')
    .optional(),
});
export type TFeedCommentRequest = z.infer<typeof ZFeedCommentRequest>;

/** Which feed: an offer's (`offer_id`), an applicant's (`applicant_id`, narrowed by `offer_id`). */
export const ZFeedTarget = z.object({
  offer_id: ZIdParam.optional(),
  applicant_id: ZIdParam.optional(),
});

const ZPerson = z.object({
  id: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
});

/** Who wrote an entry: a user, an outsider through a shared link, or nobody (the product). */
export const ZFeedAuthor = z.discriminatedUnion('type', [
  ZPerson.extend({ type: z.literal('user'), img_src: z.string().nullable() }),
  z.object({ type: z.literal('outsider'), name: z.string() }),
]);

export const ZFeedFile = z.object({
  id: z.number().int(),
  filename: z.string(),
  mime: z.string(),
  size: z.number().int(),
  /** GET this (same session) for the file. */
  url: z.string(),
});

const ZFeedEntryBase = z.object({
  id: z.number().int(),
  kind: z.enum(FEED_KINDS),
  category: z.enum(FEED_CATEGORIES),
  offer_id: z.number().int().nullable(),
  applicant_id: z.number().int().nullable(),
  parent_id: z.number().int().nullable(),
  /** A comment's plain text; null for events. Render as text, never as HTML. */
  text: z.string().nullable(),
  /**
   * An event's details, by kind. `status_changed`: `application_id`, `from_status` and `status`
   * (`{id, name, default_status}`: translate `config:status:statuses.{name}` when default), `motif`
   * (`{id, name, default_motif}` or null). `applicant_added`: `application_id`,
   * `existing_applicant`. `documents_requested` / `documents_received`: `documents`
   * (`{id, name, default_type}`). `applicant_transferred`: `to` (e-mails). `share_created` /
   * `share_revoked`: `share_id`, `type`. `appointment_*`: `appointment_id`, `application_id`,
   * `title`, `start_at`, `end_at` (UTC), `source` (`planner` | `booking`). Null for comments.
   */
  data: z.record(z.string(), z.unknown()).nullable(),
  author: ZFeedAuthor.nullable(),
  is_private: z.boolean(),
  /** Who a private comment is for (besides its author); empty lists for a public one. */
  audience: z.object({
    users: z.array(ZPerson),
    subsidiaries: z.array(z.object({ id: z.number().int(), name: z.string() })),
  }),
  mentions: z.object({
    users: z.array(ZPerson),
    groups: z.array(z.object({ id: z.number().int(), name: z.string() })),
  }),
  files: z.array(ZFeedFile),
  source: z.string().nullable(),
  created_at: z.string(),
  edited_at: z.string().nullable(),
  edited_by: ZPerson.nullable(),
  /** The caller may change it (their own comment). */
  can_edit: z.boolean(),
  /** The caller may delete it (their own comment, or any comment for an administrator). */
  can_delete: z.boolean(),
});

export const ZFeedReply = ZFeedEntryBase;
/** A thread: the entry and its replies, oldest reply first. */
export const ZFeedEntry = ZFeedEntryBase.extend({ replies: z.array(ZFeedReply) });
export type TFeedEntry = z.infer<typeof ZFeedEntry>;

/**
 * `POST /activity-feed`: the entry, and the people it mentions (directly or through a group) who
 * were not notified because they cannot open what it is on (issue 35): the author is told.
 */
export const ZFeedPostAnswer = ZFeedEntry.extend({
  dropped_mentions: z.object({ users: z.array(ZPerson) }),
});
export type TFeedPostAnswer = z.infer<typeof ZFeedPostAnswer>;
export type TFeedReply = z.infer<typeof ZFeedReply>;

/** `GET /activity-feed`: threads newest first, 20 per page. */
export const ZFeedPage = zPaged(ZFeedEntry);
export type TFeedPage = z.infer<typeof ZFeedPage>;

/** `GET /activity-feed/categories`: every category with its count under the other filters. */
export const ZFeedCategories = z.object({
  total: z.number().int(),
  categories: z.array(z.object({ category: z.enum(FEED_CATEGORIES), count: z.number().int() })),
});
export type TFeedCategories = z.infer<typeof ZFeedCategories>;

/** Why a user of the company cannot be mentioned on a target: they do not see it, or read no feed. */
export const MENTION_UNREACHABLE_REASONS = ['no_access', 'no_feed'] as const;

/**
 * `GET /users/mentions/{search}` and `/users/mentions/nofilter`, with the comment's target
 * (`offer_id`, `applicant_id`) in the query: who can be mentioned on it (`mentionable`), then
 * others of the company greyed with the `reason` they cannot; each group with how many of its
 * members can (`reachable_members`). Without a target every user listed reads feeds.
 */
export const ZMentionables = z.object({
  /**
   * More people or groups match than the answer holds (20 each with a search, 1,000 without): the
   * picker asks to type a name rather than show a list that silently stops (issue 42 part 3).
   */
  truncated: z.boolean(),
  users: z.array(
    ZPerson.extend({
      email: z.string(),
      img_src: z.string().nullable(),
      subsidiary_id: z.number().int().nullable(),
      mentionable: z.boolean(),
      reason: z.enum(MENTION_UNREACHABLE_REASONS).nullable(),
    }),
  ),
  groups: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      members: z.number().int(),
      reachable_members: z.number().int(),
    }),
  ),
});
export type TMentionables = z.infer<typeof ZMentionables>;
