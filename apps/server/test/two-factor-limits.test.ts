import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../src/modules/auth/totp.ts';
import { startTestApp, type TestContext } from './support/test-app.ts';
import { testDatabases } from './support/test-databases.ts';
import { challenge, enrolTwoFactor, pendingSignIn, wrongCode } from './support/two-factor.ts';

/**
 * Issue 33 item 1: the codes tried after a correct password are limited per pending sign-in (5,
 * then it is void and the password is asked again) and per account (10 per 15 minutes, across
 * pending sign-ins: then 429 with Retry-After), recovery codes included; the owner is mailed once
 * per window when the account's limit is reached.
 */
describe.each(testDatabases())('second-factor limits on $dialect', (testDb) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp(testDb);
  }, 60_000);
  afterAll(() => ctx.close());

  const mailsTo = (to: string) =>
    ctx.database.db
      .selectFrom('mail_outbox')
      .select(['to', 'subject', 'text', 'html'])
      .where('to', '=', to)
      .execute();

  it('voids a pending sign-in after 5 wrong codes: 401, and the password is asked again', async () => {
    const { secret } = await enrolTwoFactor(ctx.database, 'admin@demo.test');
    const pending = await pendingSignIn(ctx.app, 'admin@demo.test');
    for (let i = 1; i <= 5; i++) {
      const res = await challenge(ctx.app, pending, { code: wrongCode(secret) });
      expect(res.statusCode, `wrong code ${i}`).toBe(422);
      expect(res.json().errors).toEqual({ code: ['invalid_code'] });
    }
    // Even the right code no longer opens it.
    const after = await challenge(ctx.app, pending, { code: totpCode(secret) });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('unauthenticated');
    // The password again: a new pending sign-in, which the right code completes.
    const again = await pendingSignIn(ctx.app, 'admin@demo.test');
    expect((await challenge(ctx.app, again, { code: totpCode(secret) })).statusCode).toBe(204);
    expect(await mailsTo('admin@demo.test')).toEqual([]);
  });

  it('counts each code before checking it: parallel guesses on one pending sign-in get at most 5 answers', async () => {
    const { secret } = await enrolTwoFactor(ctx.database, 'admin@other.test');
    const pending = await pendingSignIn(ctx.app, 'admin@other.test');
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => challenge(ctx.app, pending, { code: wrongCode(secret) })),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 422)).toHaveLength(5);
    // The others: the void sign-in (401), or the account's limit while attempts were held (429).
    expect(statuses.filter((s) => s !== 422).every((s) => s === 401 || s === 429)).toBe(true);
    expect(statuses).toContain(401);
  });

  it('allows 10 wrong codes per account across pending sign-ins, then 429 with Retry-After, and mails the owner once', async () => {
    const { secret, userId } = await enrolTwoFactor(ctx.database, 'recruiter@demo.test');
    await ctx.database.db
      .updateTable('users')
      .set({ language: 'de' })
      .where('id', '=', userId)
      .execute();
    for (const round of [1, 2]) {
      const pending = await pendingSignIn(ctx.app, 'recruiter@demo.test');
      for (let i = 1; i <= 5; i++)
        expect(
          (await challenge(ctx.app, pending, { code: wrongCode(secret) })).statusCode,
          `round ${round}`,
        ).toBe(422);
    }
    const mails = await mailsTo('recruiter@demo.test');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Embauche: falsche Zwei-Faktor-Codes für Ihr Konto');
    expect(mails[0]!.text).toContain('10');
    expect(mails[0]!.html).toContain('<html lang="de">');

    // A third pending sign-in: even the right code waits for the window's end.
    const third = await pendingSignIn(ctx.app, 'recruiter@demo.test');
    const refused = await challenge(ctx.app, third, { code: totpCode(secret) });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('too_many_requests');
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // Refused attempts do not void the pending sign-in nor send another mail.
    for (let i = 0; i < 3; i++)
      expect((await challenge(ctx.app, third, { code: wrongCode(secret) })).statusCode).toBe(429);
    expect(await mailsTo('recruiter@demo.test')).toHaveLength(1);
  });

  it('counts recovery codes against the same limits, and refuses a right one past them without using it', async () => {
    const { secret, userId, recoveryCodes } = await enrolTwoFactor(
      ctx.database,
      'manager@demo.test',
    );
    const first = await pendingSignIn(ctx.app, 'manager@demo.test');
    for (let i = 1; i <= 5; i++) {
      const res = await challenge(ctx.app, first, { recovery_code: `ZZZZ-ZZZ${i}` });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ recovery_code: ['invalid_code'] });
    }
    expect((await challenge(ctx.app, first, { recovery_code: recoveryCodes[0] })).statusCode).toBe(
      401,
    );
    const second = await pendingSignIn(ctx.app, 'manager@demo.test');
    for (let i = 1; i <= 5; i++)
      expect((await challenge(ctx.app, second, { code: wrongCode(secret) })).statusCode).toBe(422);
    const third = await pendingSignIn(ctx.app, 'manager@demo.test');
    const refused = await challenge(ctx.app, third, { recovery_code: recoveryCodes[0] });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const unused = await ctx.database.db
      .selectFrom('user_recovery_codes')
      .select('id')
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .execute();
    expect(unused).toHaveLength(recoveryCodes.length);
    expect(await mailsTo('manager@demo.test')).toHaveLength(1);
  });

  it('writes no 2FA counter for a right code at the first try', async () => {
    const { secret, userId } = await enrolTwoFactor(ctx.database, 'superadmin@demo.test');
    const pending = await pendingSignIn(ctx.app, 'superadmin@demo.test');
    expect((await challenge(ctx.app, pending, { code: totpCode(secret) })).statusCode).toBe(204);
    const rows = await ctx.database.db
      .selectFrom('login_attempts')
      .select('key')
      .where('key', 'like', `2fa:%`)
      .execute();
    expect(rows.map((r) => r.key)).not.toContain(`2fa:user:${userId}`);
  });
});
