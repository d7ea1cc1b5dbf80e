import { z } from 'zod';
import { ZChangePasswordRequest } from './profile.ts';

/**
 * Password reset (spec 7 Users, issue 16 item 1), three public calls:
 *
 * - `POST /users/password-requested {email}` answers 204 whether or not the address is an
 *   account's: an active account with it gets an e-mail (in its language) with the link
 *   `PUBLIC_URL/reset-password?token=…`, valid one hour and once. Throttled per e-mail and per
 *   address (429).
 * - `POST /users/password {token}` checks a link before its form is shown: 200 with the account's
 *   e-mail (for password managers) and when the link expires, or 422 `token: reset_token_invalid`
 *   for an unknown, expired or used link. We chose this over an administrator setting someone's
 *   password: nobody but the account holder should ever know a password, and the web page can say
 *   "this link has expired" before the user types a new one.
 * - `POST /users/reset-password {token, password, password_confirmation}` sets the password with
 *   the rules of `/user_profile/change_password`, ends the user's sessions and other links: 204,
 *   or 422 as above.
 */
export const ZPasswordRequestedRequest = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'field_required')
    .max(255, 'max_length:255')
    .pipe(z.email('invalid_email')),
});
export type TPasswordRequestedRequest = z.infer<typeof ZPasswordRequestedRequest>;

/** A link's token: 43 base64url characters as we make them; anything else is simply unknown. */
const token = z.string().min(1, 'field_required').max(200, 'reset_token_invalid');

export const ZPasswordTokenRequest = z.object({ token });
export type TPasswordTokenRequest = z.infer<typeof ZPasswordTokenRequest>;

export const ZPasswordTokenResponse = z.object({
  email: z.string(),
  expires_at: z.string(),
  /** The account has no password yet (an invitation): the page reads "choose your password". */
  first_password: z.boolean(),
});
export type TPasswordTokenResponse = z.infer<typeof ZPasswordTokenResponse>;

/** The new password follows the change-password rules (same fields, same codes). */
export const ZResetPasswordRequest = z
  .object({
    token,
    password: ZChangePasswordRequest.shape.password,
    password_confirmation: ZChangePasswordRequest.shape.password_confirmation,
  })
  .refine((v) => v.password === v.password_confirmation, {
    message: 'password_mismatch',
    path: ['password_confirmation'],
  });
export type TResetPasswordRequest = z.infer<typeof ZResetPasswordRequest>;

/** The form's fields without the token (it comes from the link). */
export const ZResetPasswordForm = z
  .object({
    password: ZChangePasswordRequest.shape.password,
    password_confirmation: ZChangePasswordRequest.shape.password_confirmation,
  })
  .refine((v) => v.password === v.password_confirmation, {
    message: 'password_mismatch',
    path: ['password_confirmation'],
  });
export type TResetPasswordForm = z.infer<typeof ZResetPasswordForm>;

/** How long a reset link opens. */
export const PASSWORD_RESET_TTL_MINUTES = 60;
/** An invitation (the link mailed to a user an administrator created) opens for a week. */
export const PASSWORD_INVITE_TTL_DAYS = 7;
