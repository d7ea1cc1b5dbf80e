import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { OFFER_GROUPS_PICKER_LIMIT } from '@embauche/contracts/groups';
import { PLANNER_PICKER_MAX } from '@embauche/contracts/planner';
import { ONBOARDING_PICKER_MAX } from '@embauche/contracts/onboarding';
import { seedBigOffer } from '../bench/big-offer.ts';
import { ALL_BATCH } from '../src/modules/applications/applications.repository.ts';
import { newUserRow } from '../src/platform/db/new-user.ts';
import { apiAs, type Api } from './support/api.ts';
import { insertProject } from './support/insert-company.ts';
import { walkedRoutes } from './support/route-fixtures.ts';
import { signIn, startTestApp, type TestContext } from './support/test-app.ts';
import { testDatabases } from './support/test-databases.ts';

/**
 * What a GET route answering an array (alone, or as the unpaged mode beside a page) promises
 * (issue 42 part 3, docs/lists.md):
 * - `all`: every row asked for, however many (the offer's applications: streamed in batches);
 * - `best`: a picker's best matches of a search, at most `max` (the contract says so; typing
 *   more narrows it), never presented as the whole set;
 * - `bounded`: a set bounded by nature (the company's configuration, one object's own few), `why`.
 */
type Promise_ = { kind: 'all' } | { kind: 'best'; max: number } | { kind: 'bounded'; why: string };

const config = (why = 'the company’s configuration'): Promise_ => ({ kind: 'bounded', why });
const own = (of: string): Promise_ => ({ kind: 'bounded', why: `one ${of}’s own` });
const ALL: Promise_ = { kind: 'all' };

/** Every GET route answering an array, by URL. A new one fails the walk until it is listed here. */
const LIST_ROUTES: Record<string, Promise_> = {
  '/api/permissions/me': config('the permissions of a role'),
  '/api/subsidiaries': config(),
  '/api/config/jobboards': config('the job boards'),
  '/api/projects': ALL,
  '/api/projects/parents': ALL,
  '/api/projects/favorites': ALL,
  '/api/projects/:id/users/authorized': ALL,
  '/api/projects/:id/users': ALL,
  '/api/projects/:id/users-without-access': ALL,
  '/api/offer/:id/users-with-offer-access': ALL,
  '/api/projects/:id/offers/users-publish': ALL,
  '/api/custom-fields': config(),
  '/api/custom-fields/active': config(),
  '/api/projects/:id/offers/jobboards': config('the job boards'),
  '/api/projects/:id/offers/:offer_id/jobboards': own('offer'),
  '/api/projects/:id/breadcrumbs': own('project'),
  '/api/applicants/tags': { kind: 'best', max: 20 },
  '/api/applicants/:id/documents': own('applicant'),
  '/api/applicants/:id/ask-documents': own('applicant'),
  '/api/config/statuses': config(),
  '/api/config/workflows': config(),
  '/api/statuses': config(),
  '/api/motifs': config(),
  '/api/assessment-tests': config(),
  '/api/offer-statuses': config('the asked offers’ workflows'),
  '/api/treatment/spontaneous/statuses': config(),
  '/api/projects/:project_id/offers/:offer_id/applications': ALL,
  '/api/applications/:id/documents': own('application'),
  '/api/applications/:id/tests/list': own('application'),
  '/api/applicants/:id/applications-overview': own('applicant'),
  '/api/treatment/applications/offers': ALL,
  '/api/mailings/models': config(),
  '/api/applicants/:id/shares': own('applicant'),
  '/api/shared/:token/documents': own('shared applicant'),
  '/api/shared/:token/application/documents': own('shared application'),
  '/api/planner/users': { kind: 'best', max: PLANNER_PICKER_MAX },
  '/api/planner/applicants': { kind: 'best', max: PLANNER_PICKER_MAX },
  '/api/community/interests': config(),
  '/api/users/all': ALL,
  '/api/users/all-mails': ALL,
  '/api/partner/roles': config(),
  '/api/roles': config(),
  '/api/offer/:id/groups': ALL,
  '/api/offer/:id/groups-without-offer-access': { kind: 'best', max: OFFER_GROUPS_PICKER_LIMIT },
  '/api/superadmin/news/countries': config('the countries'),
  '/api/onboarding/processes': config(),
  '/api/onboarding/users': { kind: 'best', max: ONBOARDING_PICKER_MAX },
  '/api/onboarding/statuses': config(),
  '/api/onboardings/counts': config('the onboarding statuses'),
  '/api/dev/mail-outbox': config('the development mail outbox'),
};

