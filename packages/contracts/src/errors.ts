import { z } from 'zod';

/** Every error answer of the API has this shape (DESIGN section 3). */
export const ZApiError = z.object({
  message: z.string(),
  code: z.string().optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type TApiError = z.infer<typeof ZApiError>;

/** Codes that a 422 answer carries per field; each has a message in the `errors` namespace. */
export const VALIDATION_CODES = [
  'field_required',
  'invalid',
  'invalid_email',
  'invalid_credentials',
  'invalid_code',
  'not_unique',
  'min_length',
  'max_length',
  /** A number below `min_value:{n}` or above `max_value:{n}` (a page, an amount). */
  'min_value',
  'max_value',
  'file_too_large',
  'file_type',
  'duplicate',
  'password_too_short',
  'password_mismatch',
  'wrong_password',
  'already_applied',
  'applicant_without_email',
  /** SMS (issue 14): the applicant has no phone number, or not a valid mobile one. */
  'applicant_without_mobile',
  /** SMS (issue 33): a satellite, premium or shared-cost number, or a country the company did not allow. */
  'destination_not_allowed',
  /** A private comment mentions a user (or a group member) outside its audience. */
  'mention_outside_audience',
  /** A list longer than `max_items:{n}` (e-mail addresses of a transfer, ids). */
  'max_items',
  /** Recruitment lists (issue 15): an applicant id that is not one of the company's applicants. */
  'unknown_applicant',
  /** Mailings (issue 38): a member id that is not one of the company's talent community members. */
  'unknown_member',
  /** Recruitment lists (issue 15): a user to share with who is not an active user of the company. */
  'unknown_user',
  /** Users (issue 16): the e-mail is already an account of the company. */
  'email_taken',
  /** Users (issue 16): a user cannot deactivate their own account. */
  'self_deactivation',
  /** Password reset (issue 16): the link is unknown, expired or already used. */
  'reset_token_invalid',
  /** SSO (issue 16): the issuer must be an https:// address. */
  'https_required',
  /** SSO (issue 16): not a domain name such as `example.com`. */
  'invalid_domain',
  /** SSO (issue 16): the domain signs in to another company already. */
  'domain_taken',
  /** Roles (issue 16): a role cannot move under itself or one of its descendants. */
  'role_cycle',
  /** Roles (issue 16): the company's root role takes no parent (one root per company). */
  'root_has_no_parent',
  /** Rights (issue 16): a permission only the product's own staff may hold (`user.super_admin`). */
  'not_grantable',
  /** Rights (issue 16): nobody takes `internal.users_rights` away from the role they hold. */
  'self_lockout',
  /** Users import (issue 16): the e-mail is on an earlier line of the file. */
  'duplicate_in_file',
  /** Users import: no role of the company has this name. */
  'unknown_role',
  /** Users import: not one of the product's languages (fr, en, es, de). */
  'unknown_language',
  /** Users import: no group of the company has one of these names. */
  'unknown_group',
  /** Users import: no subsidiary of the company has this name. */
  'unknown_subsidiary',
  /** Users import: the file has more than `max_rows:{n}` rows. */
  'max_rows',
  /** Users import: the first line lacks this required column. */
  'missing_column',
  /** Users import: damaged, too big once decompressed or too slow to read. */
  'file_unreadable',
  /** Users import: the file has no row under its header. */
  'empty_file',
  /** Image bank (issue 17): an image of more than `too_many_pixels:{megapixels}`. */
  'too_many_pixels',
  /** Statuses (issue 17): applications hold the status (`status_in_use:{count}`): hide it instead. */
  'status_in_use',
  /** Statuses (issue 17): a default status is never deleted, only hidden. */
  'status_not_deletable',
  /** Motifs (issue 17): applications hold the motif (`motif_in_use:{count}`): hide it instead. */
  'motif_in_use',
  /** Motifs (issue 17): a default motif is never deleted, only hidden. */
  'motif_not_deletable',
  /** Workflows (issue 17): the default workflow is not deleted: choose another default first. */
  'workflow_is_default',
  /** Workflows (issue 17): every workflow holds the statuses "new" and "recruited". */
  'workflow_required_statuses',
  /** Company settings (issue 17): not an http:// or https:// address. */
  'invalid_url',
  /** Company settings: not an IANA time zone (`Europe/Paris`). */
  'invalid_time_zone',
  /** NonDiscrimination offer parameters: the job title lacks a mention such as "H/F". */
  'gender_mention_required',
  /** NonDiscrimination offer parameters: the text holds a word the company forbids. */
  'forbidden_word',
  /** Subsidiaries (issue 17): a subsidiary cannot move under itself or one of its descendants. */
  'subsidiary_cycle',
  /** Subsidiaries (issue 17): no new child under an archived subsidiary. */
  'parent_archived',
  /** Custom fields (issue 17): not a real day `yyyy-MM-dd`. */
  'invalid_date',
  /** Custom fields: a value that is not one of the field's options. */
  'unknown_option',
  /** Custom fields: an id that is not an active field of the company for this object. */
  'unknown_field',
  /** Custom fields: a choice field needs at least one option. */
  'options_required',
  /** Scheduled offer exports (issue 17): a company has at most `schedule_limit:{n}` of them. */
  'schedule_limit',
  /** Career site (issue 37): a slug of lowercase letters, digits and single hyphens only. */
  'slug_format',
  /** Career site: not a `#rrggbb` colour. */
  'invalid_color',
  /** Career site: text on this colour (or this colour as text on white) is under 4.5:1. */
  'low_contrast',
  /** Onboarding (issue 41): only an application in status 6 (recruited) starts an onboarding. */
  'not_recruited',
  /** Onboarding: the application has an open (not cancelled) onboarding already. */
  'onboarding_exists',
  /** Onboarding statuses: the four system statuses are renamed, never deleted. */
  'onboarding_status_not_deletable',
  /** Onboarding statuses: onboardings hold the status: move them to another status first. */
  'onboarding_status_in_use',
] as const;

/**
 * The error of a closed choice (an enum): `field_required` when nothing was chosen (the key is
 * missing, null, or a form's empty option ''), `code` (`invalid` by default) when a value is there
 * but is not one of the choices. zod 4 reports both as one `invalid_value` issue, so a single fixed
 * message would answer `field_required` for a wrong value; the issue's `input` tells them apart.
 * Use as `z.enum(X, { error: requiredOr() })`.
 */
export function requiredOr(code: string = 'invalid') {
  return (issue: { input?: unknown }): string =>
    issue.input === undefined || issue.input === null || issue.input === ''
      ? 'field_required'
      : code;
}

/** Codes in the top-level `code` of an error answer. */
export const ERROR_CODES = {
  unauthenticated: 'unauthenticated',
  forbidden: 'forbidden',
  notFound: 'not_found',
  conflict: 'conflict',
  validation: 'validation_failed',
  tooManyRequests: 'too_many_requests',
  /** 429: a shared link (or a client address) posted too many comments in the window. */
  tooManyComments: 'too_many_comments',
  payloadTooLarge: 'payload_too_large',
  /** 422 (issue 33): the SMS destination is refused (`errors.applicant_id: ['destination_not_allowed']`). */
  destinationNotAllowed: 'destination_not_allowed',
  /** 429 (issue 33): the send would pass the company's daily SMS cap; nothing was sent. */
  smsDailyCap: 'sms_daily_cap',
  /** 400: the body is not JSON, or not multipart/form-data (no boundary, cut short…). */
  invalidJson: 'invalid_json',
  invalidMultipart: 'invalid_multipart',
  crossOrigin: 'cross_origin_refused',
  invalidCredentials: 'invalid_credentials',
  twoFactorRequired: 'two_factor_required',
  /** 403 (issue 33): a credential (password, second factor, e-mail) changes only in its owner's own session, never while acting as. */
  notWhileActingAs: 'not_while_acting_as',
  /** 409 (issue 16): users hold the role (`errors.users: ['role_in_use:{count}']`). */
  roleInUse: 'role_in_use',
  /** 409 (issue 16): the role has child roles (`errors.children: ['role_has_children:{count}']`). */
  roleHasChildren: 'role_has_children',
  /** 409 (issue 16): the company's root role is never deleted. */
  roleIsRoot: 'role_is_root',
  /** 409 (issue 17): offers show the image (`errors.offers: ['image_in_use:{count}']`). */
  imageInUse: 'image_in_use',
  /** 409 (issue 17): applications hold the status (`errors.status: ['status_in_use:{count}']`). */
  statusInUse: 'status_in_use',
  /** 409 (issue 17): applications hold the motif (`errors.motif: ['motif_in_use:{count}']`). */
  motifInUse: 'motif_in_use',
  /** 409 (issue 17): the custom field holds values (`count`); delete with `force=1`. */
  fieldHasValues: 'field_has_values',
  /** 409 (issue 39): the slot is no longer free (another booking took it first). */
  slotTaken: 'slot_taken',
  /** 409 (issue 39): an interviewer has an appointment then (`errors.interviewer_ids: ['busy:{id}']`). */
  interviewerBusy: 'interviewer_busy',
  /** 409 (issue 39): the booking link holds an appointment already: move it instead. */
  alreadyBooked: 'already_booked',
  /** 410 (issue 39): the booking link's time is over, or its appointment has started. */
  bookingExpired: 'booking_expired',
  internal: 'internal_error',
} as const;
