import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TOfferImage, TOfferTemplate } from '@embauche/contracts/offer-settings';
import type { TMotifSetting, TStatusSetting, TWorkflow } from '@embauche/contracts/workflows';
import { multipart } from './support/multipart.ts';
import { signIn, startTestApp, type TestContext } from './support/test-app.ts';
import { testDatabases } from './support/test-databases.ts';

type Res = { statusCode: number; body: string; json: <T>() => T };

/**
 * Issue 17: the configuration of workflows, statuses, motifs, offer templates and the image bank
 * is audited, with the real person who acted (here a super administrator acting as the company's
 * administrator) and whom they acted as.
 */
describe.each(testDatabases())('configuration audit trail on $dialect', (testDb) => {
  let ctx: TestContext;
  let cookie: string;
  let staff: number;
  let admin: { id: number; company_id: number };

  /** Requests as a browser: keeps the session cookie a switch answers. */
  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
    const res = await ctx.app.inject({
      method,
      url,
      headers: { cookie },
      ...(payload ? { payload } : {}),
    });
    const set = res.cookies.find((c) => c.name === 'embauche_session');
    if (set) cookie = `embauche_session=${set.value}`;
    return res;
  };
  const ok = <T>(res: Res, status = 200) => {
    expect(res.statusCode, res.body).toBe(status);
    return (status === 204 ? undefined : res.json<T>()) as T;
  };
  const trail = (type: string, id: number) =>
    ctx.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_user_id', 'acting_as_user_id', 'company_id', 'details'])
      .where('target_type', '=', type)
      .where('target_id', '=', id)
      .orderBy('id')
      .execute();
  const actions = async (type: string, id: number) => (await trail(type, id)).map((r) => r.action);

  beforeAll(async () => {
    ctx = await startTestApp(testDb);
    cookie = await signIn(ctx.app, 'superadmin@demo.test');
    const user = (email: string) =>
      ctx.database.db
        .selectFrom('users')
        .select(['id', 'company_id'])
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
    staff = (await user('superadmin@demo.test')).id;
    const found = await user('admin@demo.test');
    admin = { id: found.id, company_id: found.company_id! };
    ok(await call('PUT', '/api/superadmin/change_company', { company_id: admin.company_id }), 204);
    ok(await call('PUT', '/api/superadmin/change_user', { user_id: admin.id }), 204);
  });
  afterAll(() => ctx.close());

  it('records workflow changes and assignments with the real person', async () => {
    const workflow = ok<TWorkflow>(
      await call('POST', '/api/config/workflows', { name: 'Audité', status_ids: [1, 2, 6] }),
      201,
    );
    ok(
      await call('PUT', `/api/config/workflows/${workflow.id}`, {
        name: 'Audité bis',
        status_ids: [1, 6],
      }),
    );
    const offer = await ctx.database.db
      .selectFrom('offers')
      .select('id')
      .where('company_id', '=', admin.company_id)
      .where('archived', '=', false)
      .executeTakeFirstOrThrow();
    ok(
      await call('PUT', '/api/config/workflow-assignments', {
        kind: 'offer',
        id: offer.id,
        workflow_id: workflow.id,
      }),
      204,
    );
    ok(await call('DELETE', `/api/config/workflows/${workflow.id}`), 204);
    const rows = await trail('workflow', workflow.id);
    expect(rows.map((r) => r.action)).toEqual([
      'workflow.created',
      'workflow.updated',
      'workflow.deleted',
    ]);
    for (const r of rows)
      expect(r).toMatchObject({
        actor_user_id: staff,
        acting_as_user_id: admin.id,
        company_id: admin.company_id,
      });
    const assigned = await trail('offer', offer.id);
    expect(assigned.map((r) => r.action)).toEqual(['workflow.assigned']);
    expect(JSON.parse(String(assigned[0]!.details))).toEqual({ workflow_id: workflow.id });
    expect(assigned[0]!.actor_user_id).toBe(staff);
  });

  it('records status and motif changes', async () => {
    const status = ok<TStatusSetting>(
      await call('POST', '/api/config/statuses', { name: 'Audit', color: '#112233' }),
      201,
    );
    ok(await call('PUT', `/api/config/statuses/${status.id}`, { name: 'Audit 2', hidden: true }));
    const motif = ok<TMotifSetting>(
      await call('POST', '/api/config/motifs', { name: 'Motif audité', status_id: 7 }),
      201,
    );
    ok(await call('PUT', `/api/config/motifs/${motif.id}`, { name: 'Motif 2' }));
    ok(await call('DELETE', `/api/config/motifs/${motif.id}`), 204);
    ok(await call('DELETE', `/api/config/statuses/${status.id}`), 204);
    expect(await actions('status', status.id)).toEqual([
      'status.created',
      'status.updated',
      'status.deleted',
    ]);
    expect(await actions('motif', motif.id)).toEqual([
      'motif.created',
      'motif.updated',
      'motif.deleted',
    ]);
    const [, updated] = await trail('status', status.id);
    expect(JSON.parse(String(updated!.details))).toEqual({
      name: 'Audit 2',
      previous_name: 'Audit',
      hidden: true,
    });
    // A default status renamed is audited too.
    ok(await call('PUT', '/api/config/statuses/2', { name: 'Retenu' }));
    expect(await actions('status', 2)).toEqual(['status.updated']);
    expect((await trail('status', 2))[0]!.actor_user_id).toBe(staff);
  });

  it('records offer templates and images', async () => {
    const template = ok<TOfferTemplate>(
      await call('POST', '/api/offer-templates', { name: 'Modèle audité' }),
      201,
    );
    ok(await call('PUT', `/api/offer-templates/${template.id}`, { name: 'Modèle 2' }));
    ok(await call('DELETE', `/api/offer-templates/${template.id}`), 204);
    expect(await actions('offer_template', template.id)).toEqual([
      'offer_template.created',
      'offer_template.updated',
      'offer_template.deleted',
    ]);
    const data = await sharp({
      create: { width: 40, height: 30, channels: 3, background: '#16a34a' },
    })
      .png()
      .toBuffer();
    const body = multipart({}, [{ field: 'file', filename: 'logo.png', data, type: 'image/png' }]);
    const uploaded = await ctx.app.inject({
      method: 'POST',
      url: '/api/offer-images',
      payload: body.payload,
      headers: { ...body.headers, cookie },
    });
    const image = ok<TOfferImage>(uploaded, 201);
    ok(await call('DELETE', `/api/offer-images/${image.id}`), 204);
    const rows = await trail('offer_image', image.id);
    expect(rows.map((r) => r.action)).toEqual(['offer_image.uploaded', 'offer_image.deleted']);
    expect(rows[0]).toMatchObject({ actor_user_id: staff, acting_as_user_id: admin.id });
    expect(JSON.parse(String(rows[0]!.details))).toMatchObject({ filename: 'logo.png' });
  });
});
