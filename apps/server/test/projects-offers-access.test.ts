import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestContext } from './support/test-app.ts';
import { testDatabases } from './support/test-databases.ts';

/** Every route of issue 3 (projects, offers, dashboard) is closed to anonymous callers. */
describe.each(testDatabases())('projects, offers and dashboard routes on $dialect', (testDb) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp(testDb);
  });
  afterAll(() => ctx.close());

  it('answer 401 without a session, and each declares a permission', async () => {
    const routes = ctx.app.declaredRoutes.filter(
      (r) => /^\/api\/(projects|offer\/|dashboard)/.test(r.url) && r.method !== 'HEAD',
    );
    expect(routes.length).toBeGreaterThan(40);
    for (const route of routes) {
      expect(route.access, route.url).not.toBe('public');
      if (!route.url.startsWith('/api/dashboard')) expect(route.access, route.url).not.toBe('*');
      const url = route.url.replace(':offer_id', '1').replace(':id', '1');
      const res = await ctx.app.inject({ method: route.method as 'GET', url, payload: {} });
      expect(res.statusCode, `${route.method} ${url}`).toBe(401);
    }
  });
});
