import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ZRecruitmentListForm,
  type TRecruitmentList,
  type TRecruitmentListApplicantPage,
  type TRecruitmentListPage,
  type TRecruitmentListUserPage,
} from '@embauche/contracts/recruitment-lists';
import { demoUserRow } from '../src/seed/demo-seed.ts';
import { apiAs, type Api } from './support/api.ts';
import { insertApplicants } from './support/insert-applicants.ts';
import { signIn, startTestApp, type TestContext } from './support/test-app.ts';
import { testDatabases } from './support/test-databases.ts';

describe('recruitment list form (spec 5)', () => {
  const codes = (input: unknown) => {
    const r = ZRecruitmentListForm.safeParse(input);
    return r.success
      ? {}
      : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
  };
  it('answers the spec codes', () => {
    expect(codes({ type: 'private' })).toEqual({ name: 'field_required' });
    expect(codes({ name: '   ', type: 'private' })).toEqual({ name: 'field_required' });
    expect(codes({ name: 'a'.repeat(51), type: 'private' })).toEqual({ name: 'max_length:50' });
    expect(codes({ name: 'a'.repeat(50), type: 'private' })).toEqual({});
    expect(codes({ name: 'a', description: 'd'.repeat(256), type: 'private' })).toEqual({
      description: 'max_length:255',
    });
    expect(codes({ name: 'a', description: null, type: 'private' })).toEqual({});
    expect(codes({ name: 'a' })).toEqual({ type: 'field_required' });
    expect(codes({ name: 'a', type: 'public' })).toEqual({ type: 'invalid' });
    expect(codes({ name: 'a', type: 'shared' })).toEqual({ shared_user_ids: 'field_required' });
    expect(codes({ name: 'a', type: 'shared', shared_user_ids: [3] })).toEqual({});
  });
});

/**
 * Issue 15 (docs/recruitment-lists.md): spec 7's calls, the sheet's sort, source filter and paging,
 * who sees and changes what across three users of Groupe Valmont and the town hall's admin, the
 * counter, and erased applicants shown apart.
 */
