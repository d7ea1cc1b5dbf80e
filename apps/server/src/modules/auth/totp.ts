import { randomBytes, timingSafeEqual } from 'node:crypto';
import { decodeBase32IgnorePadding, encodeBase32UpperCaseNoPadding } from '@oslojs/encoding';
import { createTOTPKeyURI, generateHOTP } from '@oslojs/otp';

export const TOTP_PERIOD_SECONDS = 30;
const DIGITS = 6;

export function newTotpSecret(): string {
  return encodeBase32UpperCaseNoPadding(randomBytes(20));
}

export function totpUri(secret: string, account: string): string {
  return createTOTPKeyURI(
    'Embauche',
    account,
    decodeBase32IgnorePadding(secret),
    TOTP_PERIOD_SECONDS,
    DIGITS,
  );
}

export function totpCode(secret: string, at = Date.now()): string {
  return generateHOTP(decodeBase32IgnorePadding(secret), BigInt(stepAt(at)), DIGITS);
}

export function stepAt(at: number): number {
  return Math.floor(at / 1000 / TOTP_PERIOD_SECONDS);
}

/**
 * The time step a code belongs to, accepting one step of clock drift either way, or null.
 * The caller records the step so that each code is accepted once.
 */
export function matchTotpStep(secret: string, code: string, at = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const key = decodeBase32IgnorePadding(secret);
  const now = stepAt(at);
  for (const step of [now, now - 1, now + 1]) {
    const expected = generateHOTP(key, BigInt(step), DIGITS);
    if (timingSafeEqual(Buffer.from(expected), Buffer.from(code))) return step;
  }
  return null;
}

/** Ten single-use recovery codes like `7KQ2-M9XD`. */
export function newRecoveryCodes(): string[] {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return Array.from({ length: 10 }, () => {
    const bytes = randomBytes(8);
    const chars = Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
    return `${chars.slice(0, 4)}-${chars.slice(4)}`;
  });
}

export function normaliseRecoveryCode(code: string): string {
  return code
    .trim()
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .replace(/^(.{4})(.{4})$/, '$1-$2');
}
