import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAX_ID } from '@embauche/contracts/ids';
import type { DeclaredRoute } from '../src/platform/auth/access.ts';
import { companyDigest, companyOnlyTexts, companyTables } from './support/company-digest.ts';
import {
  callRoute,
  createUserWithoutPermissions,
  fillPath,
  loadFixtures,
  pathResources,
  routeKey,
  SAMPLE_REQUESTS,
  SCOPED_IDS,
  trackingIds,
  walkedRoutes,
  type Fixtures,
  type ObjectIds,
  type SampleContext,
  type SampleRequest,
} from './support/route-fixtures.ts';
import { sessionCookie, signIn, startTestApp, type TestContext } from './support/test-app.ts';
import { testDatabases } from './support/test-databases.ts';

/**
 * Route × actor matrix (DESIGN section 7): walks every declared /api and /careers route
 * (app.declaredRoutes), fills its path with real Groupe Valmont objects and sends its sample
 * request, as each actor.
 * A new route is covered by these rules as soon as it is declared; a new kind of path parameter
 * fails the walk until PARAM_RESOURCES says what it names.
 *
 * - anonymous: 401 on every non-public route; public routes answer (not 401/403/404, not 5xx).
 * - a Valmont user whose role holds no permission: 403 on every permission route; `*` routes answer.
 * - admin@other.test (Mairie, every permission), and the partner and super administrators acting
 *   as nobody: 404 on every route naming a Valmont object in its path (the partner may get 403
 *   first, lacking the permission); a route naming one only in its body answers exactly as for ids
 *   that exist nowhere; list answers hold no Valmont text; nothing of Valmont changed after all
 *   their writes.
 * - manager@demo.test on objects outside their scope: 403 or 404 (body-only: 403 or the answer for
 *   ids that exist nowhere), nothing changed; on objects inside it, reads answer.
 * - admin@demo.test: every route answers (not 401/403/404, not 5xx): the ids are real.
 * - superadmin@demo.test acting as a company (DESIGN section 7): acting as the Mairie, Valmont's
 *   objects answer 404 as they do for the Mairie's administrator; acting as Valmont (a second walk
 *   on a fresh database, below), every route answers as for Valmont's root-role administrator:
 *   the same status on every read, an answer on every write.
 *
 * Public routes are called anonymously only: they are the session-less caller's routes.
 */

type Actor =
  | 'anonymous'
  | 'nobody'
  | 'other'
  | 'partner'
  | 'superadmin'
  | 'manager'
  | 'manager-inside'
  | 'admin'
  /** superadmin@demo.test acting as the Mairie (an outsider to Valmont) or as Valmont. */
  | 'acting-other'
  | 'acting';

/**
 * Signed in outside Groupe Valmont: the other company's admin (every permission), and the partner
 * and super administrators of the product's own company while they act as nobody. `mayLack`: their
 * role lacks some permissions, so 403 may come before 404.
 */
const OUTSIDERS: { actor: Actor; email: string; mayLack: boolean; actsAsMairie?: true }[] = [
  { actor: 'other', email: 'admin@other.test', mayLack: false },
  { actor: 'partner', email: 'partner@demo.test', mayLack: true },
  { actor: 'superadmin', email: 'superadmin@demo.test', mayLack: false },
  // Acting as the Mairie: its root role's permissions, and nothing of Valmont.
  { actor: 'acting-other', email: 'superadmin@demo.test', mayLack: false, actsAsMairie: true },
];

/** Signs `email` in, then acts as the company: the switch opens a new session (its cookie). */
async function actingAs(ctx: TestContext, email: string, companyId: number): Promise<string> {
  const cookie = await signIn(ctx.app, email);
  const res = await ctx.app.inject({
    method: 'PUT',
    url: '/api/superadmin/change_company',
    headers: { cookie },
    payload: { company_id: companyId },
  });
  if (res.statusCode !== 204) throw new Error(`acting as ${companyId}: ${brief(res)}`);
  return sessionCookie(res);
}

/**
 * The only routes open without a session. A new public route must be added here on purpose
 * (shared links, booking, career site…): the walk fails otherwise.
 */
// A whole walk (every route as one actor) takes 10–25 s on the 2-core machine, more while other
// work runs: past the 20 s default once the planner's routes joined (issue 39).
vi.setConfig({ testTimeout: 90_000 });

