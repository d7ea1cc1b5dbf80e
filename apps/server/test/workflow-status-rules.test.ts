import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TBulkStatusResult, TOfferStatuses, TStatus } from '@embauche/contracts/applications';
import type { TStatusSetting, TWorkflow } from '@embauche/contracts/workflows';
import { apiAs, type Api } from './support/api.ts';
import { multipart } from './support/multipart.ts';
import { signIn, startTestApp, type TestContext } from './support/test-app.ts';
import { testDatabases } from './support/test-databases.ts';

type Res = { statusCode: number; body: string; json: <T>() => T };
type Offer = { id: number; project_id: number };

/**
 * Issue 17: a status change follows the workflow of the application's offer (its own, its
 * project's, or the default; spontaneous applications the default), and so do the pickers' lists
 * and the copies that keep their statuses.
 */
describe.each(testDatabases())(
  'status changes follow the offer’s workflow on $dialect',
  (testDb) => {
    let ctx: TestContext;
    let admin: Api;
    let adminCookie: string;
    let other: Api;
    let valmont: number;
    let offer: Offer;
    let target: Offer;
    let short: TWorkflow;
    let custom: TStatusSetting;

    const ok = <T>(res: Res, status = 200) => {
      expect(res.statusCode, res.body).toBe(status);
      return (status === 204 ? undefined : res.json<T>()) as T;
    };
    const applicationsOf = (offerId: number | null) =>
      ctx.database.db
        .selectFrom('applications')
        .select(['id', 'applicant_id', 'status_id'])
        .where('company_id', '=', valmont)
        .where('offer_id', offerId === null ? 'is' : '=', offerId)
        .orderBy('id')
        .execute();
    const statusOf = async (id: number) =>
      (await ctx.database.db
        .selectFrom('applications')
        .select('status_id')
        .where('id', '=', id)
        .executeTakeFirstOrThrow())!.status_id;
    const bulk = (kind: 'applications' | 'spontaneous', changes: object[]) =>
      admin.put(`/api/treatment/${kind}/statuses`, changes);
    const assign = async (kind: 'offer' | 'project', id: number, workflowId: number | null) =>
      ok(
        await admin.put('/api/config/workflow-assignments', { kind, id, workflow_id: workflowId }),
        204,
      );

    beforeAll(async () => {
      ctx = await startTestApp(testDb);
      adminCookie = await signIn(ctx.app, 'admin@demo.test');
      admin = apiAs(ctx.app, adminCookie);
      other = apiAs(ctx.app, await signIn(ctx.app, 'admin@other.test'));
      valmont = (await ctx.database.db
        .selectFrom('users')
        .select('company_id')
        .where('email', '=', 'admin@demo.test')
        .executeTakeFirstOrThrow())!.company_id!;
      const rows = await ctx.database.db
        .selectFrom('applications')
        .innerJoin('offers', 'offers.id', 'applications.offer_id')
        .select(['offers.id', 'offers.project_id', (eb) => eb.fn.countAll().as('n')])
        .where('applications.company_id', '=', valmont)
        .groupBy(['offers.id', 'offers.project_id'])
        .execute();
      const sorted = rows.sort((a, b) => Number(b.n) - Number(a.n) || a.id - b.id);
      offer = { id: sorted[0]!.id, project_id: sorted[0]!.project_id };
      // Another offer of another project: the copies' target.
      const second = sorted.find((r) => r.project_id !== offer.project_id)!;
      target = { id: second.id, project_id: second.project_id };
      // A custom status, then left out of the default workflow: only "Court" holds it.
      custom = ok<TStatusSetting>(await admin.post('/api/config/statuses', { name: 'Test' }), 201);
      const workflows = ok<TWorkflow[]>(await admin.get('/api/config/workflows'));
      const fallback = workflows.find((w) => w.is_default)!;
      ok(
        await admin.put(`/api/config/workflows/${fallback.id}`, {
          name: fallback.name,
          status_ids: fallback.status_ids.filter((id) => id !== custom.id),
          is_default: true,
        }),
      );
      short = ok<TWorkflow>(
        await admin.post('/api/config/workflows', {
          name: 'Court',
          status_ids: [1, 4, custom.id, 6, 7],
        }),
        201,
      );
    });
    afterAll(() => ctx.close());

    it('refuses a status outside the offer’s workflow and accepts one inside', async () => {
      await assign('project', offer.project_id, short.id);
      const [first, second] = await applicationsOf(offer.id);
      const single = `/api/projects/${offer.project_id}/offers/${offer.id}/applications/statuses`;
      // Status 2 (preselected) is in the default workflow, not in "Court".
      const refused = await admin.put(single, { application_id: first!.id, status_id: 2 });
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json<{ errors: object }>().errors).toEqual({ status_id: ['invalid'] });
      const item = ok<{ status: { id: number } }>(
        await admin.put(single, { application_id: first!.id, status_id: custom.id }),
      );
      expect(item.status.id).toBe(custom.id);
      const result = ok<TBulkStatusResult>(
        await bulk('applications', [
          { application_id: first!.id, status_id: 3 },
          { application_id: second!.id, status_id: 4 },
        ]),
      );
      expect(result).toEqual({
        changed: [second!.id],
        failed: [{ id: first!.id, reason: 'invalid_status' }],
      });
      // Recruited keeps its meaning in any workflow.
      const hired = ok<TBulkStatusResult>(
        await bulk('applications', [{ application_id: second!.id, status_id: 6 }]),
      );
      expect(hired.changed).toEqual([second!.id]);
      const row = await ctx.database.db
        .selectFrom('applications')
        .select(['status_id', 'recruited_at'])
        .where('id', '=', second!.id)
        .executeTakeFirstOrThrow();
      expect(row.status_id).toBe(6);
      expect(row.recruited_at).not.toBeNull();
    });

    it('gives a manual applicant a status of the offer’s workflow only', async () => {
      await assign('project', offer.project_id, short.id);
      const manual = (status: number) => {
        const body = multipart({
          firstname: 'Lina',
          lastname: `Flux ${status}`,
          status_id: String(status),
        });
        return ctx.app.inject({
          method: 'POST',
          url: `/api/projects/${offer.project_id}/offers/${offer.id}/manual`,
          payload: body.payload,
          headers: { ...body.headers, cookie: adminCookie },
        });
      };
      const refused = await manual(2);
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json<{ errors: object }>().errors).toEqual({ status_id: ['invalid'] });
      expect((await manual(custom.id)).statusCode).toBe(201);
    });

    it('follows the offer’s own workflow over its project’s, in one batch across offers', async () => {
      const single = ok<TWorkflow>(
        await admin.post('/api/config/workflows', { name: 'Minimal', status_ids: [1, 2, 6] }),
        201,
      );
      await assign('offer', offer.id, single.id);
      const [first] = await applicationsOf(offer.id);
      const [elsewhere] = await applicationsOf(target.id);
      const result = ok<TBulkStatusResult>(
        await bulk('applications', [
          { application_id: first!.id, status_id: 2 },
          { application_id: elsewhere!.id, status_id: 2 },
          { application_id: elsewhere!.id, status_id: custom.id },
        ]),
      );
      // The target offer follows the default workflow: 2 yes, the custom status no.
      expect(result.changed).toEqual([first!.id, elsewhere!.id]);
      expect(result.failed).toEqual([{ id: elsewhere!.id, reason: 'invalid_status' }]);
      expect(await statusOf(elsewhere!.id)).toBe(2);
      await assign('offer', offer.id, null);
    });

    it('checks spontaneous applications against the default workflow', async () => {
      const [spontaneous] = await applicationsOf(null);
      expect(spontaneous).toBeDefined();
      const result = ok<TBulkStatusResult>(
        await bulk('spontaneous', [
          { application_id: spontaneous!.id, status_id: custom.id },
          { application_id: spontaneous!.id, status_id: 2 },
        ]),
      );
      expect(result).toEqual({
        changed: [spontaneous!.id],
        failed: [{ id: spontaneous!.id, reason: 'invalid_status' }],
      });
      expect(await statusOf(spontaneous!.id)).toBe(2);
      const statuses = ok<TStatus[]>(await admin.get('/api/treatment/spontaneous/statuses'));
      expect(statuses.map((s) => s.id)).not.toContain(custom.id);
      expect(statuses.map((s) => s.id)).toContain(2);
    });

    it('lists each offer’s workflow for the pickers, of the company only', async () => {
      const lists = ok<TOfferStatuses[]>(
        await admin.get(`/api/offer-statuses?offer_ids=${offer.id},${target.id},999999`),
      );
      expect(lists.map((l) => l.offer_id)).toEqual([offer.id, target.id]);
      expect(lists[0]!.statuses.map((s) => s.id)).toEqual([1, 4, custom.id, 6, 7]);
      expect(lists[0]!.statuses.map((s) => s.position)).toEqual([1, 2, 3, 4, 5]);
      expect(lists[1]!.statuses.map((s) => s.id)).toContain(2);
      expect(lists[1]!.statuses.map((s) => s.id)).not.toContain(custom.id);
      // Another company's offers are left out; bad lists are refused.
      expect(
        ok<TOfferStatuses[]>(await other.get(`/api/offer-statuses?offer_ids=${offer.id}`)),
      ).toEqual([]);
      for (const q of ['', '?offer_ids=', '?offer_ids=a', '?offer_ids=1,,2'])
        expect((await admin.get(`/api/offer-statuses${q}`)).statusCode).toBe(422);
      const many = Array.from({ length: 101 }, (_, i) => i + 1).join(',');
      expect((await admin.get(`/api/offer-statuses?offer_ids=${many}`)).statusCode).toBe(422);
      expect(
        (await apiAs(ctx.app).get(`/api/offer-statuses?offer_ids=${offer.id}`)).statusCode,
      ).toBe(401);
    });

    it('copies keep a status the target’s workflow holds, else start at its first', async () => {
      const onTarget = new Set((await applicationsOf(target.id)).map((a) => a.applicant_id));
      const [kept, moved] = (await applicationsOf(offer.id))
        .slice(2)
        .filter((a) => !onTarget.has(a.applicant_id));
      const base = `/api/projects/${offer.project_id}/offers/${offer.id}/applications`;
      // One at status 4 (in both workflows), one at the custom status (only in "Court").
      ok(
        await bulk('applications', [
          { application_id: kept!.id, status_id: 4 },
          { application_id: moved!.id, status_id: custom.id },
        ]),
      );
      ok(
        await admin.put(`${base}/duplicate`, {
          job_offer_id: target.id,
          applicants_ids: [kept!.applicant_id, moved!.applicant_id],
          keep_statuses: true,
        }),
      );
      const copies = await ctx.database.db
        .selectFrom('applications')
        .select(['applicant_id', 'status_id', 'motif_id'])
        .where('offer_id', '=', target.id)
        .where('applicant_id', 'in', [kept!.applicant_id!, moved!.applicant_id!])
        .execute();
      const statusOf = (applicantId: number | null) =>
        copies.find((c) => c.applicant_id === applicantId)!.status_id;
      expect(statusOf(kept!.applicant_id)).toBe(4);
      expect(statusOf(moved!.applicant_id)).toBe(1);
    });
  },
);
