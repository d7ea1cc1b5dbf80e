import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TApplicationOverview } from '@embauche/contracts/applications';
import { DEFAULT_APPLICATION_FIELDS } from '@embauche/contracts/offer-settings';
import { secretBoxFor } from '../src/platform/crypto/secret-box.ts';
import { ApplyTokens } from '../src/modules/career-site/career-site-apply-form.ts';
import { apiAs, type Api } from './support/api.ts';
import { multipart } from './support/multipart.ts';
import { signIn, startTestApp, type TestContext } from './support/test-app.ts';
import { testDatabases } from './support/test-databases.ts';
import { careerSiteForm } from './support/career-site-form.ts';

const FORM = careerSiteForm();

/**
 * docs/career-site.md "Consent": the answers an application from the career site carries beside
 * the applicant's columns (address, birth date, LinkedIn) and its consent reach recruiters on the
 * applicant screen (`GET /api/applicants/{id}/applications-overview`, `career_site`), without
 * the client address; another company's user gets 404; other applications say null.
 */
describe.each(testDatabases())(
  'career site answers on the applicant screen on $dialect',
  (testDb) => {
    let ctx: TestContext;
    let admin: Api;
    let other: Api;
    let valmont: number;
    let offerId: number;
    let tokens: ApplyTokens;

    const apply = (fields: Record<string, string>, remoteAddress: string) => {
      const body = multipart({
        t: tokens.issue(valmont, offerId),
        notice: '1',
        consent: '1',
        ...fields,
      });
      return ctx.app.inject({
        method: 'POST',
        url: `/careers/valmont-recrute/offers/${offerId}`,
        payload: body.payload,
        headers: body.headers,
        remoteAddress,
      });
    };
    const applicantId = async (email: string) =>
      (
        await ctx.database.db
          .selectFrom('applicants')
          .select('id')
          .where('company_id', '=', valmont)
          .where('email', '=', email)
          .executeTakeFirstOrThrow()
      ).id;
    const overview = (api: Api, id: number) =>
      api.get(`/api/applicants/${id}/applications-overview`);

    beforeAll(async () => {
      ctx = await startTestApp(testDb);
      admin = apiAs(ctx.app, await signIn(ctx.app, 'admin@demo.test'));
      other = apiAs(ctx.app, await signIn(ctx.app, 'admin@other.test'));
      valmont = (await admin.get('/api/me')).json<{ company_id: number }>().company_id;
      expect((await admin.put('/api/config/career-site', FORM)).statusCode).toBe(200);
      const { db } = ctx.database;
      const offer = await db
        .selectFrom('offers')
        .select('id')
        .where('company_id', '=', valmont)
        .where('project_id', 'is not', null)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      offerId = offer.id;
      await db
        .updateTable('offers')
        .set({ status: 'published', archived: false, job_position: 'Soudeur H/F' })
        .where('id', '=', offerId)
        .execute();
      const path = await admin.put('/api/application-path', {
        fields: {
          ...DEFAULT_APPLICATION_FIELDS,
          address: 'optional',
          birth_date: 'optional',
          linkedin_url: 'optional',
          cv: 'optional',
        },
        document_type_ids: [],
      });
      expect(path.statusCode, path.body).toBe(200);
      tokens = new ApplyTokens(secretBoxFor(ctx.config), () => Date.now() - 10_000);
    });
    afterAll(async () => ctx?.close());

    it('shows the answers and the consent to the recruiter, never the client address', async () => {
      const res = await apply(
        {
          firstname: 'Léa',
          lastname: 'Fontaine',
          email: 'lea.fontaine@example.test',
          address: '12 rue des Tanneurs\n69001 Lyon',
          birth_date: '1990-04-23',
          linkedin_url: 'https://www.linkedin.com/in/lea-fontaine',
          lng: 'en',
        },
        '203.0.113.77',
      );
      expect(res.statusCode, res.body).toBe(303);
      const id = await applicantId('lea.fontaine@example.test');
      const answer = await overview(admin, id);
      expect(answer.statusCode, answer.body).toBe(200);
      const [application] = answer.json<TApplicationOverview[]>();
      expect(application!.offer_id).toBe(offerId);
      expect(application!.career_site).toEqual({
        address: '12 rue des Tanneurs\n69001 Lyon',
        birth_date: '1990-04-23',
        linkedin_url: 'https://www.linkedin.com/in/lea-fontaine',
        custom_fields: [],
        notice_language: 'en',
        notice_version: 1,
        consented_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/),
      });
      expect(Date.now() - new Date(application!.career_site!.consented_at).getTime()).toBeLessThan(
        60_000,
      );
      // The client address is kept as proof, never shown.
      expect(application!.career_site).not.toHaveProperty('ip');
      expect(answer.body).not.toContain('203.0.113.77');
      // Another company's user: the applicant does not exist for them.
      expect((await overview(other, id)).statusCode).toBe(404);
    });

    it('says null for answers not given, and for an application that did not come from the site', async () => {
      const res = await apply(
        { firstname: 'Paul', lastname: 'Moreau', email: 'paul.moreau@example.test' },
        '203.0.113.78',
      );
      expect(res.statusCode, res.body).toBe(303);
      const [fromSite] = (
        await overview(admin, await applicantId('paul.moreau@example.test'))
      ).json<TApplicationOverview[]>();
      expect(fromSite!.career_site).toMatchObject({
        address: null,
        birth_date: null,
        linkedin_url: null,
        notice_language: 'fr',
        notice_version: 1,
      });
      // A seeded application (not from the site).
      const seeded = await ctx.database.db
        .selectFrom('applications')
        .select(['applicant_id'])
        .where('company_id', '=', valmont)
        .where('applicant_id', 'is not', null)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('career_site_applications')
                .select('career_site_applications.id')
                .whereRef('career_site_applications.application_id', '=', 'applications.id'),
            ),
          ),
        )
        .orderBy('id')
        .executeTakeFirstOrThrow();
      const list = await overview(admin, seeded.applicant_id!);
      expect(list.statusCode, list.body).toBe(200);
      const applications = list.json<TApplicationOverview[]>();
      expect(applications.length).toBeGreaterThan(0);
      for (const a of applications) expect(a.career_site).toBeNull();
    });
  },
);