const PUBLIC_ROUTES = [
  'GET /api/docs',
  'GET /api/docs/json',
  'GET /api/docs/static/*',
  'GET /api/docs/static/index.html',
  'GET /api/docs/static/swagger-initializer.js',
  'GET /api/docs/yaml',
  'GET /api/documents-upload/:token',
  'GET /api/health',
  'POST /api/documents-upload/:token',
  'POST /api/login',
  'POST /api/logout',
  'POST /api/sso/check',
  // SSO (issue 16): the redirect to a company's provider and its answer (state-checked).
  'GET /api/sso/start',
  'GET /api/sso/callback',
  'POST /api/two-factor-challenge',
  // Password reset (issue 16): same answer for any e-mail; the link's token is the key.
  'POST /api/users/password',
  'POST /api/users/password-requested',
  'POST /api/users/reset-password',
  // Shared links (issue 12): the token is the key.
  'GET /api/shared/:token',
  'GET /api/shared/:token/applicant',
  'GET /api/shared/:token/detail',
  'GET /api/shared/:token/cv',
  'GET /api/shared/:token/documents',
  'GET /api/shared/:token/documents/:document_id',
  'GET /api/shared/:token/application',
  'GET /api/shared/:token/application/documents',
  'GET /api/shared/:token/application/motivation',
  'GET /api/shared/:token/applicant/activity-feed',
  'GET /api/shared/:token/applicant/activity-feed/categories',
  'GET /api/shared/:token/applicant/activity-feed/attachments/:attachment_id',
  'POST /api/shared/:token/applicant/activity-feed',
  'GET /api/shared/:token/application/activity-feed',
  'GET /api/shared/:token/application/activity-feed/categories',
  'GET /api/shared/:token/application/activity-feed/attachments/:attachment_id',
  'POST /api/shared/:token/application/activity-feed',
  'DELETE /api/shared/:token/delete-comment',
  // The live hub (issue 13): its own tokens authorise, never the session. Walked without a topic,
  // a subscription answers 400 at once instead of opening a stream (test/mercure-*.test.ts).
  'GET /.well-known/mercure',
  'POST /.well-known/mercure',
  'GET /.well-known/oauth-protected-resource/.well-known/mercure',
  // SMS provider webhooks (issue 14): Twilio's signature authorises them.
  'POST /api/webhooks/sms/twilio/status',
  'POST /api/webhooks/sms/twilio/inbound',
  // The public career site (issue 37 part 2): pages, sitemap, feed and its pictures.
  'GET /careers/:slug',
  'GET /careers/:slug/offers/:offer',
  // Applying (part 3): the form's POST and the confirmation page.
  'POST /careers/:slug/offers/:offer',
  'GET /careers/:slug/offers/:offer/applied',
  'GET /careers/:slug/privacy',
  'GET /careers/:slug/sitemap.xml',
  'GET /careers/:slug/feed.xml',
  'GET /careers/:slug/logo',
  'GET /careers/:slug/images/:id',
  // The talent community (issue 37 part 4): the join form, and the member's page by its token.
  'GET /careers/:slug/community',
  'POST /careers/:slug/community',
  'GET /careers/:slug/community/member/:token',
  // The List-Unsubscribe address of a mailing to members (issue 38): GET shows the member's page.
  'GET /careers/:slug/community/member/:token/unsubscribe',
  'POST /careers/:slug/community/member/:token/unsubscribe',
  'POST /careers/:slug/community/member/:token/erase',
  // The planner (issue 39): the booking page's calls by the link's token, and a user's ICS feed
  // by its secret.
  'GET /api/booking/:token',
  'GET /api/booking/:token/slots',
  'POST /api/booking/:token',
  'PUT /api/booking/:token',
  'DELETE /api/booking/:token',
  'GET /api/planner/feed/:file',
];

/** The SMS routes refuse a company without the SMS feature (the staff's own) before any look-up. */
const NO_SMS_FEATURE =
  "403: the staff's company has no SMS feature, refused before anything is read (test/sms.test.ts)";

/**
 * Acting as someone (issue 16 item 3): open to every signed-in user (`*`) but refused (403) unless
 * the real person is a super or partner administrator; a switch replaces the caller's session and
 * the lists name every company or the partner's, Valmont included: test/acting-as.test.ts covers
 * each route and actor instead.
 */
