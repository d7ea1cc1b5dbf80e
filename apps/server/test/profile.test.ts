import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startTestApp, type TestContext } from './support/test-app.ts';
import { testDatabases } from './support/test-databases.ts';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6300010000000500010d0a2db40000000049454e44ae426082',
  'hex',
);

function multipart(
  fields: Record<string, string>,
  file?: { name: string; filename: string; data: Buffer; type: string },
) {
  const boundary = '----embauche-test';
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
    );
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe.each(testDatabases())('user profile on $dialect', (testDb) => {
  let ctx: TestContext;
  let cookie: string;
  beforeAll(async () => {
    ctx = await startTestApp(testDb, { UPLOAD_MAX_MB: '0.01' });
    cookie = await signIn(ctx.app, 'recruiter@demo.test');
  });
  afterAll(() => ctx.close());

  it('reads the personal infos', async () => {
    const res = await ctx.app.inject({
      url: '/api/user_profile/personal_infos',
      headers: { cookie },
    });
    expect(res.json()).toEqual({
      firstname: 'Julien',
      lastname: 'Morel',
      email: 'recruiter@demo.test',
      img_src: null,
    });
  });

  it('updates names and photo from a multipart body', async () => {
    const body = multipart(
      { firstname: 'Julien', lastname: 'Moreau', email: 'recruiter@demo.test' },
      { name: 'img_src', filename: 'me.png', data: PNG, type: 'image/png' },
    );
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/user_profile/personal_infos',
      headers: { cookie, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    const profile = res.json();
    expect(profile.lastname).toBe('Moreau');
    expect(profile.img_src).toMatch(/^\/api\/user_profile\/avatars\/\d+\?v=/);
    const photo = await ctx.app.inject({ url: profile.img_src, headers: { cookie } });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    // Another company's user cannot see it.
    const other = await signIn(ctx.app, 'admin@other.test');
    expect(
      (await ctx.app.inject({ url: profile.img_src, headers: { cookie: other } })).statusCode,
    ).toBe(404);
  });

  it('refuses a file that is not an image, judged by its bytes', async () => {
    const body = multipart(
      { firstname: 'Julien', lastname: 'Morel', email: 'recruiter@demo.test' },
      {
        name: 'img_src',
        filename: 'evil.png',
        data: Buffer.from('<script>alert(1)</script>'),
        type: 'image/png',
      },
    );
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/user_profile/personal_infos',
      headers: { cookie, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ img_src: ['file_type'] });
  });

  it('refuses a photo over the upload limit', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(20_000)]);
    const body = multipart(
      { firstname: 'J', lastname: 'M', email: 'recruiter@demo.test' },
      { name: 'img_src', filename: 'big.png', data: big, type: 'image/png' },
    );
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/user_profile/personal_infos',
      headers: { cookie, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().errors).toEqual({ img_src: ['file_too_large:0.01'] });
    const profile = await ctx.app.inject({
      url: '/api/user_profile/personal_infos',
      headers: { cookie },
    });
    expect(profile.json().firstname).toBe('Julien');
  });

  it('validates fields and keeps e-mails unique within the company only', async () => {
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/user_profile/personal_infos',
      headers: { cookie },
      payload: { firstname: '', lastname: 'x'.repeat(256), email: 'nope' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      firstname: ['field_required'],
      lastname: ['max_length:255'],
      email: ['invalid_email'],
    });
    const taken = await ctx.app.inject({
      method: 'POST',
      url: '/api/user_profile/personal_infos',
      headers: { cookie },
      payload: { firstname: 'Julien', lastname: 'Morel', email: 'admin@demo.test' },
    });
    expect(taken.json().errors).toEqual({ email: ['not_unique'] });
    const otherCompanysAddress = await ctx.app.inject({
      method: 'POST',
      url: '/api/user_profile/personal_infos',
      headers: { cookie },
      payload: { firstname: 'Julien', lastname: 'Morel', email: 'admin@other.test' },
    });
    expect(otherCompanysAddress.statusCode).toBe(200);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/user_profile/personal_infos',
      headers: { cookie },
      payload: { firstname: 'Julien', lastname: 'Morel', email: 'recruiter@demo.test' },
    });
  });

  it('changes the password and signs out the other sessions', async () => {
    const other = await signIn(ctx.app, 'recruiter@demo.test');
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/user_profile/change_password',
      headers: { cookie },
      payload: {
        current_password: 'nope',
        password: 'new-password-1',
        password_confirmation: 'new-password-1',
      },
    });
    expect(wrong.json().errors).toEqual({ current_password: ['wrong_password'] });
    const mismatch = await ctx.app.inject({
      method: 'POST',
      url: '/api/user_profile/change_password',
      headers: { cookie },
      payload: {
        current_password: 'demo1234',
        password: 'new-password-1',
        password_confirmation: 'other',
      },
    });
    expect(mismatch.json().errors).toEqual({ password_confirmation: ['password_mismatch'] });
    const ok = await ctx.app.inject({
      method: 'POST',
      url: '/api/user_profile/change_password',
      headers: { cookie },
      payload: {
        current_password: 'demo1234',
        password: 'new-password-1',
        password_confirmation: 'new-password-1',
      },
    });
    expect(ok.statusCode).toBe(204);
    expect((await ctx.app.inject({ url: '/api/me', headers: { cookie: other } })).statusCode).toBe(
      401,
    );
    expect((await ctx.app.inject({ url: '/api/me', headers: { cookie } })).statusCode).toBe(200);
    await signIn(ctx.app, 'recruiter@demo.test', 'new-password-1');
  });

  it('invalidates the other sessions after checking the password', async () => {
    const other = await signIn(ctx.app, 'recruiter@demo.test', 'new-password-1');
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/user_profile/invalidate_sessions',
      headers: { cookie },
      payload: { password: 'x' },
    });
    expect(wrong.statusCode).toBe(422);
    expect((await ctx.app.inject({ url: '/api/me', headers: { cookie: other } })).statusCode).toBe(
      200,
    );
    const ok = await ctx.app.inject({
      method: 'POST',
      url: '/api/user_profile/invalidate_sessions',
      headers: { cookie },
      payload: { password: 'new-password-1' },
    });
    expect(ok.statusCode).toBe(204);
    expect((await ctx.app.inject({ url: '/api/me', headers: { cookie: other } })).statusCode).toBe(
      401,
    );
    expect((await ctx.app.inject({ url: '/api/me', headers: { cookie } })).statusCode).toBe(200);
  });

  it('saves the language and refuses an unknown one', async () => {
    const bad = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user_profile/language',
      headers: { cookie },
      payload: { language: 'it' },
    });
    expect(bad.statusCode).toBe(422);
    const ok = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user_profile/language',
      headers: { cookie },
      payload: { language: 'es' },
    });
    expect(ok.statusCode).toBe(204);
    expect((await ctx.app.inject({ url: '/api/me', headers: { cookie } })).json().language).toBe(
      'es',
    );
  });
});
