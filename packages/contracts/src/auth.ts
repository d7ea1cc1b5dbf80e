import { z } from 'zod';
import { FEATURES, LANGUAGES } from './constants.ts';
import type { TActingAsMe } from './acting-as.ts';
import { ZId } from './ids.ts';

export const ZLoginRequest = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'field_required')
    .max(255, 'max_length:255')
    .pipe(z.email('invalid_email')),
  password: z.string().min(1, 'field_required').max(1024, 'invalid'),
  /** The chosen account when the e-mail and password match accounts in several companies. */
  user: ZId.optional(),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

export const ZAccountChoice = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  company_name: z.string(),
  role_name: z.string().nullable(),
});
export type TAccountChoice = z.infer<typeof ZAccountChoice>;

/**
 * `authenticated`: the session is open, fetch the user.
 * `two_factor_required`: post the code to /two-factor-challenge.
 * `choose_account`: post again with `user` set to one of `accounts`.
 */
export const ZLoginResponse = z.discriminatedUnion('status', [
  z.object({ status: z.literal('authenticated'), two_factor: z.literal(false) }),
  z.object({ status: z.literal('two_factor_required'), two_factor: z.literal(true) }),
  z.object({
    status: z.literal('choose_account'),
    two_factor: z.literal(false),
    accounts: z.array(ZAccountChoice),
  }),
]);
export type TLoginResponse = z.infer<typeof ZLoginResponse>;

export const ZTwoFactorChallengeRequest = z
  .object({
    code: z.string().trim().optional(),
    recovery_code: z.string().trim().optional(),
  })
  .refine((v) => Boolean(v.code) || Boolean(v.recovery_code), {
    message: 'field_required',
    path: ['code'],
  });
export type TTwoFactorChallengeRequest = z.infer<typeof ZTwoFactorChallengeRequest>;

export const ZSsoCheckRequest = z.object({
  email: z.string().trim().min(1, 'field_required').pipe(z.email('invalid_email')),
});
export const ZSsoCheckResponse = z.object({
  sso: z.boolean(),
  /** Where the browser goes to sign in, when `sso` is true. */
  redirect_url: z.string().nullable(),
});
export type TSsoCheckResponse = z.infer<typeof ZSsoCheckResponse>;

export const ZMe = z.object({
  id: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  img_src: z.string().nullable(),
  role: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  role_id: z.number().int().nullable(),
  company_id: z.number().int(),
  company_name: z.string(),
  company_country: z.string(),
  company_slug: z.string(),
  organisation_type: z.number().int(),
  client_account: z.number().int(),
  support_url: z.string().nullable(),
  career_site_url: z.string(),
  super_admin: z.boolean(),
  partner_admin: z.boolean(),
  features: z.array(z.enum(FEATURES)),
  mercure_subscription_token: z.string(),
  language: z.enum(LANGUAGES),
  /** The user's own time zone (IANA), null for the company's (`company_time_zone`). */
  time_zone: z.string().nullable(),
  company_time_zone: z.string(),
  subsidiary_mode: z.boolean(),
  two_factor_enabled: z.boolean(),
  permissions: z.record(z.string(), z.record(z.string(), z.literal(true))),
});
/**
 * `acting_as`: set while the real person acts as another company, role or user; the fields above
 * are then the acted-as user's and company's, except `super_admin`, `partner_admin` and
 * `language`, which stay the real person's (their switchers stay visible). Its schema lives in
 * contracts/acting-as.ts (ZMeResponse, the route's): the login page, which loads this file, does
 * not carry it.
 */
export type TMe = z.infer<typeof ZMe> & { acting_as?: TActingAsMe | null };

export const ZPermissionsMe = z.array(z.string());
