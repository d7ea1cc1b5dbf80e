import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_APPLICATION_FIELDS } from '@embauche/contracts/offer-settings';
import { apiAs, projectId, type Api } from './support/api.ts';
import { multipart } from './support/multipart.ts';
import { signIn, startTestApp, type TestContext } from './support/test-app.ts';
import { testDatabases } from './support/test-databases.ts';

type Offer = { id: number; project_id: number };

/**
 * Issue 17: the manual applicant creation follows the company's default application path
 * (contracts/offer-settings.ts MANUAL_PATH_FIELDS): a required phone or motivation left empty
 * answers 422 `field_required`; optional, hidden and the other company's settings do not.
 */
describe.each(testDatabases())(
  'manual applicants and the application path on $dialect',
  (testDb) => {
    let ctx: TestContext;
    let admin: Api;
    let adminCookie: string;
    let otherCookie: string;
    let offer: Offer;
    let seasonalOffer: Offer;
    let theirOffer: Offer;
    let n = 0;

    const send = (url: string, fields: Record<string, string>, cookie = adminCookie) => {
      const body = multipart({ firstname: 'Lina', lastname: `Path ${++n}`, ...fields });
      return ctx.app.inject({
        method: 'POST',
        url,
        payload: body.payload,
        headers: { ...body.headers, cookie },
      });
    };
    const onOffer = (o: Offer, fields: Record<string, string> = {}, cookie = adminCookie) =>
      send(`/api/projects/${o.project_id}/offers/${o.id}/manual`, fields, cookie);
    const savePath = async (fields: Partial<typeof DEFAULT_APPLICATION_FIELDS>) => {
      const res = await admin.put('/api/application-path', {
        fields: { ...DEFAULT_APPLICATION_FIELDS, ...fields },
        document_type_ids: [1],
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    const errors = (res: { statusCode: number; body: string; json: () => unknown }) => {
      expect(res.statusCode, res.body).toBe(422);
      return (res.json() as { errors: Record<string, string[]> }).errors;
    };

    beforeAll(async () => {
      ctx = await startTestApp(testDb);
      adminCookie = await signIn(ctx.app, 'admin@demo.test');
      admin = apiAs(ctx.app, adminCookie);
      otherCookie = await signIn(ctx.app, 'admin@other.test');
      const offers = (await admin.get('/api/projects/all/offers?per_page=100')).json()
        .data as Offer[];
      const seasonal = await projectId(admin, 'Renforts saisonniers – été');
      offer = offers.find((o) => o.project_id !== seasonal)!;
      seasonalOffer = offers.find((o) => o.project_id === seasonal)!;
      expect(seasonalOffer).toBeDefined();
      const other = apiAs(ctx.app, otherCookie);
      theirOffer = (await other.get('/api/projects/all/offers?per_page=1')).json().data[0];
    });
    afterAll(async () => ctx?.close());

    it('with the defaults (phone and motivation optional, CV required of applicants) takes a bare entry', async () => {
      // The CV is asked of applicants, not of the recruiter: not demanded here.
      expect((await onOffer(offer)).statusCode).toBe(201);
      expect((await send('/api/applicants/manual', {})).statusCode).toBe(201);
      // The names stay required whatever the path.
      expect(errors(await onOffer(offer, { firstname: '' }))).toEqual({
        firstname: ['field_required'],
      });
    });

    it('answers 422 field_required on a required phone and motivation, and takes them given', async () => {
      await savePath({ phone: 'required', cover_letter: 'required' });
      expect(errors(await onOffer(offer))).toEqual({
        phone: ['field_required'],
        motivation: ['field_required'],
      });
      // Blank text counts as missing; spontaneous entries follow the path too.
      expect(errors(await onOffer(offer, { phone: '   ', motivation: 'Motivée' }))).toEqual({
        phone: ['field_required'],
      });
      expect(errors(await send('/api/applicants/manual', { phone: '0611223344' }))).toEqual({
        motivation: ['field_required'],
      });
      const ok = await onOffer(offer, { phone: '06 11 22 33 44', motivation: 'Motivée' });
      expect(ok.statusCode, ok.body).toBe(201);
      expect(ok.json()).toMatchObject({ applicant: { phone: '06 11 22 33 44' } });
      // A project that takes no documents does not show the motivation: only the phone counts.
      expect(errors(await onOffer(seasonalOffer))).toEqual({ phone: ['field_required'] });
      expect((await onOffer(seasonalOffer, { phone: '0611223344' })).statusCode).toBe(201);
    });

    it('accepts an optional field left empty and keeps a hidden one sent anyway', async () => {
      await savePath({ phone: 'optional', cover_letter: 'optional' });
      expect((await onOffer(offer)).statusCode).toBe(201);
      await savePath({ phone: 'hidden', cover_letter: 'hidden' });
      const res = await onOffer(offer, { phone: '0699887766' });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ applicant: { phone: '0699887766' } });
    });

    it('does not apply one company’s path to another company', async () => {
      await savePath({ phone: 'required', cover_letter: 'required' });
      expect(errors(await onOffer(offer))).toHaveProperty('phone');
      const theirs = await onOffer(theirOffer, {}, otherCookie);
      expect(theirs.statusCode, theirs.body).toBe(201);
      expect((await send('/api/applicants/manual', {}, otherCookie)).statusCode).toBe(201);
      // Nor another company's offer under this company's path: still a 404, not a 422.
      expect((await onOffer(theirOffer)).statusCode).toBe(404);
    });
  },
);