const ACTING_AS_EXCEPTIONS = Object.fromEntries(
  [
    'PUT /api/superadmin/change_company',
    'PUT /api/superadmin/change_user',
    'POST /api/superadmin/reset',
    'POST /api/superadmin/reset-user',
    'GET /api/superadmin/current_company',
    'GET /api/superadmin/current_user',
    'GET /api/superadmin/companies',
    'GET /api/superadmin/users',
    'PUT /api/partner/change-company',
    'PUT /api/partner/change-role',
    'PUT /api/partner/change-user',
    'POST /api/partner/reset',
    'POST /api/partner/reset-user',
    'GET /api/partner/current-company',
    'GET /api/partner/current-role',
    'GET /api/partner/current-user',
    'GET /api/partner/companies',
    'GET /api/partner/roles',
    'GET /api/partner/users',
  ].map((key) => [
    key,
    {
      actors: [
        'nobody',
        'other',
        'partner',
        'superadmin',
        'admin',
        'acting-other',
        'acting',
      ] as Actor[],
      why: 'acting as someone: 403 unless a super or partner administrator; a switch would end the walk’s acting session (test/acting-as.test.ts)',
    },
  ]),
);

/**
 * The product staff's approval of SSO domains (issue 33): `user.super_admin` alone, which no
 * company's role holds and acting as never keeps, so 403 for everybody else; the list names every
 * company's pending claims (test/sso-domains.test.ts covers each actor).
 */
const SSO_DOMAIN_APPROVAL_EXCEPTIONS = Object.fromEntries(
  [
    'GET /api/superadmin/sso_domains',
    'POST /api/superadmin/sso_domains/approve',
    'POST /api/superadmin/sso_domains/reject',
  ].map((key) => [
    key,
    {
      actors: ['other', 'acting-other', 'admin', 'acting'] as Actor[],
      why: 'super administrators only (not while acting as): 403 for a company’s administrators (test/sso-domains.test.ts)',
    },
  ]),
);

/**
 * The news popup's config page (issue 38 part 5): `user.super_admin` alone, as the SSO domains'
 * approval: 403 for a company's administrators and while acting as (test/news.test.ts).
 */
const NEWS_STAFF_EXCEPTIONS = Object.fromEntries(
  [
    'GET /api/superadmin/news',
    'GET /api/superadmin/news/countries',
    'GET /api/superadmin/news/:id',
    'POST /api/superadmin/news',
    'PUT /api/superadmin/news/:id',
  ].map((key) => [
    key,
    {
      actors: ['other', 'acting-other', 'admin', 'acting'] as Actor[],
      why: 'super administrators only (not while acting as): 403 for a company’s administrators (test/news.test.ts)',
    },
  ]),
);
NEWS_STAFF_EXCEPTIONS['DELETE /api/superadmin/news/:id'] = {
  actors: ['other', 'acting-other', 'admin', 'acting', 'superadmin'],
  why: 'super administrators only, as the other news routes; the staff’s own walk keeps the fixture item that later walks dismiss (test/news.test.ts deletes)',
};

/**
 * A credential (password, second factor, the account's other sessions) changes only in its
 * owner's own session (issue 33 item 4): 403 `not_while_acting_as` to every acting session before
 * anything is read (test/acting-as-credentials.test.ts covers each route).
 */
const CREDENTIAL_EXCEPTIONS = Object.fromEntries(
  [
    'POST /api/user_profile/change_password',
    'POST /api/user_profile/invalidate_sessions',
    'POST /api/user_profile/two-factor/setup',
    'POST /api/user_profile/two-factor/confirm',
    'POST /api/user_profile/two-factor/disable',
  ].map((key) => [
    key,
    {
      actors: ['acting-other', 'acting'] as Actor[],
      why: 'not while acting as: 403 not_while_acting_as (test/acting-as-credentials.test.ts)',
    },
  ]),
);

