/**
 * The audit trail (issue 16 part 5; spec 2 config `activity-logs`, permission `config.activity_logs`).
 *
 *   GET /api/activity-logs?page&per_page&filter[action]&filter[user]&filter[from]&filter[to]&filter[q]
 *       → ZAuditLogPage, newest first. Only the entries of the session's company (or of the company
 *       being acted as). `filter[action]`: one or more AUDIT_ACTIONS, comma-joined. `filter[user]`:
 *       the id of the real person who acted. `filter[from]`/`filter[to]`: `yyyy-MM-dd` days (UTC),
 *       both inclusive. `filter[q]`: part of the acting person's e-mail, first or last name.
 *
 * Who acted: `actor` is the real person, even while acting as another user or company
 * (`acting_as_user`, `acting_as_company`). A failed sign-in is written in the company of each
 * account whose e-mail was typed, with that account as `actor` (the details keep the e-mail
 * typed, never the password); an e-mail that matches no account writes nothing (no company).
 */
import { z } from 'zod';
import { ZPageQuery, ZPerPage, zPaged } from './paging.ts';

/** Every act the trail records; the web shows each through `audit:actions.{code}`. */
export const AUDIT_ACTIONS = [
  'auth.sign_in',
  'auth.sign_in_failed',
  'auth.two_factor_failed',
  /** A second factor enrolled (confirmed) or removed by the account's owner (issue 33). */
  'auth.two_factor_enabled',
  'auth.two_factor_disabled',
  'auth.sign_out',
  /** An SSO sign-in refused after the provider answered (details: `reason`, the e-mail). */
  'auth.sso_failed',
  /** The company's SSO settings were changed (never the secret). */
  'sso.settings_updated',
  /** An SSO domain proved (details: `domain`, `method`: dns or approval, by a super administrator). */
  'sso.domain_verified',
  /** An SSO domain claim rejected by a super administrator, or dropped once another company proved it. */
  'sso.domain_rejected',
  'auth.password_reset_requested',
  'auth.password_reset',
  'acting_as.company',
  'acting_as.role',
  'acting_as.user',
  'acting_as.reset',
  'role.created',
  'role.updated',
  'role.deleted',
  'role.permissions_changed',
  'user.created',
  'user.updated',
  'user.activated',
  'user.deactivated',
  'group.created',
  'group.renamed',
  'group.deleted',
  'group.members_changed',
  'group.offer_granted',
  'group.offer_revoked',
  'subsidiary.created',
  'subsidiary.renamed',
  'subsidiary.moved',
  'subsidiary.archived',
  'subsidiary.unarchived',
  'subsidiary.users_changed',
  /** The company's subsidiary mode was switched (details: `subsidiary_mode`). */
  'company.subsidiary_mode_changed',
  /** Company settings (issue 17): identity fields changed (details: the fields' names). */
  'company.identity_updated',
  /** The company's logo was replaced or removed (details: `removed`). */
  'company.logo_changed',
  /** The plan changed, by a super administrator (details: seats, renewal, features). */
  'company.subscription_changed',
  /** The NonDiscrimination offer parameters changed. */
  'company.offer_parameters_changed',
  /** SMS settings (issue 33): destination countries or daily cap changed (details: added, removed, daily_cap before/after). */
  'company.sms_settings_updated',
  /** The company's notification defaults (issue 38 part 4): details the kinds changed, digest and hour before/after. */
  'company.notification_settings_updated',
  /** The company's e-mail signature (issue 38 part 2): details the languages it is now written in. */
  'company.mail_signature_updated',
  /** A job board's use by the company (details: `enabled`, `credentials`: kept/replaced/cleared; never the values). */
  'job_board.updated',
  /** Custom fields (issue 17): a field created, changed (label, options, archived) or deleted with its values. */
  'custom_field.created',
  'custom_field.updated',
  'custom_field.deleted',
  'mail_model.created',
  'mail_model.updated',
  'mail_model.deleted',
  /** The news popup (issue 38 part 5), by the product's staff: details name the title, audience and period. */
  'news.created',
  'news.updated',
  'news.deleted',
  /** Workflows (issue 17): created, changed (name, statuses, default) or deleted. */
  'workflow.created',
  'workflow.updated',
  'workflow.deleted',
  /** An offer's or a project's workflow chosen (target: the offer or project; details: `workflow_id`, null: inherited). */
  'workflow.assigned',
  /** The company's statuses and motifs (issue 17): created, renamed, recoloured, hidden or deleted. */
  'status.created',
  'status.updated',
  'status.deleted',
  'motif.created',
  'motif.updated',
  'motif.deleted',
  /** Offer templates and the image bank (issue 17). */
  'offer_template.created',
  'offer_template.updated',
  'offer_template.deleted',
  'offer_image.uploaded',
  'offer_image.deleted',
  /** Scheduled offer exports: a schedule created, changed (rule, recipients, enabled) or deleted. */
  'export_schedule.created',
  'export_schedule.updated',
  'export_schedule.deleted',
  /** Career-site settings (issue 37): details `fields` changed, `privacy_notice_versions` made, `previous_slug`. */
  'career_site.updated',
  'users.imported',
  'export.offers',
  'export.users',
  'share.created',
  'share.revoked',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an entry is about (`target_type`). */
export const AUDIT_TARGET_TYPES = [
  'user',
  'role',
  'company',
  'share',
  'applicant',
  'group',
  'subsidiary',
  'job_board',
  'custom_field',
  'workflow',
  'status',
  'motif',
  'offer',
  'project',
  'offer_template',
  'offer_image',
  'export_schedule',
  'mail_model',
  'news',
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

export const AUDIT_LOG_PAGE_SIZE = 20;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);

export const ZAuditLogQuery = ZPageQuery.extend({
  per_page: ZPerPage.default(AUDIT_LOG_PAGE_SIZE),
  'filter[action]': z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine(
        (v) =>
          v
            .split(',')
            .map((a) => a.trim())
            .filter(Boolean)
            .every((a) => (AUDIT_ACTIONS as readonly string[]).includes(a)),
        'invalid',
      )
      .optional(),
  ),
  'filter[user]': z.preprocess(
    emptyToUndefined,
    z.coerce.number().int('invalid').min(1, 'invalid').optional(),
  ),
  'filter[from]': z.preprocess(emptyToUndefined, z.string().regex(DAY, 'invalid').optional()),
  'filter[to]': z.preprocess(emptyToUndefined, z.string().regex(DAY, 'invalid').optional()),
  'filter[q]': z.preprocess(
    emptyToUndefined,
    z.string().trim().max(255, 'max_length:255').optional(),
  ),
});
export type TAuditLogQuery = z.infer<typeof ZAuditLogQuery>;

export const ZAuditPerson = z.object({
  id: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
});
export type TAuditPerson = z.infer<typeof ZAuditPerson>;

export const ZAuditLogEntry = z.object({
  id: z.number().int(),
  action: z.string(),
  created_at: z.string(),
  /** The real person; null when the account no longer exists (`actor_user_id` keeps its id). */
  actor: ZAuditPerson.nullable(),
  actor_user_id: z.number().int().nullable(),
  acting_as_user: ZAuditPerson.nullable(),
  acting_as_company: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  target_type: z.string().nullable(),
  target_id: z.number().int().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
});
export type TAuditLogEntry = z.infer<typeof ZAuditLogEntry>;

/**
 * Counting stops at this many entries: a trail of millions costs the same to page as one of ten
 * thousand. Past it, `total` is this number and `total_capped` is true ("10,000+").
 */
export const AUDIT_LOG_COUNT_CAP = 10_000;

export const ZAuditLogPage = zPaged(ZAuditLogEntry).extend({ total_capped: z.boolean() });
export type TAuditLogPage = z.infer<typeof ZAuditLogPage>;
