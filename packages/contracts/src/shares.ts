import { z } from 'zod';
import { ZApplicantSelection } from './applicant-selection.ts';
import { ZApplicantDocument, ZApplicantSource } from './applicants.ts';
import { ZApplicationItem } from './applications.ts';
import { ZId, ZIdParam } from './ids.ts';

/**
 * What a shared link may expose (issue 12 part 4): the applicant's profile (contact details,
 * tags, source), the CV, the documents, the motivation, and the activity feed (public comments,
 * where the outsider may also post). The name is always shown.
 */
export const SHARE_SECTIONS = ['profile', 'cv', 'documents', 'motivation', 'feed'] as const;
export type ShareSection = (typeof SHARE_SECTIONS)[number];

/** A shared link is an applicant's (its profile and feed) or an application's (plus the application). */
export const SHARE_TYPES = ['applicant', 'application'] as const;
export type ShareType = (typeof SHARE_TYPES)[number];

/** Expiry the sender may choose, in days: 30 by default, at most a year. */
export const SHARE_DEFAULT_DAYS = 30;
export const SHARE_MAX_DAYS = 365;
/** Addresses in each of `to`, `cc`, `bcc`. */
export const TRANSFER_MAX_RECIPIENTS = 20;
/** Applicants or applications in one transfer. */
export const TRANSFER_MAX_ITEMS = 100;
export const TRANSFER_SUBJECT_MAX = 255;
export const TRANSFER_MESSAGE_MAX = 5000;
/** Comments one shared link, and one client address, may post per window (then 429 `too_many_comments`). */
export const SHARE_POST_LIMITS = { perShare: 20, perAddress: 40, windowMinutes: 60 } as const;

// Close to the HTML form's e-mail rule: one @, a dotted domain, no blanks, angle brackets or commas.
const EMAIL = /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]{2,}$/;

/**
 * A list of e-mail addresses: an array, or one text with addresses separated by commas,
 * semicolons or blanks. Each address is trimmed; empty entries are dropped, duplicates kept once.
 * Errors are reported on the list itself: `invalid_email` (any address not an e-mail),
 * `max_items:20`.
 */
export function zEmailList(required: boolean) {
  return z
    .union([z.string(), z.array(z.string())], { error: 'invalid' })
    .optional()
    .nullable()
    .transform((value) => {
      const parts = Array.isArray(value) ? value : (value ?? '').split(/[,;\s]+/);
      return [...new Set(parts.map((p) => p.trim()).filter(Boolean))];
    })
    .superRefine((list, ctx) => {
      if (required && !list.length) ctx.addIssue({ code: 'custom', message: 'field_required' });
      else if (list.some((e) => e.length > 254 || !EMAIL.test(e)))
        ctx.addIssue({ code: 'custom', message: 'invalid_email' });
      else if (list.length > TRANSFER_MAX_RECIPIENTS)
        ctx.addIssue({ code: 'custom', message: `max_items:${TRANSFER_MAX_RECIPIENTS}` });
    });
}

const ZSections = z
  .array(z.enum(SHARE_SECTIONS, { error: 'invalid' }), { error: 'invalid' })
  .min(1, 'field_required')
  .max(SHARE_SECTIONS.length, 'invalid')
  .transform((s) => [...new Set(s)]);

const ZExpiryDays = z.coerce
  .number({ error: 'invalid' })
  .int('invalid')
  .min(1, 'min_value:1')
  .max(SHARE_MAX_DAYS, `max_value:${SHARE_MAX_DAYS}`)
  .default(SHARE_DEFAULT_DAYS);

/**
 * A transfer's `access`: whether the e-mail carries a shared link (`share`), which sections the
 * link exposes (required when `share`), and its expiry in days (1..365, default 30). Absent,
 * null or `share: false`: no link.
 */
export const ZTransferAccess = z
  .object(
    {
      share: z.boolean({ error: 'invalid' }).default(true),
      sections: z
        .array(z.enum(SHARE_SECTIONS, { error: 'invalid' }), { error: 'invalid' })
        .max(SHARE_SECTIONS.length, 'invalid')
        .optional(),
      expires_in_days: ZExpiryDays,
    },
    { error: 'invalid' },
  )
  .nullish()
  .transform((a, ctx) => {
    if (!a?.share) return null;
    if (!a.sections?.length) {
      ctx.addIssue({ code: 'custom', path: ['sections'], message: 'field_required' });
      return z.NEVER;
    }
    return { sections: [...new Set(a.sections)], expires_in_days: a.expires_in_days };
  });
export type TTransferAccess = z.infer<typeof ZTransferAccess>;

const transferFields = {
  to: zEmailList(true),
  cc: zEmailList(false),
  bcc: zEmailList(false),
  subject: z
    .string({ error: 'field_required' })
    .trim()
    .min(1, 'field_required')
    .max(TRANSFER_SUBJECT_MAX, `max_length:${TRANSFER_SUBJECT_MAX}`),
  /** Plain text (escaped in the HTML part of the e-mail). */
  message: z
    .string({ error: 'invalid' })
    .max(TRANSFER_MESSAGE_MAX, `max_length:${TRANSFER_MESSAGE_MAX}`)
    .nullable()
    .optional()
    .transform((m) => (m ?? '').replace(/\r\n?/g, '\n').trim()),
  access: ZTransferAccess,
};

const idList = z
  .array(ZId, { error: 'field_required' })
  .min(1, 'field_required')
  .max(TRANSFER_MAX_ITEMS, `max_items:${TRANSFER_MAX_ITEMS}`)
  .transform((ids) => [...new Set(ids)]);