/** Routes a rule cannot hold for, and why. */
const EXCEPTIONS: Record<string, { actors: Actor[]; why: string }> = {
  ...ACTING_AS_EXCEPTIONS,
  ...SSO_DOMAIN_APPROVAL_EXCEPTIONS,
  ...NEWS_STAFF_EXCEPTIONS,
  ...CREDENTIAL_EXCEPTIONS,
  'GET /api/config/joboffers/offer-parameters': {
    actors: ['other', 'partner', 'superadmin', 'acting-other'],
    why: '403 without the NonDiscrimination feature, which only Valmont has (test/company-settings.test.ts)',
  },
  'PUT /api/config/account-infos/subscription': {
    actors: ['admin'],
    why: 'only a super administrator changes a plan: 403 for a company administrator (test/company-settings.test.ts)',
  },
  'GET /api/notifications/:id/target': {
    actors: ['manager-inside'],
    why: "the fixtures' notification is admin@demo.test's own: another user's answers 404 (test/mention-reach.test.ts)",
  },
  'GET /api/projects/all/offers/bulk-operations/:id': {
    actors: ['manager-inside'],
    why: "the fixtures' bulk operation is admin@demo.test's own: another user's answers 404 (test/select-all-offers.test.ts)",
  },
  'GET /api/applicants/bulk-operations/:id': {
    actors: ['manager-inside'],
    why: "the fixtures' bulk operation is admin@demo.test's own: another user's answers 404 (test/cv-bundle-job.test.ts)",
  },
  'GET /api/applicants/bulk-operations/:id/file': {
    actors: ['manager-inside'],
    why: "the fixtures' bulk operation is admin@demo.test's own: another user's answers 404 (test/cv-bundle-job.test.ts)",
  },
  'GET /api/recruitment-lists/bulk-operations/:id': {
    actors: ['manager-inside'],
    why: "the fixtures' list operation is admin@demo.test's own: another user's answers 404 (test/select-all-applicants.test.ts)",
  },
  'GET /api/applications/duplicate-operations/:id': {
    actors: ['manager-inside'],
    why: "the fixtures' copy operation is admin@demo.test's own: another user's answers 404 (test/select-all-applicants.test.ts)",
  },
  'POST /api/two-factor-challenge': {
    actors: ['anonymous'],
    why: 'answers 401 unless a sign-in waits for its second factor (test/auth.test.ts covers it)',
  },
  'POST /api/webhooks/sms/twilio/status': {
    actors: ['anonymous'],
    why: 'answers 403 without a valid X-Twilio-Signature, 404 unless SMS_PROVIDER=twilio (test/sms-twilio.test.ts)',
  },
  'POST /api/webhooks/sms/twilio/inbound': {
    actors: ['anonymous'],
    why: 'answers 403 without a valid X-Twilio-Signature, 404 unless SMS_PROVIDER=twilio (test/sms-twilio.test.ts)',
  },
  'GET /api/sms/get-active-conversations': {
    actors: ['superadmin'],
    why: NO_SMS_FEATURE,
  },
  'GET /api/sms/conversations': {
    actors: ['superadmin'],
    why: NO_SMS_FEATURE,
  },
  'GET /api/dev/sms/outbox': {
    actors: ['superadmin'],
    why: NO_SMS_FEATURE,
  },
  'POST /api/dev/sms/outbox/:id/receipt': {
    actors: ['superadmin'],
    why: NO_SMS_FEATURE,
  },
  'POST /api/dev/sms/outbox/:id/reply': {
    actors: ['superadmin'],
    why: NO_SMS_FEATURE,
  },
  'GET /api/config/sms': {
    actors: ['superadmin'],
    why: NO_SMS_FEATURE,
  },
  'PUT /api/config/sms': {
    actors: ['superadmin'],
    why: NO_SMS_FEATURE,
  },
  'GET /careers/:slug/privacy': {
    actors: ['anonymous'],
    why: 'no privacy notice until the company saves its career site (none in the seed): 404 (test/career-site-public.test.ts)',
  },
  'GET /careers/:slug/logo': {
    actors: ['anonymous'],
    why: 'Valmont has no logo in the seed: 404 (test/career-site-public.test.ts)',
  },
  'GET /careers/:slug/images/:id': {
    actors: ['anonymous'],
    why: 'only the cover and published offers’ images are public; 404 for the others of the bank (test/career-site-public.test.ts)',
  },
  'POST /.well-known/mercure': {
    actors: ['anonymous'],
    why: 'publishing needs a publisher JWT, not a session: 401 without one (test/mercure-publish.test.ts)',
  },
};

/** Each id of Valmont replaced by one that exists nowhere (distinct, within the id range). */
function ghostIds(ids: ObjectIds): ObjectIds {
  const ghost = { ...ids };
  (Object.keys(ghost) as (keyof ObjectIds)[]).forEach((key, i) => {
    ghost[key] = MAX_ID - 10 - i;
  });
  return ghost;
}

/** Status, code and error fields: what tells an answer apart, without the ids it echoes. */
function shape(res: LightMyRequestResponse): string {
  let json: { code?: string; errors?: Record<string, string[]>; failed?: unknown[] } = {};
  try {
    json = res.json();
  } catch {
    // not JSON
  }
  return JSON.stringify({
    status: res.statusCode,
    code: json?.code,
    errors: json?.errors,
    failed: Array.isArray(json?.failed) ? json.failed.length : undefined,
  });
}

