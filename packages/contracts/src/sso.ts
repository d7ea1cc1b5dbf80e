import { z } from 'zod';
import { LANGUAGES } from './constants.ts';
import { requiredOr } from './errors.ts';
import { ZId } from './ids.ts';

/**
 * OpenID Connect sign-in per company (issue 16 item 4; spec 4 "Login with SSO", 7 `POST /sso/check`).
 *
 * - `POST /api/sso/check {email}` (public, in auth.ts): an e-mail whose domain is one of a company's
 *   enabled SSO domains answers `{sso: true, redirect_url: '/api/sso/start?email=…'}`; otherwise the
 *   former contract (`companies.sso_login_url` of an active account with that e-mail, or
 *   `{sso: false, redirect_url: null}`).
 * - `GET /api/sso/start?email=` (public): redirects the browser to the company's provider
 *   (authorisation code, PKCE S256, state, nonce, `login_hint`).
 * - `GET /api/sso/callback` (public): the provider's answer. Success opens a session and redirects
 *   to `/`; any failure redirects to `/login?sso_error=<SSO_ERROR_CODES>` without a session.
 * - `GET|PUT /api/sso/settings` (`config.account`): the session company's settings. The client
 *   secret is write-only: the answer says `client_secret_set`; an empty one on PUT keeps it.
 *
 * Domains are proved (issue 33 item 2). A domain saved in the settings is a `pending` claim with a
 * token of its own (per company and domain); it routes sign-ins only once `verified`:
 * - `POST /api/sso/domains/verify {domain}` (`config.account`): the server reads the TXT records of
 *   `_embauche-verification.<domain>` and verifies the claim when one is `embauche-verification=<token>`
 *   → ZSsoVerifyResponse (`result` says what was found). A domain the company does not claim: 404.
 * - a super administrator (permission `user.super_admin`, so not while acting as someone) approves
 *   or rejects a pending claim where DNS cannot be reached: `GET /api/superadmin/sso_domains`
 *   → ZSsoPendingDomainList (every company's pending claims, oldest first), `POST
 *   /api/superadmin/sso_domains/approve|reject {id}` → 204 (404 unless pending).
 * One company only holds a domain verified: saving, verifying or approving a domain that another
 * company holds verified is refused (422 `domain_taken` on `domains`/`domain`). Another company's
 * pending claim does not block (a squatter could otherwise lock the owner out): the first to verify
 * wins, and the other companies' claims of that domain are then deleted.
 * `POST /api/sso/check` routes an e-mail to the company that holds its domain verified, with SSO
 * enabled, and only when the user exists there (or, with first sign-ins creating accounts, when
 * no company has an account with that e-mail).
 */

/** Why an SSO sign-in failed; the login page shows `login:sso_error.{code}`. */
export const SSO_ERROR_CODES = [
  /** SSO is off for this e-mail's domain, or the provider cannot be reached. */
  'unavailable',
  /** The answer does not belong to a sign-in started here (state unknown, used, expired). */
  'invalid_state',
  /** The provider refused, or its answer (code, ID token, nonce) did not check out. */
  'provider_error',
  /** The provider gave no (verified) e-mail address. */
  'email_missing',
  /** The e-mail is not of a domain the company allows. */
  'domain_not_allowed',
  /** No account with this e-mail in the company, and first sign-ins do not create one. */
  'account_not_found',
  /** The account exists but is deactivated. */
  'account_inactive',
] as const;
export type SsoErrorCode = (typeof SSO_ERROR_CODES)[number];

export const ZSsoStartQuery = z.object({
  email: z.string().trim().max(255).pipe(z.email()),
});

export const ZSsoCallbackQuery = z.record(z.string(), z.string());