/**
 * `POST /applicants/transfer` (spec 3 "Transfer payload (applicants)"). `offer_id`: the offer
 * the applicants are transferred from (each must have applied to it); the feed events and the
 * shared links are then that offer's. Instead of `applicant_ids`, "all that match" of a sourcing
 * search or a recruitment list (`applicant_selection`, contracts/applicant-selection.ts; issue 42
 * part 2), resolved on the server: its `count` within TRANSFER_MAX_ITEMS (422
 * `applicant_selection: max_items:100`), 409 `selection_changed` when the set no longer holds it.
 */
export const ZApplicantTransferRequest = z
  .object({
    applicant_ids: z
      .array(ZId, { error: 'field_required' })
      .max(TRANSFER_MAX_ITEMS, `max_items:${TRANSFER_MAX_ITEMS}`)
      .default([])
      .transform((ids) => [...new Set(ids)]),
    applicant_selection: ZApplicantSelection.optional(),
    offer_id: ZId.nullable().optional(),
    ...transferFields,
  })
  .refine((v) => v.applicant_selection !== undefined || v.applicant_ids.length > 0, {
    message: 'field_required',
    path: ['applicant_ids'],
  })
  .refine((v) => v.applicant_selection === undefined || v.applicant_ids.length === 0, {
    message: 'invalid',
    path: ['applicant_ids'],
  })
  .refine((v) => (v.applicant_selection?.all.count ?? 0) <= TRANSFER_MAX_ITEMS, {
    message: `max_items:${TRANSFER_MAX_ITEMS}`,
    path: ['applicant_selection'],
  });
export type TApplicantTransferRequest = z.infer<typeof ZApplicantTransferRequest>;

/**
 * `POST /applications/transfer` (spec 3 "Transfer payload (applications)"). `send_type`:
 * `grouped` (default) one e-mail for every application, `separate` one e-mail per application.
 * `offer_id` is accepted and ignored: each application names its own offer.
 */
export const ZApplicationTransferRequest = z.object({
  application_ids: idList,
  offer_id: ZId.nullable().optional(),
  send_type: z.enum(['grouped', 'separate'], { error: 'invalid' }).nullable().optional(),
  ...transferFields,
});
export type TApplicationTransferRequest = z.infer<typeof ZApplicationTransferRequest>;

/** `POST /applicants/{id}/shares` and `POST /applications/{id}/shares`: a link on demand. */
export const ZShareCreateRequest = z.object({
  sections: ZSections,
  expires_in_days: ZExpiryDays,
});
export type TShareCreateRequest = z.infer<typeof ZShareCreateRequest>;

/** A shared link as its company sees it (never its token, which is stored hashed). */
export const ZShare = z.object({
  id: z.number().int(),
  type: z.enum(SHARE_TYPES),
  applicant_id: z.number().int(),
  application_id: z.number().int().nullable(),
  offer_id: z.number().int().nullable(),
  sections: z.array(z.enum(SHARE_SECTIONS)),
  /** The addresses a transfer sent it to; empty for a link made on demand. */
  recipients: z.array(z.string()),
  expires_at: z.string(),
  created_at: z.string(),
  created_by: z
    .object({ id: z.number().int(), firstname: z.string(), lastname: z.string() })
    .nullable(),
});
export type TShare = z.infer<typeof ZShare>;

export const ZTransferResult = z.object({
  /** E-mails queued (sent by the worker, retried until they go). */
  mails: z.number().int(),
  /** The shared links created (one per applicant or application), when `access.share`. */
  shares: z.array(ZShare),
});
export type TTransferResult = z.infer<typeof ZTransferResult>;

/** The answer of a link made on demand: the only time its token and URL are given. */
export const ZShareCreated = ZShare.extend({ token: z.string(), url: z.string() });
export type TShareCreated = z.infer<typeof ZShareCreated>;

// ---- what a shared link's viewer gets (`/api/shared/{token}/…`) ---------------------------------

/** `GET /api/shared/{token}`: what the link is, so that the page knows which sections to show. */
export const ZSharedInfo = z.object({
  type: z.enum(SHARE_TYPES),
  sections: z.array(z.enum(SHARE_SECTIONS)),
  expires_at: z.string(),
  company: z.string(),
  /** Who shared it. */
  sender: z.object({ firstname: z.string(), lastname: z.string() }).nullable(),
});
export type TSharedInfo = z.infer<typeof ZSharedInfo>;

/**
 * `GET /api/shared/{token}/applicant`: the name always; contact details, tags and source with
 * `profile` (null or empty without); `cv` with `cv`.
 */
export const ZSharedApplicant = z.object({
  id: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  img_src: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  tags: z.array(z.string()),
  source: ZApplicantSource.nullable(),
  cv: z.object({ filename: z.string(), mime: z.string(), url: z.string() }).nullable(),
  share: ZSharedInfo,
});
export type TSharedApplicant = z.infer<typeof ZSharedApplicant>;

/** `GET /api/shared/{token}/detail`: the applicant plus documents and motivation when exposed. */
export const ZSharedApplicantDetail = ZSharedApplicant.extend({
  documents: z.array(ZApplicantDocument).nullable(),
  motivation: z.string().nullable(),
});
export type TSharedApplicantDetail = z.infer<typeof ZSharedApplicantDetail>;

/**
 * `GET /api/shared/{token}/application`: the application (status, offer, dates) and its applicant
 * as `/applicant` answers it. Contact fields of the item follow `profile` as well.
 */
export const ZSharedApplication = ZApplicationItem.omit({ tests_count: true }).extend({
  applicant: ZSharedApplicant,
});
export type TSharedApplication = z.infer<typeof ZSharedApplication>;

/** `DELETE /api/shared/{token}/delete-comment`. */
export const ZSharedDeleteComment = z.object({ comment_id: ZIdParam });