/** Whether `text` appears in `body` as a whole (superadmin@demo.test does not hold admin@demo.test). */
function holds(body: string, text: string): boolean {
  const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\w.%+-])${escaped}(?![\\w-])`, 'u').test(body);
}

const brief = (res: LightMyRequestResponse) =>
  `${res.statusCode} ${res.body.slice(0, 160).replace(/\s+/g, ' ')}`;

describe.each(testDatabases())('route × actor matrix on $dialect', (testDb) => {
  let ctx: TestContext;
  let fixtures: Fixtures;
  let routes: DeclaredRoute[];
  let tables: string[];
  const cookies: Partial<Record<Actor, string>> = {};
  const me: Partial<Record<Actor, SampleContext['me']>> = {};

  beforeAll(async () => {
    ctx = await startTestApp(testDb);
    fixtures = await loadFixtures(ctx);
    routes = walkedRoutes(ctx.app.declaredRoutes);
    tables = await companyTables(ctx.database);
    cookies.nobody = await createUserWithoutPermissions(ctx, fixtures.valmont);
    for (const { actor, email, actsAsMairie } of OUTSIDERS)
      cookies[actor] = actsAsMairie
        ? await actingAs(ctx, email, fixtures.mairie)
        : await signIn(ctx.app, email);
    cookies.manager = await signIn(ctx.app, 'manager@demo.test');
    cookies['manager-inside'] = cookies.manager;
    cookies.admin = await signIn(ctx.app, 'admin@demo.test');
    for (const actor of Object.keys(cookies) as Actor[]) {
      const res = await ctx.app.inject({ url: '/api/me', headers: { cookie: cookies[actor]! } });
      me[actor] = res.json();
    }
  }, 60_000);
  afterAll(() => ctx.close());

  /** The sample request of a route for an actor, and which Valmont ids its body names. */
  const sampleFor = (route: DeclaredRoute, actor: Actor, ids: ObjectIds) => {
    const tracked = trackingIds(ids);
    const make = SAMPLE_REQUESTS[routeKey(route)];
    const sample: SampleRequest = make
      ? make({ ids: tracked.ids, fixtures, me: me[actor] ?? me.admin! })
      : {};
    return { sample, bodyIds: tracked.read };
  };

  const call = (route: DeclaredRoute, actor: Actor, ids: ObjectIds, sample: SampleRequest) =>
    callRoute(ctx, route, fillPath(route.url, ids, fixtures), sample, cookies[actor]);

  const excepted = (route: DeclaredRoute, actor: Actor) =>
    EXCEPTIONS[routeKey(route)]?.actors.includes(actor) ?? false;

  it('knows what every path parameter names, and every exception is a declared route', () => {
    expect(routes.length).toBeGreaterThan(90);
    for (const route of routes) expect(() => pathResources(route.url)).not.toThrow();
    const keys = new Set(routes.map(routeKey));
    expect(Object.keys(EXCEPTIONS).filter((k) => !keys.has(k))).toEqual([]);
    expect(Object.keys(SAMPLE_REQUESTS).filter((k) => !keys.has(k))).toEqual([]);
    for (const route of routes) expect(route.access, routeKey(route)).toBeDefined();
  });

  it('opens only the listed routes to anonymous callers; projects and offers need a permission', () => {
    const open = routes.filter((r) => r.access === 'public').map(routeKey);
    expect(open.sort()).toEqual([...PUBLIC_ROUTES].sort());
    // Who sees which project or offer is the permission's business: never `*` (DESIGN section 9).
    const everybody = routes
      .filter((r) => /^\/api\/(projects|offer\/)/.test(r.url) && r.access === '*')
      .map(routeKey);
    expect(everybody).toEqual([]);
  });

  it('answers each signed-in user with their own company only', async () => {
    const companyOf = async (actor: Actor) =>
      (await ctx.app.inject({ url: '/api/me', headers: { cookie: cookies[actor]! } })).json() as {
        company_id: number;
        features: string[];
      };
    expect((await companyOf('admin')).company_id).toBe(fixtures.valmont);
    expect((await companyOf('nobody')).company_id).toBe(fixtures.valmont);
    expect(await companyOf('other')).toMatchObject({
      company_id: fixtures.mairie,
      features: ['SMS'],
    });
    expect((await companyOf('acting-other')).company_id).toBe(fixtures.mairie);
    for (const actor of ['partner', 'superadmin'] as const) {
      const { company_id } = await companyOf(actor);
      expect([fixtures.valmont, fixtures.mairie]).not.toContain(company_id);
    }
  });

  it('anonymous: 401 on every route but the public ones, which answer', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      if (excepted(route, 'anonymous')) continue;
      const { sample } = sampleFor(route, 'anonymous', fixtures.outside);
      const res = await call(route, 'anonymous', fixtures.outside, sample);
      const ok =
        route.access === 'public'
          ? ![401, 403, 404].includes(res.statusCode) && res.statusCode < 500
          : res.statusCode === 401;
      if (!ok)
        failures.push(
          `${routeKey(route)} (${route.access}): expected ${route.access === 'public' ? 'an answer' : 401}, got ${brief(res)}`,
        );
    }
    expect(failures).toEqual([]);
  });

  it('a user without permissions: 403 on every permission route; * routes answer', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      if (route.access === 'public' || excepted(route, 'nobody')) continue;
      const { sample } = sampleFor(route, 'nobody', fixtures.outside);
      const res = await call(route, 'nobody', fixtures.outside, sample);
      const ok =
        route.access === '*'
          ? ![401, 403].includes(res.statusCode) && res.statusCode < 500
          : res.statusCode === 403;
      if (!ok)
        failures.push(
          `${routeKey(route)} (${route.access}): expected ${route.access === '*' ? 'an answer' : 403}, got ${brief(res)}`,
        );
    }
    expect(failures).toEqual([]);
  });

  it.each(OUTSIDERS)(
    '$email ($actor): Valmont objects are not found, lists hold none, nothing changes',
    async ({ actor, email, mayLack, actsAsMairie }) => {
      // The staff's own walk above closed its other sessions (invalidate_sessions): act afresh.
      if (actsAsMairie) cookies[actor] = await actingAs(ctx, email, fixtures.mairie);
      const texts = await companyOnlyTexts(ctx.database, fixtures.valmont, fixtures.mairie);
      expect(texts.length).toBeGreaterThan(20);
      const before = await companyDigest(ctx.database, fixtures.valmont, tables);
      const failures: string[] = [];
      for (const route of routes) {
        if (route.access === 'public' || excepted(route, actor)) continue;
        const key = routeKey(route);
        // A search text, a board of the global catalogue or a staff's news item in the path names
        // no object of a company: such a route answers with the caller's own.
        const inPath = pathResources(route.url).some(
          (r) => r !== 'search' && r !== 'jobBoard' && r !== 'newsItem',
        );
        const { sample, bodyIds } = sampleFor(route, actor, fixtures.outside);
        const res = await call(route, actor, fixtures.outside, sample);
        if (res.statusCode >= 500) {
          failures.push(`${key}: got ${brief(res)}`);
        } else if (mayLack && route.access !== '*' && res.statusCode === 403) {
          // The role lacks the permission: refused before anything is looked up.
        } else if (inPath) {
          if (res.statusCode !== 404) failures.push(`${key}: expected 404, got ${brief(res)}`);
        } else if (bodyIds.size > 0) {
          const ghost = sampleFor(route, actor, ghostIds(fixtures.outside)).sample;
          const missing = await call(route, actor, fixtures.outside, ghost);
          if (shape(res) !== shape(missing))
            failures.push(
              `${key}: names Valmont's ${[...bodyIds].join(', ')} in its body; expected the answer for ids that exist nowhere (${brief(missing)}), got ${brief(res)}`,
            );
        } else {
          if ([401, 403].includes(res.statusCode))
            failures.push(`${key}: expected an answer, got ${brief(res)}`);
          const type = String(res.headers['content-type'] ?? '');
          if (/json|text|csv/.test(type)) {
            const leaked = texts.filter((t) => holds(res.body, t));
            if (leaked.length)
              failures.push(`${key}: the answer holds Valmont's ${leaked.slice(0, 5).join(', ')}`);
          }
        }
      }
      const after = await companyDigest(ctx.database, fixtures.valmont, tables);
      expect(failures).toEqual([]);
      expect(after).toEqual(before);
    },
  );

  it('the manager: objects outside their scope are refused or not found, nothing changes', async () => {
    const before = await companyDigest(ctx.database, fixtures.valmont, tables);
    const failures: string[] = [];
    let checked = 0;
    for (const route of routes) {
      if (route.access === 'public' || excepted(route, 'manager')) continue;
      const key = routeKey(route);
      const inPath = pathResources(route.url).some((r) =>
        (SCOPED_IDS as readonly string[]).includes(r),
      );
      const { sample, bodyIds } = sampleFor(route, 'manager', fixtures.outside);
      const inBody = [...bodyIds].some((k) => SCOPED_IDS.includes(k));
      if (!inPath && !inBody) continue;
      checked++;
      const res = await call(route, 'manager', fixtures.outside, sample);
      if (inPath) {
        if (![403, 404].includes(res.statusCode))
          failures.push(`${key} (${route.access}): expected 403 or 404, got ${brief(res)}`);
      } else if (res.statusCode !== 403) {
        const ghost = sampleFor(route, 'manager', ghostIds(fixtures.outside)).sample;
        const missing = await call(route, 'manager', fixtures.outside, ghost);
        if (shape(res) !== shape(missing))
          failures.push(
            `${key} (${route.access}): names ${[...bodyIds].join(', ')} outside the scope in its body; expected 403 or the answer for ids that exist nowhere (${brief(missing)}), got ${brief(res)}`,
          );
      }
    }
    const after = await companyDigest(ctx.database, fixtures.valmont, tables);
    expect(checked).toBeGreaterThan(40);
    expect(failures).toEqual([]);
    expect(after).toEqual(before);
  });

  it('the manager: objects inside their scope answer every read they may make', async () => {
    const held = new Set<string>(
      (
        await ctx.app.inject({ url: '/api/permissions/me', headers: { cookie: cookies.manager! } })
      ).json(),
    );
    const failures: string[] = [];
    for (const route of routes) {
      if (route.method !== 'GET' || route.access === 'public' || excepted(route, 'manager-inside'))
        continue;
      if (route.access !== '*' && !held.has(route.access!)) continue;
      if (pathResources(route.url).length === 0) continue;
      const { sample } = sampleFor(route, 'manager-inside', fixtures.inside);
      const res = await call(route, 'manager-inside', fixtures.inside, sample);
      if ([401, 403, 404].includes(res.statusCode) || res.statusCode >= 500)
        failures.push(`${routeKey(route)}: expected an answer, got ${brief(res)}`);
    }
    expect(failures).toEqual([]);
  });

  it('admin of Valmont: every route answers with these ids', async () => {
    // Deleting and moving change what later routes find: they go last.
    const last = (r: DeclaredRoute) => (r.method === 'DELETE' || /\/move$/.test(r.url) ? 1 : 0);
    const ordered = [...routes].sort((a, b) => last(a) - last(b));
    const before = await companyDigest(ctx.database, fixtures.valmont, tables);
    const failures: string[] = [];
    for (const route of ordered) {
      if (route.access === 'public' || excepted(route, 'admin')) continue;
      const { sample } = sampleFor(route, 'admin', fixtures.outside);
      const res = await call(route, 'admin', fixtures.outside, sample);
      if ([401, 403, 404].includes(res.statusCode) || res.statusCode >= 500)
        failures.push(`${routeKey(route)}: expected an answer, got ${brief(res)}`);
    }
    expect(failures).toEqual([]);
    // The digest sees writes: the same walk by someone who may changes Valmont.
    expect(await companyDigest(ctx.database, fixtures.valmont, tables)).not.toEqual(before);
  });
});

