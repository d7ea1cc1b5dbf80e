/**
 * The talent community (issue 37 part 4, docs/community.md). People join from the career site's
 * public page `/careers/{slug}/community` (server-rendered, not part of this contract); the
 * community area of the app reads them. Every path is under `/api`; every route needs a signed-in
 * user (any role: the spec's community area is for any user) except adding to a recruitment list,
 * which needs `project.list` as the lists themselves do. Another company's member is 404.
 *
 *   GET  /api/community/members?page&per_page&filter[search]&filter[interest]&filter[consent]
 *        &filter[joined_since] → ZCommunityMemberPage, newest first. `search`: words matched in
 *        the names, e-mail, phone and CV text (accents and case ignored); `interest`: a
 *        subsidiary id; `consent`: `active | unsubscribed | expired`; `joined_since`: `yyyy-MM-dd`.
 *   GET  /api/community/interests → ZCommunityInterest[]: the company's subsidiaries a member may
 *        pick (the filter's choices).
 *   GET  /api/community/members/{id} → ZCommunityMember
 *   GET  /api/community/members/{id}/cv → the CV file (attachment)
 *   POST /api/community/members/{id}/recruitment-list {list_id} → ZCommunityToList: the member
 *        becomes an applicant of the company (found by e-mail, else created with the member's
 *        name, e-mail, phone and a copy of the CV; source: career site) and joins the list.
 *        A list the user may not add to: 403; unknown: 404.
 *   POST /api/community/members/{id}/invitations {offer_id} → 204: an e-mail in the member's
 *        language with the offer's public link `/careers/{slug}/offers/{id}`. 422
 *        `offer_id: invalid` for an offer that is not published on the site, 409
 *        `member_unsubscribed` for a member who left.
 */
import { z } from 'zod';
import { LANGUAGES } from './constants.ts';
import { ZId, ZIdParam } from './ids.ts';
import { ZPageQuery, zPaged } from './paging.ts';

/** How long a member is kept after consenting (then erased by the purge). */
export const COMMUNITY_RETENTION_MONTHS = 24;
export const COMMUNITY_NAME_MAX = 100;
export const COMMUNITY_PHONE_MAX = 50;
export const COMMUNITY_CONSENT_STATES = ['active', 'unsubscribed', 'expired'] as const;
export type TCommunityConsentState = (typeof COMMUNITY_CONSENT_STATES)[number];

export const ZCommunityInterest = z.object({ id: z.number().int(), name: z.string() });
export type TCommunityInterest = z.infer<typeof ZCommunityInterest>;

export const ZCommunityMember = z.object({
  id: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  language: z.enum(LANGUAGES),
  interests: z.array(ZCommunityInterest),
  cv_filename: z.string().nullable(),
  consent: z.object({
    state: z.enum(COMMUNITY_CONSENT_STATES),
    notice_language: z.string(),
    notice_version: z.number().int(),
    consented_at: z.string(),
    retention_until: z.string(),
    unsubscribed_at: z.string().nullable(),
  }),
  /** The applicant the member became (added to a recruitment list), if any. */
  applicant_id: z.number().int().nullable(),
  joined_at: z.string(),
  updated_at: z.string(),
});
export type TCommunityMember = z.infer<typeof ZCommunityMember>;

export const ZCommunityMemberPage = zPaged(ZCommunityMember);
export type TCommunityMemberPage = z.infer<typeof ZCommunityMemberPage>;

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

export const ZCommunityQuery = ZPageQuery.extend({
  'filter[search]': z.string().trim().max(100, 'max_length:100').optional(),
  'filter[interest]': z.preprocess(emptyToUndefined, ZIdParam.optional()),
  'filter[consent]': z.preprocess(
    emptyToUndefined,
    z.enum(COMMUNITY_CONSENT_STATES, { error: 'invalid' }).optional(),
  ),
  'filter[joined_since]': z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'invalid_date')
      .optional(),
  ),
});
export type TCommunityQuery = z.infer<typeof ZCommunityQuery>;

export const ZCommunityMemberParams = z.object({ id: ZIdParam });

export const ZCommunityToListRequest = z.object({
  list_id: z.number({ error: 'field_required' }).pipe(ZId),
});
export type TCommunityToListRequest = z.infer<typeof ZCommunityToListRequest>;
export const ZCommunityToList = z.object({
  applicant_id: z.number().int(),
  list_id: z.number().int(),
});
export type TCommunityToList = z.infer<typeof ZCommunityToList>;

export const ZCommunityInviteRequest = z.object({
  offer_id: z.number({ error: 'field_required' }).pipe(ZId),
});
export type TCommunityInviteRequest = z.infer<typeof ZCommunityInviteRequest>;

/** The public join form's fields, as the server reads them (docs/community.md). */
export const ZCommunityJoin = z.object({
  firstname: z
    .string({ error: 'field_required' })
    .trim()
    .min(1, { message: 'field_required', abort: true })
    .max(COMMUNITY_NAME_MAX, `max_length:${COMMUNITY_NAME_MAX}`),
  lastname: z
    .string({ error: 'field_required' })
    .trim()
    .min(1, { message: 'field_required', abort: true })
    .max(COMMUNITY_NAME_MAX, `max_length:${COMMUNITY_NAME_MAX}`),
  email: z
    .string({ error: 'field_required' })
    .trim()
    .min(1, { message: 'field_required', abort: true })
    .max(255, { message: 'max_length:255', abort: true })
    .pipe(z.email('invalid_email'))
    .transform((v) => v.toLowerCase()),
  phone: z
    .string()
    .trim()
    .max(COMMUNITY_PHONE_MAX, `max_length:${COMMUNITY_PHONE_MAX}`)
    .regex(/^[+\d][\d\s().-]*$|^$/, 'invalid')
    .optional(),
  interests: z.array(z.coerce.number().int().min(1, 'invalid')).max(50, 'invalid').default([]),
  consent: z.literal('yes', { error: 'field_required' }),
  notice_version: z.coerce.number().int().min(1, 'invalid'),
});
export type TCommunityJoin = z.infer<typeof ZCommunityJoin>;
