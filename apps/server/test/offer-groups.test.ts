import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TOfferGroups } from '@embauche/contracts/groups';
import { apiAs, projectId, type Api } from './support/api.ts';
import { signIn, startTestApp, type TestContext } from './support/test-app.ts';
import { testDatabases } from './support/test-databases.ts';

type Res = { statusCode: number; body: string; json: <T>() => T };

/**
 * Offers granted to groups (issue 16 item 2, contracts/groups.ts): a member sees the offer exactly
 * as a user granted it directly; a non-member does not; leaving the group, the group's deletion or
 * the grant's revocation end the access on the next request; another company's offer or group 404.
 */
describe.each(testDatabases())('offers granted to groups on $dialect', (testDb) => {
  let ctx: TestContext;
  let admin: Api;
  let other: Api;
  let manager: Api;
  let managerId: number;
  let finance: number;
  let offerId: number;

  const ok = <T>(res: Res, status = 200) => {
    expect(res.statusCode, res.body).toBe(status);
    return res.json<T>();
  };
  const group = async (api: Api, name: string) =>
    ok<{ id: number }>(await api.post('/api/groups', { name }), 201).id;
  const setMembers = async (id: number, user_ids: number[]) =>
    expect((await admin.put(`/api/groups/${id}/members`, { user_ids })).statusCode).toBe(204);
  /** What the manager sees of the offer: its list entries, the direct-access list, the detail. */
  const managerSight = async () => {
    const all = ok<{ data: { id: number }[] }>(
      await manager.get('/api/projects/all/offers?per_page=100'),
    );
    const direct = ok<{ data: { id: number }[] }>(
      await manager.get('/api/projects/offers-direct-access/offers?per_page=100'),
    );
    const detail = await manager.get(`/api/projects/all/offers/${offerId}`);
    const feed = await manager.get(`/api/activity-feed?offer_id=${offerId}`);
    // The offer's page names its own project, which the manager does not see.
    const page = await manager.get(`/api/projects/${finance}/offers/${offerId}`);
    const applications = await manager.get(
      `/api/projects/${finance}/offers/${offerId}/applications?page=1`,
    );
    return {
      listed: all.data.some((o) => o.id === offerId),
      direct: direct.data.some((o) => o.id === offerId),
      detail: detail.statusCode,
      feed: feed.statusCode,
      page: page.statusCode,
      applications: applications.statusCode,
    };
  };
  const sees = { listed: true, direct: true, detail: 200, feed: 200, page: 200, applications: 200 };
  // The offer of the company the manager does not reach: 403 on the offer (as for its users), 404
  // on its feed (an out-of-scope object).
  const blind = {
    listed: false,
    direct: false,
    detail: 403,
    feed: 404,
    page: 403,
    applications: 403,
  };

  beforeAll(async () => {
    ctx = await startTestApp(testDb);
    admin = apiAs(ctx.app, await signIn(ctx.app, 'admin@demo.test'));
    other = apiAs(ctx.app, await signIn(ctx.app, 'admin@other.test'));
    manager = apiAs(ctx.app, await signIn(ctx.app, 'manager@demo.test'));
    finance = await projectId(admin, 'Finance et contrôle de gestion');
    offerId = ok<{ id: number }>(
      await admin.post(`/api/projects/${finance}/offers`, { job_position: 'Accès par groupe' }),
      201,
    ).id;
    const me = ok<{ id: number }>(await manager.get('/api/me'));
    managerId = me.id;
  });
  afterAll(() => ctx.close());

  it('a member sees the offer as if granted directly; a non-member does not', async () => {
    const jury = await group(admin, 'Jury finance');
    const url = `/api/offer/${offerId}/groups`;
    expect(ok<TOfferGroups>(await admin.get(url))).toEqual([]);
    const picker = ok<TOfferGroups>(
      await admin.get(`/api/offer/${offerId}/groups-without-offer-access?search=jury`),
    );
    expect(picker.map((g) => g.id)).toEqual([jury]);
    expect(await managerSight()).toEqual(blind);

    const granted = ok<TOfferGroups>(await admin.put(`${url}/${jury}`));
    expect(granted).toEqual([{ id: jury, name: 'Jury finance', member_count: 0 }]);
    expect(ok<TOfferGroups>(await admin.put(`${url}/${jury}`))).toEqual(granted);
    expect(ok<TOfferGroups>(await admin.get(url))).toEqual(granted);
    expect(
      ok<TOfferGroups>(await admin.get(`/api/offer/${offerId}/groups-without-offer-access`)).map(
        (g) => g.id,
      ),
    ).not.toContain(jury);
    // Granted to a group the manager is not in: nothing changes for them.
    expect(await managerSight()).toEqual(blind);

    await setMembers(jury, [managerId]);
    expect(await managerSight()).toEqual(sees);
    // The member counts as having access: the picker of users to grant leaves them out.
    const without = ok<{ id: number }[]>(
      await admin.get(`/api/projects/${finance}/users-without-access?offer_id=${offerId}`),
    );
    expect(without.map((u) => u.id)).not.toContain(managerId);
    // A member reads what a user granted it reads, not more: no write permission on the grants.
    expect((await manager.put(`${url}/${jury}`)).statusCode).toBe(403);
    expect((await manager.del(`${url}/${jury}`)).statusCode).toBe(403);

    const audit = ok<{ data: { action: string }[] }>(
      await admin.get('/api/activity-logs?per_page=20'),
    );
    expect(audit.data.map((e) => e.action)).toContain('group.offer_granted');
  });

  it('leaving the group, revoking the grant or deleting the group ends the access', async () => {
    const panel = await group(admin, 'Panel finance');
    const url = `/api/offer/${offerId}/groups/${panel}`;
    ok(await admin.put(url));
    await setMembers(panel, [managerId]);
    // Also in "Jury finance" from the first test: leave it so that only "Panel finance" grants.
    const jury = ok<TOfferGroups>(await admin.get(`/api/offer/${offerId}/groups`)).find(
      (g) => g.name === 'Jury finance',
    )!;
    await setMembers(jury.id, []);
    expect(await managerSight()).toEqual(sees);

    await setMembers(panel, []);
    expect(await managerSight()).toEqual(blind);

    await setMembers(panel, [managerId]);
    expect(await managerSight()).toEqual(sees);
    expect((await admin.del(url)).statusCode).toBe(204);
    expect(await managerSight()).toEqual(blind);
    expect((await admin.del(url)).statusCode).toBe(204);

    ok(await admin.put(url));
    expect(await managerSight()).toEqual(sees);
    expect((await admin.del(`/api/groups/${panel}`)).statusCode).toBe(204);
    expect(await managerSight()).toEqual(blind);
    expect(ok<TOfferGroups>(await admin.get(`/api/offer/${offerId}/groups`))).toEqual([
      { id: jury.id, name: 'Jury finance', member_count: 0 },
    ]);
    // The deleted group is gone: granting it answers 404.
    expect((await admin.put(url)).statusCode).toBe(404);
  });

  it("another company's offer or group answers 404", async () => {
    const theirs = await group(other, 'Jury de la mairie');
    const ours = await group(admin, 'Jury local');
    expect((await admin.put(`/api/offer/${offerId}/groups/${theirs}`)).statusCode).toBe(404);
    expect((await admin.del(`/api/offer/${offerId}/groups/${theirs}`)).statusCode).toBe(404);
    expect((await other.put(`/api/offer/${offerId}/groups/${theirs}`)).statusCode).toBe(404);
    expect((await other.put(`/api/offer/${offerId}/groups/${ours}`)).statusCode).toBe(404);
    expect((await other.get(`/api/offer/${offerId}/groups`)).statusCode).toBe(404);
    expect((await other.get(`/api/offer/${offerId}/groups-without-offer-access`)).statusCode).toBe(
      404,
    );
    // Their group never shows in our picker.
    const picker = ok<TOfferGroups>(
      await admin.get(`/api/offer/${offerId}/groups-without-offer-access`),
    );
    expect(picker.map((g) => g.id)).toContain(ours);
    expect(picker.map((g) => g.id)).not.toContain(theirs);
    expect((await admin.put(`/api/offer/99999999/groups/${ours}`)).statusCode).toBe(404);
  });
});