/**
 * A super administrator acting as Valmont (DESIGN section 7's "super admin acting as a company"):
 * Valmont's root role's permissions in Valmont. On a database of its own, so that its writes and
 * deletions do not meet the walk above: every read answers with the status Valmont's administrator
 * gets (read first, before any write), then every route answers (deletions and moves last).
 */
/**
 * Acting as a company, the person is still the super administrator, not Valmont's administrator:
 * what belongs to admin@demo.test alone (their notifications, their private recruitment list) is
 * not theirs (404). Their profile stays their own, in their own company (test/acting-as.test.ts).
 */
const ACTING_NOT_THEIRS = [
  'GET /api/notifications/:id/target',
  'POST /api/notifications/read/:id',
  'POST /api/notifications/unread/:id',
  'DELETE /api/notifications/:id',
  'GET /api/recruitment-lists/:id',
  'GET /api/recruitment-lists/:id/applicants',
  'PUT /api/recruitment-lists',
  'POST /api/recruitment-lists/:id/applicants',
  'DELETE /api/recruitment-lists/:id/applicants',
  'DELETE /api/recruitment-lists/:id',
  // Adding a community member to admin@demo.test's private list (issue 37 part 4).
  'POST /api/community/members/:id/recruitment-list',
  // admin@demo.test's own bulk status change (issue 42 part 2): only its user reads it.
  'GET /api/applications/bulk-operations/:id',
  // The same operation read from the offers' side (issue 42 part 2, select all offers).
  'GET /api/projects/all/offers/bulk-operations/:id',
  // The same operation read from the applicants' side, and its file (a CV bundle's, issue 42).
  'GET /api/applicants/bulk-operations/:id',
  'GET /api/applicants/bulk-operations/:id/file',
  // admin@demo.test's own addition to a list and copy to an offer (issue 42 part 2).
  'GET /api/recruitment-lists/bulk-operations/:id',
  'GET /api/applications/duplicate-operations/:id',
];