describe.each(testDatabases())('recruitment lists on $dialect', (testDb) => {
  let ctx: TestContext;
  /** Camille Durand, Julien Morel (recruiter), Thomas Petit (manager): Valmont; Nadia: Mairie. */
  let admin: Api;
  let recruiter: Api;
  let manager: Api;
  let other: Api;
  /** Session cookies, for DELETE with a body (Api's `del` sends none). */
  const cookies = new Map<Api, string>();
  const id: Record<'admin' | 'recruiter' | 'manager' | 'other', number> = {
    admin: 0,
    recruiter: 0,
    manager: 0,
    other: 0,
  };
  let valmontApplicants: number[];
  /** Valmont applicants in the manager's scope (no project.see_all), and one outside it. */
  let managerSees: number[];
  let outOfManagerScope: number;
  let mairieApplicant: number;

  const db = () => ctx.database.db;
  const userId = async (email: string) =>
    (
      await db()
        .selectFrom('users')
        .select('id')
        .where('email', '=', email)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
  const create = async (api: Api, body: object) => {
    const res = await api.post('/api/recruitment-lists', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<TRecruitmentList>();
  };
  const sheet = async (api: Api, query = '') => {
    const res = await api.get(`/api/recruitment-lists${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TRecruitmentListPage>();
  };
  const removeFrom = (api: Api, listId: number, applicantIds: number[]) =>
    ctx.app.inject({
      method: 'DELETE',
      url: `/api/recruitment-lists/${listId}/applicants`,
      headers: { cookie: cookies.get(api)! },
      payload: { applicant_ids: applicantIds },
    });
  const errors = (res: { statusCode: number; json: <T>() => T }) => {
    expect(res.statusCode).toBe(422);
    return res.json<{ errors: Record<string, string[]> }>().errors;
  };

  beforeAll(async () => {
    ctx = await startTestApp(testDb);
    const as = async (email: string) => {
      const cookie = await signIn(ctx.app, email);
      const api = apiAs(ctx.app, cookie);
      cookies.set(api, cookie);
      return api;
    };
    admin = await as('admin@demo.test');
    recruiter = await as('recruiter@demo.test');
    manager = await as('manager@demo.test');
    other = await as('admin@other.test');
    id.admin = await userId('admin@demo.test');
    id.recruiter = await userId('recruiter@demo.test');
    id.manager = await userId('manager@demo.test');
    id.other = await userId('admin@other.test');
    const company = async (slug: string) =>
      (
        await db()
          .selectFrom('companies')
          .select('id')
          .where('slug', '=', slug)
          .executeTakeFirstOrThrow()
      ).id;
    const applicantsOf = async (slug: string) =>
      (
        await db()
          .selectFrom('applicants')
          .select('id')
          .where('company_id', '=', await company(slug))
          .orderBy('id')
          .limit(5)
          .execute()
      ).map((r) => r.id);
    valmontApplicants = await applicantsOf('groupe-valmont');
    mairieApplicant = (await applicantsOf('mairie-saint-aubin'))[0]!;
    expect(valmontApplicants.length).toBe(5);
    const seen = await manager.get('/api/applicants?per_page=100');
    expect(seen.statusCode, seen.body).toBe(200);
    managerSees = seen.json<{ data: { id: number }[] }>().data.map((a) => a.id);
    expect(managerSees.length).toBeGreaterThanOrEqual(3);
    const all = await admin.get('/api/applicants?per_page=100');
    outOfManagerScope = all
      .json<{ data: { id: number }[] }>()
      .data.map((a) => a.id)
      .find((a) => !managerSees.includes(a))!;
    expect(outOfManagerScope).toBeDefined();
  }, 60_000);
  afterAll(() => ctx.close());

  it('validates the form with the spec codes, and refuses users of another company', async () => {
    expect(errors(await admin.post('/api/recruitment-lists', { type: 'private' }))).toEqual({
      name: ['field_required'],
    });
    expect(
      errors(
        await admin.post('/api/recruitment-lists', {
          name: 'n'.repeat(51),
          description: 'd'.repeat(256),
          type: 'private',
        }),
      ),
    ).toEqual({ name: ['max_length:50'], description: ['max_length:255'] });
    expect(
      errors(await admin.post('/api/recruitment-lists', { name: 'x', type: 'shared' })),
    ).toEqual({
      shared_user_ids: ['field_required'],
    });
    // Sharing with oneself only is sharing with nobody.
    expect(
      errors(
        await admin.post('/api/recruitment-lists', {
          name: 'x',
          type: 'shared',
          shared_user_ids: [id.admin],
        }),
      ),
    ).toEqual({ shared_user_ids: ['field_required'] });
    expect(
      errors(
        await admin.post('/api/recruitment-lists', {
          name: 'x',
          type: 'shared',
          shared_user_ids: [id.other],
        }),
      ),
    ).toEqual({ shared_user_ids: ['unknown_user'] });
  });

  it('creates a private list seen by its creator only; 404 for everyone else', async () => {
    const list = await create(admin, {
      name: 'Vivier privé',
      description: '',
      type: 'private',
      collaborative: true,
      shared_user_ids: [id.manager],
    });
    expect(list).toMatchObject({
      name: 'Vivier privé',
      description: null,
      private: true,
      collaborative: false,
      shared_users: [],
      creator: { id: id.admin, firstname: 'Camille', lastname: 'Durand' },
      applicants: [],
      archived_applicants: 0,
      applicant_amount: 0,
      is_owner: true,
      can_add: true,
    });
    for (const api of [manager, recruiter, other]) {
      expect((await api.get(`/api/recruitment-lists/${list.id}`)).statusCode).toBe(404);
      expect((await api.get(`/api/recruitment-lists/${list.id}/applicants`)).statusCode).toBe(404);
      expect((await api.del(`/api/recruitment-lists/${list.id}`)).statusCode).toBe(404);
      expect(
        (await api.put('/api/recruitment-lists', { id: list.id, name: 'x', type: 'private' }))
          .statusCode,
      ).toBe(404);
      expect(
        (
          await api.post(`/api/recruitment-lists/${list.id}/applicants`, {
            applicant_ids: [valmontApplicants[0]],
          })
        ).statusCode,
      ).toBe(404);
      expect((await sheet(api)).data.map((l) => l.id)).not.toContain(list.id);
    }
    expect((await sheet(admin)).data.map((l) => l.id)).toContain(list.id);
  });

  it('a shared, non-collaborative list is read only for its shared users; only the creator edits', async () => {
    const list = await create(admin, {
      name: 'Vivier lecture',
      type: 'shared',
      collaborative: false,
      shared_user_ids: [id.manager, id.admin, id.manager],
    });
    expect(list.shared_users).toEqual([
      { id: id.manager, firstname: 'Thomas', lastname: 'Petit', img_src: null },
    ]);
    const seen = await manager.get(`/api/recruitment-lists/${list.id}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({ is_owner: false, can_add: false });
    // One the manager sees too (those they do not see are hidden from them: see below).
    const add = { applicant_ids: [managerSees[0]] };
    expect(
      (await manager.post(`/api/recruitment-lists/${list.id}/applicants`, add)).statusCode,
    ).toBe(403);
    expect((await manager.del(`/api/recruitment-lists/${list.id}`)).statusCode).toBe(403);
    expect(
      (await manager.put('/api/recruitment-lists', { id: list.id, name: 'x', type: 'private' }))
        .statusCode,
    ).toBe(403);
    // Not shared with the recruiter, not the town hall's.
    expect((await recruiter.get(`/api/recruitment-lists/${list.id}`)).statusCode).toBe(404);
    expect((await other.get(`/api/recruitment-lists/${list.id}`)).statusCode).toBe(404);
    // The creator adds; the shared user reads the applicants.
    expect((await admin.post(`/api/recruitment-lists/${list.id}/applicants`, add)).statusCode).toBe(
      200,
    );
    const page = await manager.get(`/api/recruitment-lists/${list.id}/applicants`);
    expect(page.statusCode).toBe(200);
    expect(page.json<TRecruitmentListApplicantPage>()).toMatchObject({
      total: 1,
      archived: 0,
      hidden: 0,
      data: [{ id: managerSees[0], added_by: { id: id.admin } }],
    });
    // The creator makes it private: the manager loses it.
    const upd = await admin.put('/api/recruitment-lists', {
      id: list.id,
      name: 'Vivier repris',
      description: 'Pour plus tard',
      type: 'private',
      private: true,
    });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(upd.json()).toMatchObject({
      name: 'Vivier repris',
      description: 'Pour plus tard',
      private: true,
      shared_users: [],
      applicant_amount: 1,
    });
    expect((await manager.get(`/api/recruitment-lists/${list.id}`)).statusCode).toBe(404);
    expect((await admin.del(`/api/recruitment-lists/${list.id}`)).statusCode).toBe(204);
    expect((await admin.get(`/api/recruitment-lists/${list.id}`)).statusCode).toBe(404);
    const left = await db()
      .selectFrom('recruitment_list_applicants')
      .select('id')
      .where('list_id', '=', list.id)
      .execute();
    expect(left).toEqual([]);
  });

  it('a collaborative list lets its shared users add and remove; the counter stays exact', async () => {
    const list = await create(admin, {
      name: 'Vivier commun',
      type: 'shared',
      collaborative: true,
      shared_user_ids: [id.manager],
    });
    const [a, b, c] = managerSees as [number, number, number];
    const add = async (api: Api, ids: number[]) => {
      const res = await api.post(`/api/recruitment-lists/${list.id}/applicants`, {
        applicant_ids: ids,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<TRecruitmentList>();
    };
    expect((await add(manager, [a, b, a])).applicant_amount).toBe(2);
    // Already there: kept once, the counter does not move.
    const again = await add(admin, [b, c]);
    expect(again.applicant_amount).toBe(3);
    expect(new Set(again.applicants)).toEqual(new Set([a, b, c]));
    expect(again).toMatchObject({ can_add: true, is_owner: true });
    const removed = await removeFrom(manager, list.id, [a]);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<TRecruitmentList>()).toMatchObject({ applicant_amount: 2 });
    // Removing one that is not there changes nothing.
    const none = await removeFrom(admin, list.id, [a]);
    expect(none.json<TRecruitmentList>().applicant_amount).toBe(2);
    const row = await db()
      .selectFrom('recruitment_lists')
      .select('applicant_amount')
      .where('id', '=', list.id)
      .executeTakeFirstOrThrow();
    const count = await db()
      .selectFrom('recruitment_list_applicants')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('list_id', '=', list.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.applicant_amount)).toBe(Number(count.n));
    // Concurrent adds and removes of overlapping applicants keep the counter exact.
    await Promise.all([
      add(admin, [a, b, c]),
      add(manager, [a, c]),
      add(admin, [a]),
      removeFrom(manager, list.id, [b]),
      add(manager, [b]),
    ]);
    const after = await db()
      .selectFrom('recruitment_lists')
      .select('applicant_amount')
      .where('id', '=', list.id)
      .executeTakeFirstOrThrow();
    const entries = await db()
      .selectFrom('recruitment_list_applicants')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('list_id', '=', list.id)
      .executeTakeFirstOrThrow();
    expect(Number(after.applicant_amount)).toBe(Number(entries.n));
    await removeFrom(admin, list.id, [a]);
    await add(admin, [b, c]);
    // Another company's applicant, or one that does not exist: 422, nothing added.
    for (const ids of [[mairieApplicant], [b, 2_000_000_000]]) {
      const res = await admin.post(`/api/recruitment-lists/${list.id}/applicants`, {
        applicant_ids: ids,
      });
      expect(errors(res)).toEqual({ applicant_ids: ['unknown_applicant'] });
    }
    expect(errors(await admin.post(`/api/recruitment-lists/${list.id}/applicants`, {}))).toEqual({
      applicant_ids: ['field_required'],
    });
    expect((await admin.get(`/api/recruitment-lists/${list.id}`)).json()).toMatchObject({
      applicant_amount: 2,
    });
    // The manager may not add an applicant outside their own scope (as if it did not exist).
    expect(
      errors(
        await manager.post(`/api/recruitment-lists/${list.id}/applicants`, {
          applicant_ids: [outOfManagerScope],
        }),
      ),
    ).toEqual({ applicant_ids: ['unknown_applicant'] });
    // The town hall's admin cannot reach it even with its own applicant.
    expect(
      (
        await other.post(`/api/recruitment-lists/${list.id}/applicants`, {
          applicant_ids: [mairieApplicant],
        })
      ).statusCode,
    ).toBe(404);
  });

  /**
   * Issue 33 item 7: a list shows each reader, its creator included, only the applicants they
   * see elsewhere; the others are a count, and cannot be removed by them.
   */
  describe('applicants outside the reader’s scope', () => {
    let list: TRecruitmentList;
    let hidden: { id: number; lastname: string; email: string | null }[];
    let in1: number;
    let in2: number;
    let out1: number;
    let out2: number;
    /** Neither name nor e-mail of a hidden applicant in an answer (ids: checked by the shapes). */
    const expectNoneOf = (body: string) => {
      for (const a of hidden) {
        expect(body).not.toContain(a.lastname);
        if (a.email) expect(body).not.toContain(a.email);
      }
    };
    const detailOf = async (api: Api, listId = list.id) => {
      const res = await api.get(`/api/recruitment-lists/${listId}`);
      expect(res.statusCode, res.body).toBe(200);
      return res;
    };
    const pageOf = async (api: Api, query = '', listId = list.id) => {
      const res = await api.get(`/api/recruitment-lists/${listId}/applicants${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res;
    };

    beforeAll(async () => {
      const all = (await admin.get('/api/applicants?per_page=100')).json<{
        data: { id: number; lastname: string; email: string | null }[];
      }>().data;
      hidden = all.filter((a) => !managerSees.includes(a.id)).slice(0, 2);
      expect(hidden.length).toBe(2);
      [in1, in2] = managerSees as [number, number];
      [out1, out2] = hidden.map((a) => a.id) as [number, number];
      list = await create(admin, {
        name: 'Vivier national',
        type: 'shared',
        collaborative: true,
        shared_user_ids: [id.manager],
      });
      const added = await admin.post(`/api/recruitment-lists/${list.id}/applicants`, {
        applicant_ids: [out1, in1, out2, in2],
      });
      expect(added.statusCode, added.body).toBe(200);
    });

    it('a manager sees those of their scope and a count of the others, nothing of them', async () => {
      const detail = await detailOf(manager);
      expectNoneOf(detail.body);
      expect(detail.json<TRecruitmentList>()).toMatchObject({
        applicants: [in2, in1],
        hidden_applicants: 2,
        archived_applicants: 0,
        applicant_amount: 4,
      });
      const page = await pageOf(manager);
      expectNoneOf(page.body);
      expect(page.json<TRecruitmentListApplicantPage>()).toMatchObject({
        total: 2,
        hidden: 2,
        archived: 0,
        data: [{ id: in2 }, { id: in1 }],
      });
      // A search never tells whether a hidden applicant matches: the count stays.
      const searched = await pageOf(manager, `?search=${encodeURIComponent(hidden[0]!.lastname)}`);
      expectNoneOf(searched.body);
      expect(searched.json<TRecruitmentListApplicantPage>()).toMatchObject({
        total: 0,
        hidden: 2,
        data: [],
      });
      // The card shows the total, the same for everyone: shown + hidden + archived.
      const card = (await sheet(manager, '?filter[source]=shared&per_page=100')).data.find(
        (l) => l.id === list.id,
      );
      expect(card).toMatchObject({ applicant_amount: 4, archived_applicants: 0 });
      expect(card).not.toHaveProperty('hidden_applicants');
    });

    it('a manager can neither remove nor add one hidden from them; nothing moves', async () => {
      // 404, as on the applicant routes, alone or beside one they see.
      for (const ids of [[out1], [in1, out1], [out2, out2]]) {
        const res = await removeFrom(manager, list.id, ids);
        expect(res.statusCode, JSON.stringify(ids)).toBe(404);
        expectNoneOf(res.body);
      }
      expect(
        errors(
          await manager.post(`/api/recruitment-lists/${list.id}/applicants`, {
            applicant_ids: [out1],
          }),
        ),
      ).toEqual({ applicant_ids: ['unknown_applicant'] });
      const full = (await detailOf(admin)).json<TRecruitmentList>();
      expect(full).toMatchObject({ applicant_amount: 4 });
      expect(full.applicants).toEqual([in2, out2, in1, out1]);
      // One they see goes; the hidden ones stay, still counted.
      const removed = await removeFrom(manager, list.id, [in1]);
      expect(removed.statusCode, removed.body).toBe(200);
      expectNoneOf(removed.body);
      expect(removed.json<TRecruitmentList>()).toMatchObject({
        applicants: [in2],
        hidden_applicants: 2,
        applicant_amount: 3,
      });
      await admin.post(`/api/recruitment-lists/${list.id}/applicants`, { applicant_ids: [in1] });
    });

    it('project.see_all sees every entry, none hidden', async () => {
      const full = (await detailOf(admin)).json<TRecruitmentList>();
      expect(full).toMatchObject({ hidden_applicants: 0, applicant_amount: 4 });
      expect(new Set(full.applicants)).toEqual(new Set([in1, in2, out1, out2]));
      const page = (await pageOf(admin)).json<TRecruitmentListApplicantPage>();
      expect(page).toMatchObject({ total: 4, hidden: 0 });
      expect(new Set(page.data.map((a) => a.id))).toEqual(new Set([in1, in2, out1, out2]));
    });

    it('another company reaches neither the list nor, from its own list, one of our applicants', async () => {
      for (const path of ['', '/applicants']) {
        const res = await other.get(`/api/recruitment-lists/${list.id}${path}`);
        expect(res.statusCode).toBe(404);
        expectNoneOf(res.body);
      }
      expect((await removeFrom(other, list.id, [out1])).statusCode).toBe(404);
      // Its own list: our applicant is as unknown as one that does not exist (404, no oracle).
      const theirs = await create(other, { name: 'Vivier de la mairie', type: 'private' });
      for (const ids of [[out1], [2_000_000_000], [mairieApplicant, in1]])
        expect((await removeFrom(other, theirs.id, ids)).statusCode, JSON.stringify(ids)).toBe(404);
      expect((await removeFrom(other, theirs.id, [mairieApplicant])).statusCode).toBe(200);
      expect((await other.del(`/api/recruitment-lists/${theirs.id}`)).statusCode).toBe(204);
      expect((await detailOf(admin)).json<TRecruitmentList>().applicant_amount).toBe(4);
    });

    it('creating a list gives no sight: on their own list, the manager does not see them either', async () => {
      const own = await create(manager, {
        name: 'Vivier du manager',
        type: 'shared',
        collaborative: true,
        shared_user_ids: [id.admin],
      });
      const added = await admin.post(`/api/recruitment-lists/${own.id}/applicants`, {
        applicant_ids: [out1, in2],
      });
      expect(added.statusCode, added.body).toBe(200);
      const page = await pageOf(manager, '', own.id);
      expectNoneOf(page.body);
      expect(page.json<TRecruitmentListApplicantPage>()).toMatchObject({
        total: 1,
        hidden: 1,
        data: [{ id: in2 }],
      });
      expect((await detailOf(manager, own.id)).json<TRecruitmentList>()).toMatchObject({
        applicants: [in2],
        hidden_applicants: 1,
        is_owner: true,
      });
      expect((await removeFrom(manager, own.id, [out1])).statusCode).toBe(404);
      // Deleting their own list remains theirs: every entry goes with it.
      expect((await manager.del(`/api/recruitment-lists/${own.id}`)).statusCode).toBe(204);
    });
  });

  it('shows erased applicants apart, and searches the applicants by name', async () => {
    const list = await create(recruiter, { name: 'Vivier effacé', type: 'private' });
    const company = await db()
      .selectFrom('users')
      .select('company_id')
      .where('id', '=', id.recruiter)
      .executeTakeFirstOrThrow();
    const made = await insertApplicants(db(), [
      { company_id: company.company_id, firstname: 'Inès', lastname: 'Marchal' },
      { company_id: company.company_id, firstname: 'Hugo', lastname: 'Renaud' },
    ]);
    const [ines, hugo] = made.map((m) => m.applicant) as [number, number];
    await recruiter.post(`/api/recruitment-lists/${list.id}/applicants`, {
      applicant_ids: [ines, hugo, valmontApplicants[0]],
    });
    await db().deleteFrom('applicants').where('id', '=', hugo).execute();
    const got = (await recruiter.get(`/api/recruitment-lists/${list.id}`)).json<TRecruitmentList>();
    expect(got).toMatchObject({ archived_applicants: 1, applicant_amount: 3 });
    expect(new Set(got.applicants)).toEqual(new Set([ines, valmontApplicants[0]]));
    const page = (
      await recruiter.get(`/api/recruitment-lists/${list.id}/applicants?per_page=1`)
    ).json<TRecruitmentListApplicantPage>();
    expect(page).toMatchObject({ total: 2, archived: 1, last_page: 2, per_page: 1 });
    const found = (
      await recruiter.get(`/api/recruitment-lists/${list.id}/applicants?search=marchal%20in`)
    ).json<TRecruitmentListApplicantPage>();
    expect(found.data.map((a) => a.id)).toEqual([ines]);
    // Blind to accents and case: "ines" and "INÈS MAR" find Inès Marchal.
    for (const search of ['ines', 'INÈS MAR'])
      expect(
        (
          await recruiter.get(
            `/api/recruitment-lists/${list.id}/applicants?search=${encodeURIComponent(search)}`,
          )
        )
          .json<TRecruitmentListApplicantPage>()
          .data.map((a) => a.id),
        search,
      ).toEqual([ines]);
    const card = (await sheet(recruiter, '?filter[source]=own_private')).data.find(
      (l) => l.id === list.id,
    );
    expect(card).toMatchObject({ archived_applicants: 1, applicant_amount: 3 });
  });

  it('lists the company’s active users to share with, searchable and paged', async () => {
    const res = await admin.get('/api/recruitment-lists/users?per_page=100');
    expect(res.statusCode).toBe(200);
    const users = res.json<TRecruitmentListUserPage>();
    const ids = users.data.map((u) => u.id);
    expect(ids).toContain(id.manager);
    expect(ids).not.toContain(id.admin);
    expect(ids).not.toContain(id.other);
    const petit = (
      await admin.get('/api/recruitment-lists/users?search=PETIT')
    ).json<TRecruitmentListUserPage>();
    expect(petit.data.map((u) => u.id)).toEqual([id.manager]);
    // A user who left (inactive) is neither offered nor accepted.
    const now = new Date().toISOString();
    const managerRow = await db()
      .selectFrom('users')
      .select(['company_id', 'role_id'])
      .where('id', '=', id.manager)
      .executeTakeFirstOrThrow();
    const gone = await db()
      .insertInto('users')
      .values({
        ...demoUserRow(
          {
            company_id: managerRow.company_id,
            role_id: managerRow.role_id!,
            firstname: 'Ancien',
            lastname: 'Parti',
            email: 'parti@demo.test',
          },
          'not-a-hash',
          now,
        ),
        active: false,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const parti = (
      await admin.get('/api/recruitment-lists/users?search=parti')
    ).json<TRecruitmentListUserPage>();
    expect(parti.data).toEqual([]);
    expect(
      errors(
        await admin.post('/api/recruitment-lists', {
          name: 'x',
          type: 'shared',
          shared_user_ids: [id.manager, gone.id],
        }),
      ),
    ).toEqual({ shared_user_ids: ['unknown_user'] });
    const mairie = (
      await other.get('/api/recruitment-lists/users')
    ).json<TRecruitmentListUserPage>();
    expect(mairie.data.map((u) => u.id)).not.toContain(id.manager);
  });

  describe('the sheet', () => {
    let mine: TRecruitmentList[];
    let sharedWithMe: TRecruitmentList[];
    let fresh: Api;

    beforeAll(async () => {
      // The manager's own lists, and the recruiter's lists shared with them.
      fresh = manager;
      mine = [];
      for (const [name, type] of [
        ['Bravo', 'private'],
        ['alpha', 'shared'],
        ['Charlie', 'private'],
      ] as const) {
        mine.push(
          await create(fresh, {
            name,
            type,
            collaborative: false,
            shared_user_ids: type === 'shared' ? [id.recruiter] : [],
          }),
        );
      }
      sharedWithMe = [
        await create(recruiter, {
          name: 'Delta',
          type: 'shared',
          collaborative: true,
          shared_user_ids: [id.manager],
        }),
      ];
      await recruiter.post(`/api/recruitment-lists/${sharedWithMe[0]!.id}/applicants`, {
        applicant_ids: valmontApplicants.slice(0, 4),
      });
      await fresh.post(`/api/recruitment-lists/${mine[0]!.id}/applicants`, {
        applicant_ids: managerSees.slice(0, 1),
      });
    });

    const names = (page: TRecruitmentListPage) => page.data.map((l) => l.name);

    it('filters by source', async () => {
      expect(names(await sheet(fresh, '?filter[source]=own_private&sort=name_asc'))).toEqual([
        'Bravo',
        'Charlie',
      ]);
      expect(names(await sheet(fresh, '?source=own_shared'))).toEqual(['alpha']);
      const shared = await sheet(fresh, '?filter[source]=shared&sort=name_asc');
      expect(names(shared)).toContain('Delta');
      expect(names(shared)).not.toContain('Vivier privé');
      expect(shared.data.find((l) => l.name === 'Delta')).toMatchObject({
        is_owner: false,
        can_add: true,
        creator: { id: id.recruiter },
      });
      expect(errors(await fresh.get('/api/recruitment-lists?filter[source]=everyone'))).toEqual({
        'filter[source]': ['invalid'],
      });
      expect(errors(await fresh.get('/api/recruitment-lists?source=everyone'))).toEqual({
        source: ['invalid'],
      });
    });

    it('sorts by date (default), name and applicant amount, both ways', async () => {
      const mineOnly = (page: TRecruitmentListPage) =>
        names(page).filter((n) => ['alpha', 'Bravo', 'Charlie', 'Delta'].includes(n));
      expect(mineOnly(await sheet(fresh))).toEqual(['Delta', 'Charlie', 'alpha', 'Bravo']);
      expect(mineOnly(await sheet(fresh, '?sort=date_asc'))).toEqual([
        'Bravo',
        'alpha',
        'Charlie',
        'Delta',
      ]);
      const byName = mineOnly(await sheet(fresh, '?sort=name_asc'));
      expect(byName.map((n) => n.toLowerCase())).toEqual(['alpha', 'bravo', 'charlie', 'delta']);
      expect(mineOnly(await sheet(fresh, '?sort=-name'))).toEqual([...byName].reverse());
      const amounts = (await sheet(fresh, '?sort=applicant_amount_desc')).data.map(
        (l) => l.applicant_amount,
      );
      expect(amounts).toEqual([...amounts].sort((x, y) => y - x));
      expect(mineOnly(await sheet(fresh, '?sort=applicant_amount_desc'))[0]).toBe('Delta');
      const asc = (await sheet(fresh, '?sort=applicant_amount')).data.map(
        (l) => l.applicant_amount,
      );
      expect(asc).toEqual([...asc].sort((x, y) => x - y));
      expect(errors(await fresh.get('/api/recruitment-lists?sort=size'))).toEqual({
        sort: ['invalid'],
      });
    });

    it('pages from 1', async () => {
      const all = await sheet(fresh, '?per_page=100');
      const first = await sheet(fresh, '?per_page=2&page=1');
      const second = await sheet(fresh, '?per_page=2&page=2');
      expect(first).toMatchObject({
        current_page: 1,
        per_page: 2,
        total: all.total,
        last_page: Math.ceil(all.total / 2),
      });
      expect([...names(first), ...names(second)]).toEqual(names(all).slice(0, 4));
      expect(errors(await fresh.get('/api/recruitment-lists?page=0'))).toEqual({
        page: ['min_value:1'],
      });
    });

    it('never shows another company’s lists', async () => {
      await create(other, { name: 'Vivier mairie', type: 'private' });
      const page = await sheet(other, '?per_page=100');
      expect(names(page)).toEqual(['Vivier mairie']);
      expect(names(await sheet(admin, '?per_page=100'))).not.toContain('Vivier mairie');
    });
  });
});
