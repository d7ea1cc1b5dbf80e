import { z } from 'zod';
import { LANGUAGES } from './constants.ts';
import { canonicalTimeZone } from './company-settings.ts';
import { requiredOr } from './errors.ts';

export const ZProfile = z.object({
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  img_src: z.string().nullable(),
});
export type TProfile = z.infer<typeof ZProfile>;

const name = z.string().trim().min(1, 'field_required').max(255, 'max_length:255');

/** The text fields of `POST /user_profile/personal_infos` (multipart; `img_src` is an optional image file). */
export const ZPersonalInfosRequest = z.object({
  firstname: name,
  lastname: name,
  email: z
    .string()
    .trim()
    .min(1, 'field_required')
    .max(255, 'max_length:255')
    .pipe(z.email('invalid_email')),
});
export type TPersonalInfosRequest = z.infer<typeof ZPersonalInfosRequest>;

export const PASSWORD_MIN_LENGTH = 8;

export const ZChangePasswordRequest = z
  .object({
    current_password: z.string().min(1, 'field_required'),
    password: z
      .string()
      .min(PASSWORD_MIN_LENGTH, `min_length:${PASSWORD_MIN_LENGTH}`)
      .max(1024, 'invalid'),
    password_confirmation: z.string().min(1, 'field_required'),
  })
  .refine((v) => v.password === v.password_confirmation, {
    message: 'password_mismatch',
    path: ['password_confirmation'],
  });
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;

/** Signs out every other session of the user; the current one stays open. */
export const ZInvalidateSessionsRequest = z.object({
  password: z.string().min(1, 'field_required'),
});
export type TInvalidateSessionsRequest = z.infer<typeof ZInvalidateSessionsRequest>;

export const ZLanguageRequest = z.object({ language: z.enum(LANGUAGES, { error: requiredOr() }) });

/**
 * `PUT /user_profile/time_zone`: the user's own zone (IANA, as Intl spells it), or null (or '') for
 * the company's. 422 `invalid_time_zone` for a zone the runtime does not know.
 */
export const ZTimeZoneRequest = z.object({
  time_zone: z
    .string()
    .trim()
    .nullable()
    .transform((v, ctx) => {
      if (v === null || v === '') return null;
      const zone = canonicalTimeZone(v);
      if (zone) return zone;
      ctx.addIssue({ code: 'custom', message: 'invalid_time_zone' });
      return z.NEVER;
    }),
});
export type TTimeZoneRequest = z.input<typeof ZTimeZoneRequest>;

export const ZTwoFactorSetup = z.object({
  secret: z.string(),
  otpauth_url: z.string(),
  qr_code_svg: z.string(),
});
export type TTwoFactorSetup = z.infer<typeof ZTwoFactorSetup>;

export const ZTwoFactorConfirmRequest = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'invalid_code'),
});
export const ZTwoFactorConfirmResponse = z.object({ recovery_codes: z.array(z.string()) });
export const ZTwoFactorDisableRequest = z.object({ password: z.string().min(1, 'field_required') });
