import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ZFeedCommentRequest } from '@embauche/contracts/activity-feed';
import { ZManualApplicant } from '@embauche/contracts/applicants';
import { ZIdParam } from '@embauche/contracts/ids';
import { ZPersonalInfosRequest } from '@embauche/contracts/profile';
import type { DeclaredRoute } from '../../src/platform/auth/access.ts';
import {
  badValue,
  describeSchema,
  edgeValues,
  fieldPaths,
  LIST_KEYS,
  malformedJsonBodies,
  malformedMultipartBodies,
  PARAM_BAD,
  prng,
  QUERY_BAD,
  urlEncode,
  withField,
  type Node,
} from './fuzz-inputs.ts';
import { multipart } from './multipart.ts';
import {
  fillPath,
  loadFixtures,
  routeKey,
  SAMPLE_REQUESTS,
  walkedRoutes,
  type Fixtures,
  type SampleRequest,
} from './route-fixtures.ts';
import { signIn, startTestApp, type TestContext } from './test-app.ts';
import { testDatabases } from './test-databases.ts';
import type { Dialect } from '../../src/platform/db/database.ts';

/**
 * Fuzz test (issue 9 item 6): every declared /api route gets bad inputs derived from its zod
 * schemas (path, query, body), malformed JSON and multipart bodies, and `page=99999999999999999999`,
 * as admin@demo.test (every permission) with real Groupe Valmont ids elsewhere so that the input
 * reaches deep; public routes anonymously. No answer may be a 5xx. Seeded: the same requests every run.
 */

const SEED = 0x9e3779b9;
/** Random query and body mutations per route (path parameters get every PARAM_BAD value). */
const QUERY_MUTATIONS = 10;
const BODY_MUTATIONS = 16;

/** Routes that parse their body in the handler (multipart or JSON): the schema they parse with. */
const HANDLER_BODIES: Record<string, z.ZodType> = {
  'POST /api/user_profile/personal_infos': ZPersonalInfosRequest,
  'POST /api/projects/:project_id/offers/:offer_id/manual': ZManualApplicant,
  'POST /api/applicants/manual': ZManualApplicant,
  'PUT /api/applicants/manual/:id': ZManualApplicant,
  'POST /api/documents-upload/:token': z.object({ document_type_id: ZIdParam, file: z.string() }),
  'POST /api/activity-feed': ZFeedCommentRequest,
  'POST /api/shared/:token/applicant/activity-feed': ZFeedCommentRequest.extend({
    name: z.string(),
  }),
  'POST /api/shared/:token/application/activity-feed': ZFeedCommentRequest.extend({
    name: z.string(),
  }),
};

/** The routes that read a multipart body (readMultipart / readManualPayload). */
const MULTIPART_ROUTES = [
  'POST /api/user_profile/personal_infos',
  'POST /api/projects/:project_id/offers/:offer_id/manual',
  'POST /api/applicants/manual',
  'PUT /api/applicants/manual/:id',
  'POST /api/documents-upload/:token',
  'POST /api/activity-feed',
  'POST /api/shared/:token/applicant/activity-feed',
  'POST /api/shared/:token/application/activity-feed',
];

type Attempt = {
  method: string;
  url: string;
  headers?: Record<string, string>;
  payload?: string | Buffer;
  /** What was sent, for the failure message. */
  what: string;
  /** Another client address (guessed tokens are limited per address). */
  remoteAddress?: string;
};

const short = (text: string, max = 300) =>
  text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;

/** A mutated body as multipart fields: arrays as repeated `name[]`, objects as JSON text. */
function asMultipart(body: unknown) {
  const fields: Record<string, string | string[]> = {};
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    for (const [key, value] of Object.entries(body)) {
      if (Array.isArray(value))
        fields[key] = value.map((v) => (typeof v === 'string' ? v : JSON.stringify(v)));
      else fields[key] = typeof value === 'string' ? value : JSON.stringify(value);
    }
  }
  return multipart(fields);
}

/**
 * The fuzz suite on one database. Each database has its own test file (fuzz-sqlite, fuzz-postgres)
 * so that the two walks, the longest of the server suite, run side by side on the two workers.
 */