/** `sso.test`, `mail.example.com`: lowercase host names with at least one dot. */
export const SSO_DOMAIN_PATTERN =
  /^(?=.{3,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
export const SSO_MAX_DOMAINS = 50;

export const ZSsoRole = z.object({ id: z.number().int(), name: z.string() });

export const SSO_DOMAIN_STATUSES = ['pending', 'verified', 'rejected'] as const;
export type SsoDomainStatus = (typeof SSO_DOMAIN_STATUSES)[number];

/** The DNS name whose TXT record proves a domain, and the record's value. */
export const ssoTxtName = (domain: string) => `_embauche-verification.${domain}`;
export const ssoTxtValue = (token: string) => `embauche-verification=${token}`;

/** A claimed domain as its company sees it: its state and the TXT record to publish. */
export const ZSsoDomainState = z.object({
  domain: z.string(),
  status: z.enum(SSO_DOMAIN_STATUSES),
  txt_name: z.string(),
  txt_value: z.string(),
  verified_at: z.string().nullable(),
  /** How it was proved: its DNS record, or a super administrator's approval. */
  verified_method: z.enum(['dns', 'approval']).nullable(),
});
export type TSsoDomainState = z.infer<typeof ZSsoDomainState>;

export const ZSsoVerifyRequest = z.object({
  domain: z.string().trim().toLowerCase().regex(SSO_DOMAIN_PATTERN, 'invalid_domain'),
});

/**
 * What the DNS said: `verified` (the record is there, or the domain was already verified),
 * `record_missing` (no record of ours), `wrong_token` (a record of ours with another token),
 * `dns_unreachable` (no answer in time, or a DNS failure).
 */
export const SSO_VERIFY_RESULTS = [
  'verified',
  'record_missing',
  'wrong_token',
  'dns_unreachable',
] as const;
export type SsoVerifyResult = (typeof SSO_VERIFY_RESULTS)[number];

export const ZSsoVerifyResponse = z.object({
  result: z.enum(SSO_VERIFY_RESULTS),
  domain: ZSsoDomainState,
});
export type TSsoVerifyResponse = z.infer<typeof ZSsoVerifyResponse>;

/** A pending claim, for the super administrators' approval list. */
export const ZSsoPendingDomain = z.object({
  id: z.number().int(),
  domain: z.string(),
  company_id: z.number().int(),
  company_name: z.string(),
  created_at: z.string(),
});
export type TSsoPendingDomain = z.infer<typeof ZSsoPendingDomain>;
export const ZSsoPendingDomainList = z.object({ data: z.array(ZSsoPendingDomain) });
export type TSsoPendingDomainList = z.infer<typeof ZSsoPendingDomainList>;

export const ZSsoDomainDecision = z.object({ id: ZId });

export const ZSsoSettings = z.object({
  /** False until the company saves settings once. */
  configured: z.boolean(),
  enabled: z.boolean(),
  issuer_url: z.string(),
  client_id: z.string(),
  client_secret_set: z.boolean(),
  domains: z.array(z.string()),
  /** Each domain's state and TXT record, in `domains`' order. */
  domain_states: z.array(ZSsoDomainState),
  auto_create_users: z.boolean(),
  default_role_id: z.number().int().nullable(),
  default_language: z.enum(LANGUAGES),
  /** The redirect URI to register at the provider. */
  redirect_uri: z.string(),
  /** The company's roles, for the default role. */
  roles: z.array(ZSsoRole),
});
export type TSsoSettings = z.infer<typeof ZSsoSettings>;

export const ZSsoSettingsInput = z.object({
  enabled: z.boolean(),
  issuer_url: z
    .string()
    .trim()
    .min(1, 'field_required')
    .max(2048, 'max_length:2048')
    .pipe(z.url({ protocol: /^https?$/, error: 'invalid_url' })),
  client_id: z.string().trim().min(1, 'field_required').max(255, 'max_length:255'),
  /** Empty or absent: keep the stored secret. */
  client_secret: z.string().max(2000, 'max_length:2000').optional(),
  domains: z
    .array(z.string().trim().toLowerCase().regex(SSO_DOMAIN_PATTERN, 'invalid_domain'))
    .min(1, 'field_required')
    .max(SSO_MAX_DOMAINS, `max_items:${SSO_MAX_DOMAINS}`),
  auto_create_users: z.boolean(),
  default_role_id: z.number().int().positive().nullable(),
  default_language: z.enum(LANGUAGES, { error: requiredOr() }),
});
export type TSsoSettingsInput = z.infer<typeof ZSsoSettingsInput>;

/** The domains typed in the settings form: one per line (or comma-separated), lowercase, once each. */
export function splitDomains(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((d) => d.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
}

/**
 * The web settings form: the domains as text, the default role as a select's value ('' for none).
 * Its output is the PUT body.
 */
export const ZSsoSettingsForm = ZSsoSettingsInput.extend({
  domains: z
    .string()
    .transform(splitDomains)
    .pipe(
      z
        .array(z.string())
        .min(1, 'field_required')
        .max(SSO_MAX_DOMAINS, `max_items:${SSO_MAX_DOMAINS}`)
        .refine((list) => list.every((d) => SSO_DOMAIN_PATTERN.test(d)), 'invalid_domain'),
    ),
  default_role_id: z.union([z.literal('').transform(() => null), z.number().int().positive()]),
});
export type TSsoSettingsFormInput = z.input<typeof ZSsoSettingsForm>;
