import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startTestApp, type TestContext } from './support/test-app.ts';
import { testDatabases } from './support/test-databases.ts';

/**
 * Route × actor matrix (DESIGN section 7) for the session and profile routes: who gets what status.
 * Actors without a session get 401 on every route but the public ones.
 */
const ROUTES: {
  method: 'GET' | 'POST' | 'PUT';
  url: string;
  payload?: object;
  access: 'public' | '*';
}[] = [
  { method: 'GET', url: '/api/health', access: 'public' },
  { method: 'POST', url: '/api/sso/check', payload: { email: 'x@y.test' }, access: 'public' },
  { method: 'GET', url: '/api/me', access: '*' },
  { method: 'GET', url: '/api/permissions/me', access: '*' },
  { method: 'GET', url: '/api/user_profile/personal_infos', access: '*' },
  { method: 'PUT', url: '/api/user_profile/language', payload: { language: 'fr' }, access: '*' },
];

const ACTORS = [
  'anonymous',
  'recruiter@demo.test',
  'admin@demo.test',
  'admin@other.test',
  'partner@demo.test',
  'superadmin@demo.test',
] as const;

describe.each(testDatabases())('route × actor matrix on $dialect', (testDb) => {
  let ctx: TestContext;
  const cookies: Record<string, string | undefined> = {};
  beforeAll(async () => {
    ctx = await startTestApp(testDb);
    for (const actor of ACTORS)
      cookies[actor] = actor === 'anonymous' ? undefined : await signIn(ctx.app, actor);
  });
  afterAll(() => ctx.close());

  for (const route of ROUTES) {
    for (const actor of ACTORS) {
      const expected = route.access === 'public' || actor !== 'anonymous' ? [200, 204] : [401];
      it(`${route.method} ${route.url} as ${actor} → ${expected.join('|')}`, async () => {
        const cookie = cookies[actor];
        const res = await ctx.app.inject({
          method: route.method,
          url: route.url,
          ...(route.payload ? { payload: route.payload } : {}),
          headers: cookie ? { cookie } : {},
        });
        expect(expected).toContain(res.statusCode);
      });
    }
  }

  it('answers each user with their own company only', async () => {
    const mine = (
      await ctx.app.inject({ url: '/api/me', headers: { cookie: cookies['admin@demo.test']! } })
    ).json();
    const theirs = (
      await ctx.app.inject({ url: '/api/me', headers: { cookie: cookies['admin@other.test']! } })
    ).json();
    expect(mine.company_id).not.toBe(theirs.company_id);
    expect(theirs.features).toEqual(['SMS']);
  });
});
