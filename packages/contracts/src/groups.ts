/**
 * Groups of users (issue 16 item 2; spec 2 config `users/groups`). Every path is under `/api`;
 * every route needs `internal.users_groups`. Another company's group is 404 on every route.
 *
 *   GET    /api/groups?page&per_page&sort&filter[search]  → ZGroupPage. `filter[search]`: part of
 *          the name (case-insensitive). `sort`: GROUP_SORTS, `-` for descending (default `name`);
 *          ties break on id. Each group with its `member_count`.
 *   POST   /api/groups {name}        → 201 ZGroup
 *   PUT    /api/groups/{id} {name}   → 200 ZGroup (rename)
 *   DELETE /api/groups/{id}          → 204. Its memberships go with it, and so do the comments'
 *          mentions of it (the comments stay; the notifications already sent stay).
 *   GET    /api/groups/{id}/members?page&per_page&filter[search] → ZGroupMemberPage, by last name
 *          then first name. `filter[search]`: part of the name ("first last" or "last first") or
 *          of the e-mail.
 *   GET    /api/groups/users?page&per_page&filter[search] → ZGroupUserPage: the company's users
 *          (active or not) who may be made members, by last name then first name; the same search.
 *   PUT    /api/groups/{id}/members {user_ids} → 204. Sets the members: ids absent are removed,
 *          new ids join as plain members, members kept keep their level. Every id must be a user
 *          (active or not) of the company, else 422 `user_ids: unknown_user`.
 *
 * 422 codes: `name`: `field_required | max_length:255 | not_unique` (unique within the company,
 * ignoring case and surrounding spaces); `user_ids`: `invalid | max_items:{GROUP_MEMBERS_MAX} |
 * unknown_user`.
 *
 * Offers granted to groups (a member reaches the offer exactly as a user granted it directly, on
 * their next request; leaving the group or its deletion ends it). The offer's users' permissions:
 *   GET    /api/offer/{id}/groups (project.list) → ZOfferGroups: the groups granted the offer, by name.
 *   GET    /api/offer/{id}/groups-without-offer-access?search (project.list) → ZOfferGroups: the
 *          company's other groups (part of the name, case-insensitive), at most
 *          OFFER_GROUPS_PICKER_LIMIT, by name.
 *   PUT    /api/offer/{id}/groups/{group_id} (project_job_offer.edit) → ZOfferGroups (granted;
 *          granting twice changes nothing).
 *   DELETE /api/offer/{id}/groups/{group_id} (project_job_offer.edit) → 204.
 * An offer of another company, or another company's group, answers 404; an offer of the company
 * the user does not see answers 403, as for the offer's users.
 *
 * The mentions search (spec 7 "Users": `GET /users/mentions/{search}` and `/nofilter`) is served
 * by the activity feed (contracts/activity-feed.ts, ZMentionables): it finds the users who may
 * read feeds and the groups by name.
 */
import { z } from 'zod';
import { ZId } from './ids.ts';
import { ZPageQuery, zPaged } from './paging.ts';

export const GROUP_NAME_MAX = 255;
/** Members set in one call. */
export const GROUP_MEMBERS_MAX = 1000;

export const GROUP_SORTS = ['name', 'member_count'] as const;
export const GROUP_SORT_VALUES = GROUP_SORTS.flatMap((s) => [s, `-${s}`] as const);
export type TGroupSort = (typeof GROUP_SORT_VALUES)[number];

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const search = z.preprocess(
  emptyToUndefined,
  z.string().trim().max(255, 'max_length:255').optional(),
);

export const ZGroup = z.object({
  id: z.number().int(),
  name: z.string(),
  member_count: z.number().int(),
  created_at: z.string(),
});
export type TGroup = z.infer<typeof ZGroup>;

export const ZGroupPage = zPaged(ZGroup);
export type TGroupPage = z.infer<typeof ZGroupPage>;

export const ZGroupListQuery = ZPageQuery.extend({
  sort: z.preprocess(
    emptyToUndefined,
    z.enum(GROUP_SORT_VALUES, { error: 'invalid' }).default('name'),
  ),
  'filter[search]': search,
});
export type TGroupListQuery = z.input<typeof ZGroupListQuery>;
export type TGroupListFilters = z.output<typeof ZGroupListQuery>;

/** The create/rename dialog: the web form validates with this schema too. */
export const ZGroupForm = z.object({
  name: z
    .string({ error: 'field_required' })
    .trim()
    .min(1, 'field_required')
    .max(GROUP_NAME_MAX, `max_length:${GROUP_NAME_MAX}`),
});
export type TGroupFormInput = z.input<typeof ZGroupForm>;
export type TGroupFormValues = z.output<typeof ZGroupForm>;

/** A user of the company as the members dialog shows them (active or not). */
export const ZGroupUser = z.object({
  id: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  img_src: z.string().nullable(),
  active: z.boolean(),
});
export type TGroupUser = z.infer<typeof ZGroupUser>;

export const ZGroupUserPage = zPaged(ZGroupUser);
export type TGroupUserPage = z.infer<typeof ZGroupUserPage>;

export const ZGroupMember = ZGroupUser.extend({
  /** The membership level (USER_GROUP_LEVELS of contracts/users.ts). */
  level: z.number().int(),
});
export type TGroupMember = z.infer<typeof ZGroupMember>;

export const ZGroupMemberPage = zPaged(ZGroupMember);
export type TGroupMemberPage = z.infer<typeof ZGroupMemberPage>;

export const ZGroupMemberQuery = ZPageQuery.extend({ 'filter[search]': search });
export type TGroupMemberQuery = z.input<typeof ZGroupMemberQuery>;
export type TGroupMemberFilters = z.output<typeof ZGroupMemberQuery>;

export const ZGroupMembersSet = z.object({
  user_ids: z
    .array(ZId, { error: 'invalid' })
    .max(GROUP_MEMBERS_MAX, `max_items:${GROUP_MEMBERS_MAX}`),
});
export type TGroupMembersSet = z.infer<typeof ZGroupMembersSet>;

/** A group granted an offer, or one the offer's access picker offers. */
export const ZOfferGroup = z.object({
  id: z.number().int(),
  name: z.string(),
  member_count: z.number().int(),
});
export type TOfferGroup = z.infer<typeof ZOfferGroup>;
export const ZOfferGroups = z.array(ZOfferGroup);
export type TOfferGroups = z.infer<typeof ZOfferGroups>;

export const OFFER_GROUPS_PICKER_LIMIT = 50;
export const ZOfferGroupsQuery = z.object({ search });
export type TOfferGroupsQuery = z.input<typeof ZOfferGroupsQuery>;
