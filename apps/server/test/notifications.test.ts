import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TNotification, TNotificationPage } from '@embauche/contracts/notifications';
import { NotificationsRepository } from '../src/modules/notifications/notifications.repository.ts';
import { multipart } from './support/multipart.ts';
import { loadFixtures, type Fixtures } from './support/route-fixtures.ts';
import { signIn, startTestApp, type TestContext } from './support/test-app.ts';
import { testDatabases } from './support/test-databases.ts';

type Who = 'admin' | 'recruiter' | 'manager' | 'other';

/**
 * Issue 13 part 1 (docs/notifications.md): every call of spec 7 on one's own notifications,
 * another user's and another company's answering 404, exact counts under concurrent changes, and
 * the producers (a mention, a reply, documents received) with their live publication.
 */
describe.each(testDatabases())('notifications on $dialect', (testDb) => {
  let ctx: TestContext;
  let fx: Fixtures;
  let repo: NotificationsRepository;
  const cookies: Partial<Record<Who, string>> = {};
  const ids: Record<Who, number> = { admin: 0, recruiter: 0, manager: 0, other: 0 };
  let mairie: number;

  const call = (who: Who, method: 'GET' | 'POST' | 'DELETE', url: string) =>
    ctx.app.inject({ method, url, headers: { cookie: cookies[who]! } });
  const list = async (who: Who, query = '') => {
    const res = await call(who, 'GET', `/api/notifications${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TNotificationPage>();
  };
  const count = async (who: Who) => {
    const res = await call(who, 'GET', '/api/notifications/count');
    expect(res.statusCode, res.body).toBe(200);
    return res.json<number>();
  };
  const seed = (who: Who, n: number) =>
    repo.insert(
      who === 'other' ? mairie : fx.valmont,
      Array.from({ length: n }, () => ids[who]),
      JSON.stringify({ slug: 'comment_mention', source: 'applicant', route: '/applicants/1' }),
    );

  beforeAll(async () => {
    ctx = await startTestApp(testDb);
    fx = await loadFixtures(ctx);
    mairie = fx.mairie;
    repo = new NotificationsRepository(ctx.database.db);
    for (const [who, email] of [
      ['admin', 'admin@demo.test'],
      ['recruiter', 'recruiter@demo.test'],
      ['manager', 'manager@demo.test'],
      ['other', 'admin@other.test'],
    ] as const) {
      ids[who] = (
        await ctx.database.db
          .selectFrom('users')
          .select('id')
          .where('email', '=', email)
          .where('company_id', '=', who === 'other' ? fx.mairie : fx.valmont)
          .executeTakeFirstOrThrow()
      ).id;
      cookies[who] = await signIn(ctx.app, email);
    }
  }, 60_000);
  afterAll(() => ctx.close());

  it('tells the user who asked that the documents arrived (fixtures upload them)', async () => {
    const page = await list('admin');
    const received = page.data.filter((n) => n.data.slug === 'documents_received');
    expect(received.length).toBeGreaterThanOrEqual(1);
    expect(received[0]).toMatchObject({
      user_id: ids.admin,
      read_at: null,
      data: { source: 'applicant', count: 1, route: expect.stringMatching(/^\/applicants\/\d+$/) },
    });
    expect(received[0]!.data.applicant_name).toBeTruthy();
    // Nobody else was told.
    expect((await list('recruiter')).data.some((n) => n.data.slug === 'documents_received')).toBe(
      false,
    );
  });

  it('answers every call of spec 7 on the user’s own notifications', async () => {
    await call('recruiter', 'DELETE', '/api/notifications/delete-all');
    expect(await count('recruiter')).toBe(0);
    const rows = await seed('recruiter', 3);
    const [a, b, c] = rows.map((r) => r.id) as [number, number, number];
    expect(await count('recruiter')).toBe(3);
    // Newest first, paged.
    const first = await list('recruiter', '?per_page=2');
    expect(first).toMatchObject({ current_page: 1, last_page: 2, per_page: 2, total: 3 });
    expect(first.data.map((n) => n.id)).toEqual([c, b]);
    expect((await list('recruiter', '?page=2&per_page=2')).data.map((n) => n.id)).toEqual([a]);

    expect((await call('recruiter', 'POST', `/api/notifications/read/${b}`)).statusCode).toBe(204);
    expect(await count('recruiter')).toBe(2);
    // Read twice: still read, same count.
    expect((await call('recruiter', 'POST', `/api/notifications/read/${b}`)).statusCode).toBe(204);
    expect(await count('recruiter')).toBe(2);
    const unread = await list('recruiter', '?filter[status]=unread');
    expect(unread.data.map((n) => n.id)).toEqual([c, a]);
    const all = await list('recruiter', '?filter[status]=all');
    expect(all.data.find((n) => n.id === b)!.read_at).toEqual(expect.any(String));
    expect((await call('recruiter', 'GET', '/api/notifications?filter[status]=x')).statusCode).toBe(
      422,
    );

    expect((await call('recruiter', 'POST', `/api/notifications/unread/${b}`)).statusCode).toBe(
      204,
    );
    expect(await count('recruiter')).toBe(3);
    expect((await call('recruiter', 'POST', '/api/notifications/read-all')).statusCode).toBe(204);
    expect(await count('recruiter')).toBe(0);
    expect((await list('recruiter')).total).toBe(3);

    expect((await call('recruiter', 'DELETE', `/api/notifications/${a}`)).statusCode).toBe(204);
    expect((await call('recruiter', 'DELETE', `/api/notifications/${a}`)).statusCode).toBe(404);
    expect((await list('recruiter')).data.map((n) => n.id)).toEqual([c, b]);
    expect((await call('recruiter', 'DELETE', '/api/notifications/delete-all')).statusCode).toBe(
      204,
    );
    expect((await list('recruiter')).total).toBe(0);
    expect(await count('recruiter')).toBe(0);
  });

  it('pages on from the last one shown with filter[before], whatever arrives or goes meanwhile', async () => {
    await call('recruiter', 'DELETE', '/api/notifications/delete-all');
    const ids5 = (await seed('recruiter', 5)).map((r) => r.id);
    const first = await list('recruiter', '?per_page=2');
    expect(first.data.map((n) => n.id)).toEqual([ids5[4], ids5[3]]);
    // Meanwhile one arrives and one shown is deleted: reading on from the last shown skips none.
    await seed('recruiter', 1);
    await call('recruiter', 'DELETE', `/api/notifications/${ids5[4]}`);
    const next = await list('recruiter', `?per_page=2&filter[before]=${ids5[3]}`);
    expect(next.data.map((n) => n.id)).toEqual([ids5[2], ids5[1]]);
    expect(next).toMatchObject({ current_page: 1, last_page: 2, total: 3 });
    const last = await list('recruiter', `?per_page=2&filter[before]=${ids5[1]}`);
    expect(last.data.map((n) => n.id)).toEqual([ids5[0]]);
    expect(last).toMatchObject({ last_page: 1, total: 1 });
    // With the unread filter too; another user's ids do not leak through it.
    await call('recruiter', 'POST', `/api/notifications/read/${ids5[1]}`);
    const unread = await list('recruiter', `?filter[status]=unread&filter[before]=${ids5[3]}`);
    expect(unread.data.map((n) => n.id)).toEqual([ids5[2], ids5[0]]);
    expect(
      (await list('admin', `?filter[before]=${ids5[3]}`)).data.every(
        (n) => n.user_id === ids.admin,
      ),
    ).toBe(true);
    for (const bad of ['0', 'x', '-3'])
      expect(
        (await call('recruiter', 'GET', `/api/notifications?filter[before]=${bad}`)).statusCode,
      ).toBe(422);
  });

  it('another user’s or another company’s notification is not found, and never listed', async () => {
    const [mine] = await seed('manager', 1);
    const [theirs] = await seed('other', 1);
    for (const id of [mine!.id, theirs!.id]) {
      for (const [method, url] of [
        ['POST', `/api/notifications/read/${id}`],
        ['POST', `/api/notifications/unread/${id}`],
        ['DELETE', `/api/notifications/${id}`],
      ] as const)
        expect((await call('recruiter', method, url)).statusCode, `${method} ${url}`).toBe(404);
    }
    // Their changes-all touch their own rows only.
    await call('recruiter', 'POST', '/api/notifications/read-all');
    await call('recruiter', 'DELETE', '/api/notifications/delete-all');
    const managers = await list('manager');
    expect(managers.data.find((n) => n.id === mine!.id)).toMatchObject({ read_at: null });
    expect((await list('other')).data.map((n) => n.id)).toContain(theirs!.id);
    expect((await list('recruiter')).data.map((n) => n.id)).not.toContain(mine!.id);
    expect((await list('other')).data.map((n) => n.id)).not.toContain(mine!.id);
    // Anonymous: 401.
    expect((await ctx.app.inject({ url: '/api/notifications/count' })).statusCode).toBe(401);
  });

  it('keeps the count exact under concurrent read, unread and delete', async () => {
    await call('recruiter', 'DELETE', '/api/notifications/delete-all');
    const rows = (await seed('recruiter', 30)).map((r) => r.id);
    const toRead = rows.slice(0, 20);
    const toDelete = rows.slice(10, 25);
    const toUnread = rows.slice(0, 5);
    await Promise.all([
      ...toRead.map((id) => call('recruiter', 'POST', `/api/notifications/read/${id}`)),
      ...toDelete.map((id) => call('recruiter', 'DELETE', `/api/notifications/${id}`)),
    ]);
    await Promise.all([
      ...toUnread.map((id) => call('recruiter', 'POST', `/api/notifications/unread/${id}`)),
      ...toUnread.map((id) => call('recruiter', 'POST', `/api/notifications/read/${id}`)),
      ...toUnread.map((id) => call('recruiter', 'POST', `/api/notifications/unread/${id}`)),
    ]);
    const remaining = (await list('recruiter', '?per_page=100')).data;
    const unread = remaining.filter((n) => n.read_at === null).length;
    expect(remaining.length).toBe(15);
    expect(await count('recruiter')).toBe(unread);
    expect((await list('recruiter', '?filter[status]=unread&per_page=100')).total).toBe(unread);
    // 25..29 never read; 0..4 each ended on some state; 5..9 read.
    expect(unread).toBeGreaterThanOrEqual(5);
    expect(unread).toBeLessThanOrEqual(10);
    await Promise.all([
      call('recruiter', 'POST', '/api/notifications/read-all'),
      call('recruiter', 'POST', '/api/notifications/read-all'),
    ]);
    expect(await count('recruiter')).toBe(0);
  });

  it('a mention notifies the mentioned user only, published live on their topic', async () => {
    for (const who of ['admin', 'recruiter', 'manager'] as const)
      await call(who, 'DELETE', '/api/notifications/delete-all');
    const publish = vi.spyOn(ctx.app.hubPublisher, 'publish');
    const body = multipart(
      { text: '@Julien regarde ce profil', 'mentions[users][0]': String(ids.recruiter) },
      [],
    );
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/activity-feed?applicant_id=${fx.inside.applicant}`,
      payload: body.payload,
      headers: { ...body.headers, cookie: cookies.admin! },
    });
    expect(res.statusCode, res.body).toBe(201);
    const comment = res.json<{ id: number }>();
    const mine = (await list('recruiter')).data;
    expect(mine).toHaveLength(1);
    expect(mine[0]!.data).toMatchObject({
      slug: 'comment_mention',
      route: `/applicants/${fx.inside.applicant}`,
      user_name: expect.any(String),
    });
    expect((await list('admin')).total).toBe(0);
    expect((await list('manager')).total).toBe(0);
    expect(publish).toHaveBeenCalledTimes(1);
    const update = publish.mock.calls[0]![0];
    expect(update).toMatchObject({ topics: [`v2/user/${ids.recruiter}`], private: true });
    // The list adds whether the user still opens the target; a live one is always about one they do.
    expect({ ...(JSON.parse(update.data) as TNotification), target: 'open' }).toEqual(mine[0]);

    // A reply tells the thread's author (not the replier, already told people are not told twice).
    const reply = multipart({ text: 'Vu, merci', parent_id: String(comment.id) }, []);
    const r = await ctx.app.inject({
      method: 'POST',
      url: `/api/activity-feed?applicant_id=${fx.inside.applicant}`,
      payload: reply.payload,
      headers: { ...reply.headers, cookie: cookies.recruiter! },
    });
    expect(r.statusCode, r.body).toBe(201);
    const admins = (await list('admin')).data;
    expect(admins.map((n) => n.data.slug)).toEqual(['comment_reply']);
    expect((await list('recruiter')).total).toBe(1);
    publish.mockRestore();
  });

  it('a private comment tells no one outside its audience', async () => {
    await call('manager', 'DELETE', '/api/notifications/delete-all');
    await call('admin', 'DELETE', '/api/notifications/delete-all');
    // The manager writes a private thread for themself; the admin (not in it) cannot reply.
    const body = multipart({ text: 'Note privée', 'is_private[self]': '1' }, []);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/activity-feed?applicant_id=${fx.inside.applicant}`,
      payload: body.payload,
      headers: { ...body.headers, cookie: cookies.manager! },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await list('admin')).total).toBe(0);
    expect((await list('manager')).total).toBe(0);
  });
  it('copying applications to another offer tells its followers, as a new application does', async () => {
    for (const who of ['admin', 'recruiter', 'manager'] as const)
      await call(who, 'DELETE', '/api/notifications/delete-all');
    // The manager follows the in-scope offer; the admin copies an out-of-scope application onto it.
    const favorite = await call(
      'manager',
      'POST',
      `/api/projects/${fx.inside.project}/offers/${fx.inside.offer}/favorites`,
    );
    expect(favorite.statusCode, favorite.body).toBe(204);
    const publish = vi.spyOn(ctx.app.hubPublisher, 'publish');
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/projects/${fx.outside.project}/offers/${fx.outside.offer}/applications/duplicate`,
      payload: { application_id: fx.outside.application, job_offer_id: fx.inside.offer },
      headers: { cookie: cookies.admin! },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ created: unknown[] }>().created).toHaveLength(1);
    const mine = (await list('manager')).data;
    expect(mine).toHaveLength(1);
    expect(mine[0]!.data).toMatchObject({
      slug: 'application_received',
      source: 'applicant',
      route: `/applicants/${fx.outside.applicant}`,
      applicant_ids: [fx.outside.applicant],
      user_name: expect.any(String),
      offer_name: expect.any(String),
    });
    // The actor is not told; the notification went live on the follower's topic only.
    expect((await list('admin')).total).toBe(0);
    expect(publish).toHaveBeenCalledTimes(1);
    expect(publish.mock.calls[0]![0]).toMatchObject({
      topics: [`v2/user/${ids.manager}`],
      private: true,
    });
    publish.mockRestore();
    // Copying again creates nothing, and tells no one.
    const again = await ctx.app.inject({
      method: 'PUT',
      url: `/api/projects/${fx.outside.project}/offers/${fx.outside.offer}/applications/duplicate`,
      payload: { application_id: fx.outside.application, job_offer_id: fx.inside.offer },
      headers: { cookie: cookies.admin! },
    });
    expect(again.json<{ created: unknown[] }>().created).toHaveLength(0);
    expect((await list('manager')).total).toBe(1);
    // Several copied in one call: one notification with their count, opening the offer.
    const applied = ctx.database.db
      .selectFrom('applications')
      .select('applicant_id')
      .where('offer_id', '=', fx.inside.offer)
      .where('applicant_id', 'is not', null);
    const two = await ctx.database.db
      .selectFrom('applicants')
      .select('id')
      .where('company_id', '=', fx.valmont)
      .where('id', 'not in', applied as never)
      .orderBy('id')
      .limit(2)
      .execute();
    expect(two).toHaveLength(2);
    const batch = await ctx.app.inject({
      method: 'PUT',
      url: `/api/projects/${fx.outside.project}/offers/${fx.outside.offer}/applications/duplicate`,
      payload: { applicants_ids: two.map((a) => a.id), job_offer_id: fx.inside.offer },
      headers: { cookie: cookies.admin! },
    });
    expect(batch.statusCode, batch.body).toBe(200);
    expect(batch.json<{ created: unknown[] }>().created).toHaveLength(2);
    const after = (await list('manager')).data;
    expect(after).toHaveLength(2);
    expect(after[0]!.data).toMatchObject({
      slug: 'application_received',
      count: 2,
      route: `/projects/${fx.inside.project}/offer/${fx.inside.offer}`,
    });
    expect([...after[0]!.data.applicant_ids!].sort()).toEqual(two.map((a) => a.id).sort());
  });
  it('a bulk status change tells each follower once per offer and status, with the count', async () => {
    for (const who of ['admin', 'recruiter', 'manager'] as const)
      await call(who, 'DELETE', '/api/notifications/delete-all');
    // The manager follows the in-scope offer (the test above); it holds its own application and the copy.
    const apps = await ctx.database.db
      .selectFrom('applications')
      .select(['id', 'applicant_id'])
      .where('company_id', '=', fx.valmont)
      .where('offer_id', '=', fx.inside.offer)
      .orderBy('id')
      .execute();
    expect(apps.length).toBeGreaterThanOrEqual(2);
    for (const status_id of [4, 3]) {
      const res = await ctx.app.inject({
        method: 'PUT',
        url: '/api/treatment/applications/statuses',
        payload: apps.map((a) => ({ application_id: a.id, status_id })),
        headers: { cookie: cookies.admin! },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<{ changed: number[] }>().changed).toHaveLength(apps.length);
    }
    const mine = (await list('manager')).data;
    // One per change of the whole set, not one per application.
    expect(mine).toHaveLength(2);
    expect(mine.map((n) => n.data.status_name).sort()).toEqual(['interview', 'phone_interview']);
    for (const n of mine) {
      expect(n.data).toMatchObject({
        slug: 'favorite_offer_status_changed',
        count: apps.length,
        route: `/projects/${fx.inside.project}/offer/${fx.inside.offer}`,
      });
      expect([...n.data.applicant_ids!].sort()).toEqual(
        [...new Set(apps.map((a) => a.applicant_id))].sort(),
      );
      expect(n.data.applicant_name).toBeUndefined();
    }
    // A single change still names its applicant.
    await call('manager', 'DELETE', '/api/notifications/delete-all');
    const one = await ctx.app.inject({
      method: 'PUT',
      url: '/api/treatment/applications/statuses',
      payload: [{ application_id: apps[0]!.id, status_id: 2 }],
      headers: { cookie: cookies.admin! },
    });
    expect(one.statusCode, one.body).toBe(200);
    const single = (await list('manager')).data;
    expect(single).toHaveLength(1);
    expect(single[0]!.data).toMatchObject({
      applicant_ids: [apps[0]!.applicant_id],
      route: `/applicants/${apps[0]!.applicant_id}`,
    });
    expect(single[0]!.data.count).toBeUndefined();
    // Nobody outside the company was told.
    expect(
      (await list('other')).data.some((n) => n.data.slug === 'favorite_offer_status_changed'),
    ).toBe(false);
  });
});
