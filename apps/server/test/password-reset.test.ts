import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sha256 } from '../src/platform/auth/tokens.ts';
import { passwordResetMail } from '../src/modules/password-reset/password-reset-mail.ts';
import { signIn, startTestApp, type TestContext } from './support/test-app.ts';
import { testDatabases } from './support/test-databases.ts';

const PUBLIC_URL = 'https://ats.example.test';

describe.each(testDatabases())('password reset on $dialect', (testDb) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp(testDb, {
      PUBLIC_URL,
      LOGIN_MAX_ATTEMPTS_PER_EMAIL: '3',
      PUBLIC_TOKEN_MAX_PER_IP: '50',
    });
  });
  afterAll(() => ctx.close());
  afterEach(() => vi.useRealTimers());

  let address = 0;
  /** A fresh client address per call site, so that one test's throttling leaves the others alone. */
  const nextIp = () => `10.1.0.${++address}`;

  const post = (url: string, payload: object, remoteAddress = '10.0.0.1') =>
    ctx.app.inject({ method: 'POST', url: `/api${url}`, payload, remoteAddress });

  const mails = (to: string) =>
    ctx.database.db
      .selectFrom('mail_outbox')
      .select(['id', 'company_id', 'to', 'subject', 'text', 'html'])
      .where('to', '=', to)
      .orderBy('id', 'desc')
      .execute();

  /** Asks for a link for `email`, runs the job, and answers the token of the newest mail. */
  const requestLink = async (email: string) => {
    const res = await post('/users/password-requested', { email }, nextIp());
    expect(res.statusCode).toBe(204);
    await ctx.app.worker.drain();
    const [mail] = await mails(email);
    const token = /\/reset-password\?token=([\w-]+)/.exec(mail?.text ?? '')?.[1];
    if (!token) throw new Error(`no reset link for ${email}`);
    return { token, mail: mail! };
  };

  const setPassword = (token: string, password: string, confirmation = password) =>
    post(
      '/users/reset-password',
      { token, password, password_confirmation: confirmation },
      nextIp(),
    );

  const login = (email: string, password: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, password },
      remoteAddress: nextIp(),
    });

  it('answers a known and an unknown e-mail alike, and mails only the account', async () => {
    const before = (await mails('nobody@demo.test')).length;
    const known = await post('/users/password-requested', { email: 'Recruiter@Demo.test ' });
    const unknown = await post('/users/password-requested', { email: 'nobody@demo.test' });
    expect(known.statusCode).toBe(204);
    expect(unknown.statusCode).toBe(204);
    expect(unknown.body).toBe(known.body);
    expect(Object.keys(unknown.headers).sort()).toEqual(Object.keys(known.headers).sort());
    await ctx.app.worker.drain();
    expect(await mails('nobody@demo.test')).toHaveLength(before);
    const [mail] = await mails('recruiter@demo.test');
    expect(mail).toMatchObject({ subject: 'Réinitialisation de votre mot de passe Embauche' });
    expect(mail!.text).toMatch(
      new RegExp(`^${PUBLIC_URL.replace(/\./g, '\\.')}/reset-password\\?token=[\\w-]{43}$`, 'm'),
    );
    expect(mail!.html).toContain(`<a href="${PUBLIC_URL}/reset-password?token=`);
  });

  it('validates the e-mail with error codes', async () => {
    const res = await post('/users/password-requested', { email: 'not-an-email' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ email: ['invalid_email'] });
    expect((await post('/users/password-requested', {})).json().errors).toEqual({
      email: ['field_required'],
    });
  });

  it("writes the mail in the user's language and stores only the token's hash", async () => {
    const user = await ctx.database.db
      .selectFrom('users')
      .select(['id', 'company_id'])
      .where('email', '=', 'admin@other.test')
      .executeTakeFirstOrThrow();
    await ctx.database.db
      .updateTable('users')
      .set({ language: 'de' })
      .where('id', '=', user.id)
      .execute();
    const { token, mail } = await requestLink('admin@other.test');
    expect(mail.subject).toBe('Ihr Embauche-Passwort zurücksetzen');
    expect(mail.company_id).toBe(user.company_id);
    const rows = await ctx.database.db
      .selectFrom('password_resets')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(sha256(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0]!.used_at).toBeNull();
    expect(rows[0]!.requested_ip).toMatch(/^10\.1\./);
    const lifetime =
      Date.parse(String(rows[0]!.expires_at)) - Date.parse(String(rows[0]!.created_at));
    expect(lifetime).toBe(3_600_000);
  });

  it('sets the password once through the link, ends every session and the other links', async () => {
    const email = 'manager@demo.test';
    const first = await requestLink(email);
    const { token } = await requestLink(email);
    const session = await signIn(ctx.app, email);
    const me = () => ctx.app.inject({ url: '/api/me', headers: { cookie: session } });
    expect((await me()).statusCode).toBe(200);

    const check = await post('/users/password', { token });
    expect(check.statusCode).toBe(200);
    expect(check.json()).toMatchObject({ email });
    expect(check.headers['cache-control']).toBe('no-store');

    // The change-password rules, with their codes.
    const short = await setPassword(token, 'short');
    expect(short.statusCode).toBe(422);
    expect(short.json().errors).toEqual({ password: ['min_length:8'] });
    const mismatch = await setPassword(token, 'new-password-1', 'new-password-2');
    expect(mismatch.json().errors).toEqual({ password_confirmation: ['password_mismatch'] });

    expect((await setPassword(token, 'new-password-1')).statusCode).toBe(204);
    // The session that was open ends at once, on this server with its session cache too.
    expect((await me()).statusCode).toBe(401);
    expect((await login(email, 'demo1234')).statusCode).toBe(422);
    expect((await login(email, 'new-password-1')).statusCode).toBe(200);

    // Single use, and the earlier link of the same user died with it.
    for (const used of [token, first.token]) {
      const again = await setPassword(used, 'another-password');
      expect(again.statusCode).toBe(422);
      expect(again.json().errors).toEqual({ token: ['reset_token_invalid'] });
      expect((await post('/users/password', { token: used })).statusCode).toBe(422);
    }
    expect((await login(email, 'new-password-1')).statusCode).toBe(200);
  });

  it('refuses a link one hour after it was sent', async () => {
    const { token } = await requestLink('partner@demo.test');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 59 * 60_000);
    expect((await post('/users/password', { token })).statusCode).toBe(200);
    vi.setSystemTime(Date.now() + 2 * 60_000);
    const late = await setPassword(token, 'new-password-1');
    expect(late.statusCode).toBe(422);
    expect(late.json().errors).toEqual({ token: ['reset_token_invalid'] });
    vi.useRealTimers();
    expect((await login('partner@demo.test', 'demo1234')).statusCode).toBe(200);
  });

  it('refuses an unknown token and a deactivated account', async () => {
    const unknown = await setPassword('x'.repeat(43), 'new-password-1');
    expect(unknown.json().errors).toEqual({ token: ['reset_token_invalid'] });
    const { token } = await requestLink('superadmin@demo.test');
    await ctx.database.db
      .updateTable('users')
      .set({ active: false })
      .where('email', '=', 'superadmin@demo.test')
      .execute();
    expect((await setPassword(token, 'new-password-1')).statusCode).toBe(422);
    await ctx.database.db
      .updateTable('users')
      .set({ active: true })
      .where('email', '=', 'superadmin@demo.test')
      .execute();
  });

  it('mails one link per account to a person with accounts in two companies', async () => {
    await post('/users/password-requested', { email: 'multi@demo.test' }, nextIp());
    await ctx.app.worker.drain();
    const sent = await mails('multi@demo.test');
    expect(sent).toHaveLength(2);
    expect(sent.map((m) => m.text.match(/\(([^)]+)\)/)?.[1]).sort()).toEqual([
      'Groupe Valmont',
      'Mairie de Saint-Aubin',
    ]);
    expect(new Set(sent.map((m) => m.company_id)).size).toBe(2);
  });

  it('throttles requests per e-mail, known or not, and per address', async () => {
    for (const email of ['admin@demo.test', 'ghost@demo.test']) {
      for (let i = 0; i < 3; i++) {
        expect((await post('/users/password-requested', { email }, nextIp())).statusCode).toBe(204);
      }
      const blocked = await post('/users/password-requested', { email }, nextIp());
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    }
    const local = await startTestApp(testDb, { LOGIN_MAX_ATTEMPTS_PER_IP: '2' });
    try {
      const at = (email: string) =>
        local.app.inject({
          method: 'POST',
          url: '/api/users/password-requested',
          payload: { email },
          remoteAddress: '10.9.9.9',
        });
      expect((await at('a@demo.test')).statusCode).toBe(204);
      expect((await at('b@demo.test')).statusCode).toBe(204);
      expect((await at('c@demo.test')).statusCode).toBe(429);
    } finally {
      await local.close();
    }
  });

  it('answers odd input with 4xx, never 5xx', async () => {
    const odd = [
      null,
      [],
      'text',
      { email: 42, token: { a: 1 }, password: ['x'], password_confirmation: null },
      { email: 'a@b.c'.padStart(5000, 'x'), token: 'é'.repeat(5000), password: 'p'.repeat(5000) },
      JSON.parse('{"__proto__": {"admin": true}, "token": "\\u0000", "email": "x@y.z"}'),
    ];
    for (const url of ['/users/password-requested', '/users/password', '/users/reset-password']) {
      for (const payload of odd) {
        const res = await ctx.app.inject({
          method: 'POST',
          url: `/api${url}`,
          payload: JSON.stringify(payload),
          headers: { 'content-type': 'application/json' },
          remoteAddress: nextIp(),
        });
        expect(res.statusCode, `${url} ${JSON.stringify(payload).slice(0, 80)}`).toBeLessThan(500);
        expect(res.statusCode).toBeGreaterThanOrEqual(400);
      }
    }
  });

  it('limits the unknown tokens one address may try', async () => {
    const local = await startTestApp(testDb, { PUBLIC_TOKEN_MAX_PER_IP: '2' });
    try {
      const at = () =>
        local.app.inject({
          method: 'POST',
          url: '/api/users/password',
          payload: { token: 'guess' },
          remoteAddress: '10.8.8.8',
        });
      expect((await at()).statusCode).toBe(422);
      expect((await at()).statusCode).toBe(422);
      expect((await at()).statusCode).toBe(429);
    } finally {
      await local.close();
    }
  });
});

describe('password reset e-mail', () => {
  it('writes each language and escapes the HTML part', () => {
    const subjects = (['fr', 'en', 'es', 'de'] as const).map(
      (language) =>
        passwordResetMail({
          firstname: 'Ana',
          companyName: 'A & B',
          link: 'https://x/r?token=t',
          language,
        }).subject,
    );
    expect(new Set(subjects).size).toBe(4);
    const mail = passwordResetMail({
      firstname: '<b>Ana</b>',
      companyName: 'A & B',
      link: 'https://x/r?token=t',
      language: 'en',
    });
    expect(mail.text.split('\n')[0]).toBe('Hello <b>Ana</b>,');
    expect(mail.html).not.toContain('<b>Ana</b>');
    expect(mail.html).toContain('<html lang="en">');
  });
});