describe.each(testDatabases())(
  'a super administrator acting as a company on $dialect',
  (testDb) => {
    let ctx: TestContext;
    let fixtures: Fixtures;
    let routes: DeclaredRoute[];
    let tables: string[];
    const cookies: Partial<Record<'admin' | 'acting', string>> = {};
    const me: Partial<Record<'admin' | 'acting', SampleContext['me']>> = {};

    beforeAll(async () => {
      ctx = await startTestApp(testDb);
      fixtures = await loadFixtures(ctx);
      routes = walkedRoutes(ctx.app.declaredRoutes);
      tables = await companyTables(ctx.database);
      cookies.admin = await signIn(ctx.app, 'admin@demo.test');
      cookies.acting = await actingAs(ctx, 'superadmin@demo.test', fixtures.valmont);
      for (const actor of ['admin', 'acting'] as const) {
        const res = await ctx.app.inject({ url: '/api/me', headers: { cookie: cookies[actor]! } });
        me[actor] = res.json();
      }
    }, 60_000);
    afterAll(() => ctx.close());

    const excepted = (route: DeclaredRoute) =>
      (EXCEPTIONS[routeKey(route)]?.actors.includes('acting') ?? false) ||
      ACTING_NOT_THEIRS.includes(routeKey(route));

    it('names only declared routes among its exceptions', () => {
      const keys = new Set(routes.map(routeKey));
      expect(ACTING_NOT_THEIRS.filter((k) => !keys.has(k))).toEqual([]);
    });
    const call = (route: DeclaredRoute, actor: 'admin' | 'acting') => {
      const make = SAMPLE_REQUESTS[routeKey(route)];
      const ids = trackingIds(fixtures.outside).ids;
      const sample: SampleRequest = make ? make({ ids, fixtures, me: me[actor]! }) : {};
      return callRoute(ctx, route, fillPath(route.url, ids, fixtures), sample, cookies[actor]);
    };

    it('holds exactly the permissions of Valmont’s root role, in Valmont', async () => {
      const permissions = async (actor: 'admin' | 'acting') =>
        (
          await ctx.app.inject({ url: '/api/permissions/me', headers: { cookie: cookies[actor]! } })
        ).json<string[]>();
      expect(me.acting).toMatchObject({ company_id: fixtures.valmont });
      expect((await permissions('acting')).sort()).toEqual((await permissions('admin')).sort());
    });

    it('every read answers as it does for Valmont’s administrator', async () => {
      const failures: string[] = [];
      let checked = 0;
      for (const route of routes) {
        if (route.method !== 'GET' || route.access === 'public' || excepted(route)) continue;
        checked++;
        const [admin, acting] = [await call(route, 'admin'), await call(route, 'acting')];
        if ([401, 403, 404].includes(acting.statusCode) || acting.statusCode >= 500)
          failures.push(`${routeKey(route)}: expected an answer, got ${brief(acting)}`);
        else if (shape(acting) !== shape(admin))
          failures.push(
            `${routeKey(route)}: expected the administrator's ${brief(admin)}, got ${brief(acting)}`,
          );
      }
      expect(checked).toBeGreaterThan(60);
      expect(failures).toEqual([]);
    });

    it('every route answers with these ids, writes included', async () => {
      const last = (r: DeclaredRoute) => (r.method === 'DELETE' || /\/move$/.test(r.url) ? 1 : 0);
      const ordered = [...routes].sort((a, b) => last(a) - last(b));
      const before = await companyDigest(ctx.database, fixtures.valmont, tables);
      const failures: string[] = [];
      for (const route of ordered) {
        if (route.access === 'public' || excepted(route)) continue;
        const res = await call(route, 'acting');
        if ([401, 403, 404].includes(res.statusCode) || res.statusCode >= 500)
          failures.push(`${routeKey(route)}: expected an answer, got ${brief(res)}`);
      }
      expect(failures).toEqual([]);
      expect(await companyDigest(ctx.database, fixtures.valmont, tables)).not.toEqual(before);
    });
  },
);
