import type { App } from '../../src/app.ts';
import { newRecoveryCodes, newTotpSecret, totpCode } from '../../src/modules/auth/totp.ts';
import { sha256 } from '../../src/platform/auth/tokens.ts';
import type { Database } from '../../src/platform/db/database.ts';
import { DEMO_PASSWORD } from '../../src/seed/demo-seed.ts';
import { sessionCookie } from './test-app.ts';

/** Turns the second factor on for the account with `email` (a given secret: the same on two databases). */
export async function enrolTwoFactor(
  database: Database,
  email: string,
  secret = newTotpSecret(),
  recoveryCodes = newRecoveryCodes(),
): Promise<{ userId: number; secret: string; recoveryCodes: string[] }> {
  const { id } = await database.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  await database.db
    .updateTable('users')
    .set({ totp_secret: secret, totp_enabled: true, totp_last_used_step: null })
    .where('id', '=', id)
    .execute();
  await database.db
    .insertInto('user_recovery_codes')
    .values(recoveryCodes.map((c) => ({ user_id: id, code_hash: sha256(c), used_at: null })))
    .execute();
  return { userId: id, secret, recoveryCodes };
}

/** A six-digit code that is none of the secret's accepted ones now. */
export function wrongCode(secret: string): string {
  const now = Date.now();
  const valid = new Set([0, -30_000, 30_000].map((d) => totpCode(secret, now + d)));
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, '0');
    if (!valid.has(code)) return code;
  }
}

/** Signs in with the password and answers the pending sign-in's cookie (the second factor waits). */
export async function pendingSignIn(app: App, email: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email, password: DEMO_PASSWORD },
  });
  if (res.json().status !== 'two_factor_required')
    throw new Error(`no pending sign-in for ${email}: ${res.statusCode} ${res.body}`);
  return sessionCookie(res);
}

/** Posts one code (or `{ recovery_code }`) to the challenge with the pending cookie. */
export function challenge(app: App, cookie: string, payload: object) {
  return app.inject({
    method: 'POST',
    url: '/api/two-factor-challenge',
    headers: { cookie },
    payload,
  });
}