/** Whether a response schema answers an array (alone, or as a branch of a union). */
function answersArray(schema: unknown): boolean {
  if (schema instanceof z.ZodArray) return true;
  if (schema instanceof z.ZodUnion) return (schema.options as unknown[]).some(answersArray);
  return false;
}

describe.each(testDatabases())('lists that answer arrays drop no row on $dialect', (testDb) => {
  let ctx: TestContext;
  let admin: Api;
  let companyId: number;

  beforeAll(async () => {
    ctx = await startTestApp(testDb);
    admin = apiAs(ctx.app, await signIn(ctx.app, 'admin@demo.test'));
    const user = await ctx.database.db
      .selectFrom('users')
      .select('company_id')
      .where('email', '=', 'admin@demo.test')
      .executeTakeFirstOrThrow();
    companyId = user.company_id!;
  });
  afterAll(() => ctx?.close());

  async function json<T>(url: string): Promise<T> {
    const res = await admin.get(url);
    expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
    return res.json() as T;
  }

  it('lists every GET route answering an array with what it promises', () => {
    const arrays = walkedRoutes(ctx.app.declaredRoutes)
      .filter((r) => r.method === 'GET')
      .filter((r) => {
        const response = (r.schema as { response?: Record<number, unknown> } | undefined)?.response;
        return answersArray(response?.[200]);
      })
      .map((r) => r.url);
    expect(arrays.length).toBeGreaterThan(30);
    const unlisted = arrays.filter((url) => !LIST_ROUTES[url]);
    expect(unlisted, 'say in LIST_ROUTES (and docs/lists.md) what these answer').toEqual([]);
  });

  it('answers an offer’s applications unpaged past its batches and its pages: every row', async () => {
    const n = 2 * ALL_BATCH + 100;
    const big = await seedBigOffer(ctx.database.db, { companyId, applications: n });
    const base = `/api/projects/${big.projectId}/offers/${big.offerId}/applications`;
    const all = await json<{ id: number }[]>(base);
    expect(all).toHaveLength(n);
    expect(new Set(all.map((a) => a.id))).toEqual(new Set(big.applicationIds));
    // Asked for more than a page holds: the page says there is more.
    const page = await json<{ data: unknown[]; current_page: number; last_page: number }>(
      `${base}?page=1&per_page=1000`,
    );
    expect(page.data.length).toBeLessThan(n);
    expect(page.current_page).toBeLessThan(page.last_page);
  });

  it('answers every project and every active user, past a page', async () => {
    const now = new Date().toISOString();
    for (let i = 0; i < 120; i++)
      await insertProject(ctx.database.db, companyId, `Liste ${i}`, now);
    const projects = await ctx.database.db
      .selectFrom('projects')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('company_id', '=', companyId)
      .executeTakeFirstOrThrow();
    const flat = await json<unknown[]>('/api/projects');
    expect(flat.length).toBe(Number(projects.n));

    const model = await ctx.database.db
      .selectFrom('users')
      .select(['role_id', 'language'])
      .where('email', '=', 'admin@demo.test')
      .executeTakeFirstOrThrow();
    await ctx.database.db
      .insertInto('users')
      .values(
        Array.from({ length: 120 }, (_, i) =>
          newUserRow(
            {
              company_id: companyId,
              role_id: model.role_id,
              subsidiary_id: null,
              firstname: 'Utilisateur',
              lastname: `Liste ${i}`,
              email: `liste-${i}@demo.test`,
              language: model.language,
            },
            now,
          ),
        ),
      )
      .execute();
    const users = await ctx.database.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('company_id', '=', companyId)
      .where('active', '=', true)
      .executeTakeFirstOrThrow();
    for (const url of ['/api/users/all', '/api/users/all-mails']) {
      const list = await json<unknown[]>(url);
      expect(list.length, url).toBe(Number(users.n));
      expect(list.length).toBeGreaterThan(120);
    }
  });

  it('answers at most its best matches on a picker', async () => {
    const best = Object.entries(LIST_ROUTES).filter(
      (e): e is [string, { kind: 'best'; max: number }] => e[1].kind === 'best',
    );
    for (const [url, promise] of best) {
      if (url.includes(':')) continue;
      const list = await json<unknown[]>(url);
      expect(list.length, url).toBeLessThanOrEqual(promise.max);
    }
  });
});