export function describeFuzz(dialect: Dialect): void {
  const databases = testDatabases().filter((db) => db.dialect === dialect);
  // PostgreSQL is tested only when TEST_DATABASE_URL is set (as in every other server file).
  if (!databases.length) {
    describe.skip(`fuzz on ${dialect} (not configured)`, () =>
      it('answers no bad input with a 5xx'));
    return;
  }
  describe.each(databases)('fuzz on $dialect', (testDb) => {
    let ctx: TestContext;
    let fixtures: Fixtures;
    let admin: string;

    beforeAll(async () => {
      ctx = await startTestApp(testDb);
      fixtures = await loadFixtures(ctx);
      admin = await signIn(ctx.app, 'admin@demo.test');
    }, 60_000);
    afterAll(() => ctx.close());

    it('answers out-of-range numbers with 422 and a code, malformed bodies with 400', async () => {
      const { project, offer, application } = fixtures.outside;
      const as = (method: 'GET' | 'PUT' | 'POST', url: string, extra: object = {}) =>
        ctx.app.inject({ method, url, headers: { cookie: admin }, ...extra });
      const huge = 'page=99999999999999999999';
      for (const url of [
        `/api/projects/${project}/offers?${huge}`,
        `/api/projects/${project}/offers/${offer}/applications?${huge}`,
        `/api/treatment/applications?${huge}`,
        `/api/treatment/spontaneous?${huge}`,
        `/api/applicants?${huge}`,
        `/api/dashboard/offers/latest?${huge}`,
      ]) {
        const res = await as('GET', url);
        expect({ url, status: res.statusCode, errors: res.json().errors }).toEqual({
          url,
          status: 422,
          errors: { page: ['max_value:100000'] },
        });
      }
      const bigId = await as('GET', `/api/applications/${2 ** 31}`);
      expect([bigId.statusCode, bigId.json().errors]).toEqual([422, { id: ['invalid'] }]);
      // A list of ids in the query: each one in range too (PostgreSQL answered 500, found by the fuzz).
      const bigListed = await as('GET', `/api/offer-statuses?offer_ids=1,${2 ** 31}`);
      expect([bigListed.statusCode, bigListed.json().errors]).toEqual([
        422,
        { offer_ids: ['invalid'] },
      ]);
      const bigBodyId = await as(
        'PUT',
        `/api/projects/${project}/offers/${offer}/applications/statuses`,
        { payload: { application_id: application, status_id: 2 ** 31 } },
      );
      expect([bigBodyId.statusCode, bigBodyId.json().errors]).toEqual([
        422,
        { status_id: ['invalid'] },
      ]);
      const salary = await as('PUT', `/api/projects/${project}/offers/${offer}`, {
        payload: { salary_max: 1e20 },
      });
      expect([salary.statusCode, salary.json().errors]).toEqual([
        422,
        { salary_max: ['max_value:10000000'] },
      ]);
      const nul = await as('PUT', `/api/projects/${project}/offers/${offer}`, {
        payload: { location: 'Lyon\u0000' },
      });
      expect([nul.statusCode, nul.json().errors]).toEqual([422, { location: ['invalid'] }]);
      const noBoundary = await as('POST', '/api/applicants/manual', {
        headers: { cookie: admin, 'content-type': 'multipart/form-data' },
        payload: 'firstname=x',
      });
      expect([noBoundary.statusCode, noBoundary.json().code]).toEqual([400, 'invalid_multipart']);
      const json = await as('POST', '/api/applicants/manual', {
        headers: { cookie: admin, 'content-type': 'application/json' },
        payload: '{"firstname":',
      });
      expect([json.statusCode, json.json().code]).toEqual([400, 'invalid_json']);
    });

    it('answers no bad input with a 5xx', { timeout: 600_000 }, async () => {
      const rng = prng(SEED);
      const routes = walkedRoutes(ctx.app.declaredRoutes);
      const me = { email: 'admin@demo.test', firstname: 'Camille', lastname: 'Durand' };
      const failures: string[] = [];
      let sent = 0;
      const statuses: Record<number, number> = {};
      const multipartAnswers: Record<string, Record<string, LightMyRequestResponse>> = {};

      const send = async (route: DeclaredRoute, attempt: Attempt) => {
        const cookie = route.access === 'public' ? undefined : admin;
        const res = await ctx.app.inject({
          method: attempt.method as 'GET',
          url: attempt.url,
          headers: { ...(cookie ? { cookie } : {}), ...attempt.headers },
          ...(attempt.payload !== undefined ? { payload: attempt.payload } : {}),
          ...(attempt.remoteAddress ? { remoteAddress: attempt.remoteAddress } : {}),
        });
        sent++;
        statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
        // A lost session would turn the rest of the walk into 401s that test nothing.
        if (cookie && res.statusCode === 401)
          failures.push(
            `${attempt.method} ${short(attempt.url, 200)} ${attempt.what} → 401: the session is lost`,
          );
        if (res.statusCode >= 500) {
          failures.push(
            `${attempt.method} ${short(attempt.url, 200)} ${attempt.what} → ${res.statusCode} ${short(res.body, 200)}`,
          );
        }
        return res;
      };

      // FUZZ_PROFILE=1 prints the routes that took longest (docs/testing.md).
      const took: [string, number, number][] = [];
      for (const route of routes) {
        const started = performance.now();
        const before = sent;
        await fuzzRoute(route);
        took.push([routeKey(route), performance.now() - started, sent - before]);
        if (process.env.FUZZ_PROFILE)
          process.stderr.write(`${Math.round(took.at(-1)![1])} ms ${routeKey(route)}\n`);
      }
      if (process.env.FUZZ_PROFILE)
        console.info(
          took
            .sort((a, b) => b[1] - a[1])
            .slice(0, 40)
            .map(([key, ms, n]) => `${Math.round(ms)} ms ${n} req ${key}`)
            .join('\n'),
        );

      async function fuzzRoute(route: DeclaredRoute) {
        const key = routeKey(route);
        const make = SAMPLE_REQUESTS[key];
        const sample: SampleRequest = make ? make({ ids: fixtures.outside, fixtures, me }) : {};
        const url = fillPath(route.url, fixtures.outside, fixtures);
        const hasBody = route.method === 'POST' || route.method === 'PUT';
        const json = (body: unknown) =>
          body === undefined && !hasBody
            ? {}
            : {
                headers: { 'content-type': 'application/json' },
                payload: JSON.stringify(body ?? {}),
              };
        const sampleBody = () => (sample.multipart ? {} : json(sample.body));
        const query = (extra: [string, string][]) => {
          const pairs = [
            ...Object.entries(sample.query ?? {}).map(
              ([k, v]) => `${urlEncode(k)}=${urlEncode(v)}`,
            ),
            ...extra.map(([k, v]) => `${urlEncode(k)}=${v}`),
          ];
          return pairs.length ? `?${pairs.join('&')}` : '';
        };

        // Odd headers: a huge user agent, a language nobody speaks, a forged request id.
        await send(route, {
          method: route.method,
          url: `${url}${query([])}`,
          ...sampleBody(),
          headers: {
            ...(sampleBody() as { headers?: Record<string, string> }).headers,
            'user-agent': 'U'.repeat(20_000),
            'accept-language': 'zz-ÿÿ;q=2, *;q=-1',
            'x-request-id': 'r'.repeat(5_000),
            'x-forwarded-for': '999.999.999.999, ::ffff:0:0',
          },
          what: 'odd headers',
        });

        // The page of item 4.
        await send(route, {
          method: route.method,
          url: `${url}${query([['page', '99999999999999999999']])}`,
          ...sampleBody(),
          what: 'page=99999999999999999999',
        });

        // Path parameters: every bad value in each, the others real.
        const segments = route.url.split('/');
        const filled = url.split('/');
        for (let i = 0; i < segments.length; i++) {
          if (!segments[i]!.startsWith(':')) continue;
          for (const bad of PARAM_BAD) {
            const parts = [...filled];
            parts[i] = bad;
            await send(route, {
              method: route.method,
              url: `${parts.join('/')}${query([])}`,
              ...sampleBody(),
              what: `${segments[i]}=${short(bad, 40)}`,
              // Bad tokens count against their address: not against the address of the rest.
              remoteAddress: '10.0.0.66',
            });
          }
        }

        // Query string: the schema's keys and the list keys, bad values, sometimes repeated.
        const own = Object.keys(describeSchema(route.schema?.querystring).shape);
        const keys = [...new Set([...own, ...LIST_KEYS])];
        for (let n = 0; n < QUERY_MUTATIONS; n++) {
          const extra: [string, string][] = [];
          const count = 1 + rng.int(3);
          for (let k = 0; k < count; k++) {
            const value = rng.pick(QUERY_BAD);
            extra.push([
              rng.next() < 0.5 && own.length ? rng.pick(own) : rng.pick(keys),
              typeof value === 'string' ? urlEncode(value) : value.raw,
            ]);
          }
          await send(route, {
            method: route.method,
            url: `${url}${query(extra)}`,
            ...sampleBody(),
            what: `query ${short(extra.map(([k, v]) => `${k}=${v}`).join('&'), 120)}`,
          });
        }

        if (!hasBody) return;

        // Body fields from the schema: one or two set to a bad value, sometimes an unknown key.
        const schema = route.schema?.body ?? HANDLER_BODIES[key];
        const node: Node = describeSchema(schema);
        const paths = fieldPaths(node);
        const isMultipart = MULTIPART_ROUTES.includes(key);
        const base = sample.multipart ? sample.multipart.fields : (sample.body ?? {});
        const sendBody = async (body: unknown) => {
          const text = JSON.stringify(body);
          await send(route, {
            method: route.method,
            url,
            headers: { 'content-type': 'application/json' },
            payload: text,
            what: `body ${short(text)}`,
          });
          if (isMultipart) {
            const m = asMultipart(body);
            await send(route, {
              method: route.method,
              url,
              ...m,
              what: `multipart ${short(text)}`,
            });
          }
        };
        // Every field gets the edge values of its kind; then random mutations, one or two fields.
        for (const [path, field] of paths)
          for (const edge of edgeValues(field)) await sendBody(withField(base, path, edge));
        for (let n = 0; n < BODY_MUTATIONS && (paths.length > 0 || n < 4); n++) {
          let body: unknown = base;
          const changes = paths.length ? 1 + rng.int(2) : 0;
          for (let c = 0; c < changes; c++) {
            const [path, field] = rng.pick(paths);
            body = withField(body, path, badValue(rng, field));
          }
          if (!paths.length || rng.next() < 0.2)
            body = withField(
              body,
              [rng.pick(['zz_unknown', 'id', 'company_id', 'constructor'])],
              badValue(rng, node),
            );
          await sendBody(body);
        }

        // Bodies that are not JSON, or not an object.
        for (const text of malformedJsonBodies(sample.body)) {
          await send(route, {
            method: route.method,
            url,
            headers: { 'content-type': 'application/json' },
            payload: text,
            what: `raw JSON body ${short(JSON.stringify(text), 120)}`,
          });
        }
        await send(route, {
          method: route.method,
          url,
          headers: { 'content-type': 'application/json' },
          payload: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]),
          what: 'JSON body with bytes that are not UTF-8',
        });
        await send(route, {
          method: route.method,
          url,
          headers: { 'content-type': 'text/plain' },
          payload: 'plain',
          what: 'text/plain body',
        });

        // Malformed multipart, to every route that takes a body (the multipart ones must say 400).
        for (const bad of malformedMultipartBodies()) {
          const res = await send(route, {
            method: route.method,
            url,
            headers: bad.headers,
            payload: bad.payload,
            what: `multipart: ${bad.name}`,
          });
          if (isMultipart) (multipartAnswers[key] ??= {})[bad.name] = res;
        }
      }

      console.info(
        `fuzz on ${testDb.dialect}: ${sent} requests to ${routes.length} routes, answers ${JSON.stringify(statuses)}`,
      );
      expect(failures).toEqual([]);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();

      // The multipart routes answer a malformed body with 400 invalid_multipart.
      expect(Object.keys(multipartAnswers).sort()).toEqual([...MULTIPART_ROUTES].sort());
      for (const [key, answers] of Object.entries(multipartAnswers)) {
        for (const name of ['no boundary', 'empty boundary', 'cut short', 'cut in a header']) {
          const res = answers[name]!;
          expect({ key, name, status: res.statusCode, code: res.json().code }).toEqual({
            key,
            name,
            status: 400,
            code: 'invalid_multipart',
          });
        }
        expect([413, 400]).toContain(answers['huge field']!.statusCode);
      }
    });
  });
}
