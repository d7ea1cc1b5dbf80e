import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TFeedPostAnswer, TMentionables } from '@embauche/contracts/activity-feed';
import type { TNotificationPage, TNotificationTarget } from '@embauche/contracts/notifications';
import { multipart } from './support/multipart.ts';
import { loadFixtures, type Fixtures } from './support/route-fixtures.ts';
import { signIn, startTestApp, type TestContext } from './support/test-app.ts';
import { testDatabases } from './support/test-databases.ts';

type Who = 'admin' | 'recruiter' | 'manager' | 'other';

/**
 * Issue 35 item 2: a mention reaches only people who can open what the comment is on. The picker
 * offers them (the others greyed with the reason), the server notifies no one else and says whom
 * it left out, and a notification whose target has since become inaccessible says so (with whom to
 * ask) rather than "not found". Another company's users are never offered nor notified.
 */
describe.each(testDatabases())('mentions within reach on $dialect', (testDb) => {
  let ctx: TestContext;
  let fx: Fixtures;
  const cookies: Partial<Record<Who, string>> = {};
  const ids: Record<Who, number> = { admin: 0, recruiter: 0, manager: 0, other: 0 };
  let group = 0;

  const get = (who: Who, url: string) =>
    ctx.app.inject({ method: 'GET', url, headers: { cookie: cookies[who]! } });
  const mentionables = async (who: Who, query: string, search = 'nofilter') => {
    const res = await get(who, `/api/users/mentions/${search}?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TMentionables>();
  };
  const notifications = async (who: Who) => {
    const res = await get(who, '/api/notifications');
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TNotificationPage>();
  };
  const clear = (who: Who) =>
    ctx.app.inject({
      method: 'DELETE',
      url: '/api/notifications/delete-all',
      headers: { cookie: cookies[who]! },
    });
  const post = async (who: Who, query: string, fields: Record<string, string>) => {
    const body = multipart(fields, []);
    return ctx.app.inject({
      method: 'POST',
      url: `/api/activity-feed?${query}`,
      payload: body.payload,
      headers: { ...body.headers, cookie: cookies[who]! },
    });
  };

  beforeAll(async () => {
    ctx = await startTestApp(testDb);
    fx = await loadFixtures(ctx);
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
    // A group of the recruiter (sees every project) and the manager (paris15 only).
    group = (
      await ctx.database.db
        .insertInto('user_groups')
        .values({
          company_id: fx.valmont,
          name: 'Binôme reach',
          level: 0,
          created_at: new Date().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    await ctx.database.db
      .insertInto('user_group_members')
      .values([
        { group_id: group, user_id: ids.recruiter },
        { group_id: group, user_id: ids.manager },
      ])
      .execute();
  }, 60_000);
  afterAll(() => ctx.close());

  it('offers those who open the applicant, the others greyed with the reason', async () => {
    const outside = await mentionables('admin', `applicant_id=${fx.outside.applicant}`);
    const manager = outside.users.find((u) => u.id === ids.manager);
    expect(manager).toMatchObject({ mentionable: false, reason: 'no_access' });
    expect(outside.users.find((u) => u.id === ids.recruiter)).toMatchObject({
      mentionable: true,
      reason: null,
    });
    // The mentionable come first.
    const firstGrey = outside.users.findIndex((u) => !u.mentionable);
    expect(outside.users.slice(firstGrey).every((u) => !u.mentionable)).toBe(true);
    expect(outside.groups.find((g) => g.id === group)).toMatchObject({
      members: 2,
      reachable_members: 1,
    });

    const inside = await mentionables('admin', `applicant_id=${fx.inside.applicant}`);
    expect(inside.users.find((u) => u.id === ids.manager)).toMatchObject({ mentionable: true });
    expect(inside.groups.find((g) => g.id === group)).toMatchObject({ reachable_members: 2 });

    // An offer's feed: the same rule on the offer.
    const offer = await mentionables('admin', `offer_id=${fx.outside.offer}`);
    expect(offer.users.find((u) => u.id === ids.manager)).toMatchObject({
      mentionable: false,
      reason: 'no_access',
    });
    expect(
      (await mentionables('admin', `offer_id=${fx.inside.offer}`)).users.find(
        (u) => u.id === ids.manager,
      ),
    ).toMatchObject({ mentionable: true });

    // A search narrows both lists.
    const searched = await mentionables('admin', `applicant_id=${fx.outside.applicant}`, 'manager');
    expect(searched.users.map((u) => u.id)).toContain(ids.manager);
    expect(searched.users.every((u) => /manager/i.test(`${u.email}`))).toBe(true);
  });

  it('never lists another company’s users, and hides a target the caller does not see', async () => {
    const theirs = await mentionables('other', '', 'nofilter');
    expect(theirs.users.some((u) => [ids.admin, ids.recruiter, ids.manager].includes(u.id))).toBe(
      false,
    );
    // Valmont's applicant named by Mairie's admin: not found, as for a user out of scope.
    expect(
      (await get('other', `/api/users/mentions/nofilter?applicant_id=${fx.inside.applicant}`))
        .statusCode,
    ).toBe(404);
    expect(
      (await get('manager', `/api/users/mentions/nofilter?applicant_id=${fx.outside.applicant}`))
        .statusCode,
    ).toBe(404);
    const ours = await mentionables('admin', `applicant_id=${fx.inside.applicant}`);
    expect(ours.users.some((u) => u.id === ids.other)).toBe(false);
    // Mentioning Mairie's admin from Valmont is refused, and tells nobody.
    await clear('other');
    const res = await post('admin', `applicant_id=${fx.inside.applicant}`, {
      text: '@Autre',
      'mentions[users][0]': String(ids.other),
    });
    expect(res.statusCode).toBe(422);
    expect((await notifications('other')).total).toBe(0);
  });

  it('notifies only those who open the applicant and answers whom it left out', async () => {
    for (const who of ['recruiter', 'manager'] as const) await clear(who);
    const res = await post('admin', `applicant_id=${fx.outside.applicant}`, {
      text: '@Manager @Recruteur regardez',
      'mentions[users][0]': String(ids.manager),
      'mentions[users][1]': String(ids.recruiter),
    });
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json<TFeedPostAnswer>();
    expect(answer.dropped_mentions.users.map((u) => u.id)).toEqual([ids.manager]);
    expect(answer.dropped_mentions.users[0]!.firstname).toBeTruthy();
    // The comment keeps its words and mentions; only the notification is held back.
    expect(answer.mentions.users.map((u) => u.id).sort()).toEqual(
      [ids.manager, ids.recruiter].sort(),
    );
    expect((await notifications('manager')).total).toBe(0);
    expect((await notifications('recruiter')).data.map((n) => n.data.slug)).toEqual([
      'comment_mention',
    ]);

    // Through a group: its members who open it are told, the others are named as left out.
    await clear('recruiter');
    const viaGroup = await post('admin', `applicant_id=${fx.outside.applicant}`, {
      text: '@Binôme reach',
      'mentions[group][0]': String(group),
    });
    expect(viaGroup.statusCode, viaGroup.body).toBe(201);
    expect(viaGroup.json<TFeedPostAnswer>().dropped_mentions.users.map((u) => u.id)).toEqual([
      ids.manager,
    ]);
    expect((await notifications('manager')).total).toBe(0);
    expect((await notifications('recruiter')).total).toBe(1);

    // On an offer's feed out of the manager's scope, the same.
    const onOffer = await post('admin', `offer_id=${fx.outside.offer}`, {
      text: '@Manager',
      'mentions[users][0]': String(ids.manager),
    });
    expect(onOffer.statusCode, onOffer.body).toBe(201);
    expect(onOffer.json<TFeedPostAnswer>().dropped_mentions.users.map((u) => u.id)).toEqual([
      ids.manager,
    ]);
    expect((await notifications('manager')).total).toBe(0);

    // In scope: told, nobody left out.
    const inScope = await post('admin', `applicant_id=${fx.inside.applicant}`, {
      text: '@Manager',
      'mentions[users][0]': String(ids.manager),
    });
    expect(inScope.statusCode, inScope.body).toBe(201);
    expect(inScope.json<TFeedPostAnswer>().dropped_mentions.users).toEqual([]);
    const mine = await notifications('manager');
    expect(mine.data.map((n) => [n.data.slug, n.target])).toEqual([['comment_mention', 'open']]);
  });

  it('a notification whose target became inaccessible says so, with whom to ask', async () => {
    await clear('manager');
    const res = await post('admin', `applicant_id=${fx.inside.applicant}`, {
      text: '@Manager à voir',
      'mentions[users][0]': String(ids.manager),
    });
    expect(res.statusCode, res.body).toBe(201);
    const [notification] = (await notifications('manager')).data;
    expect(notification).toMatchObject({ target: 'open' });
    const open = await get('manager', `/api/notifications/${notification!.id}/target`);
    expect(open.statusCode, open.body).toBe(200);
    expect(open.json<TNotificationTarget>()).toMatchObject({
      state: 'open',
      kind: 'applicant',
      contacts: [],
    });

    // The manager leaves the project (and loses any direct grant): the applicant is out of reach.
    const { db } = ctx.database;
    const grants = await db
      .selectFrom('project_users')
      .selectAll()
      .where('user_id', '=', ids.manager)
      .execute();
    const offerGrants = await db
      .selectFrom('offer_users')
      .selectAll()
      .where('user_id', '=', ids.manager)
      .execute();
    await db.deleteFrom('project_users').where('user_id', '=', ids.manager).execute();
    await db.deleteFrom('offer_users').where('user_id', '=', ids.manager).execute();
    await db.deleteFrom('user_group_members').where('user_id', '=', ids.manager).execute();
    try {
      expect((await notifications('manager')).data[0]).toMatchObject({ target: 'no_access' });
      const lost = await get('manager', `/api/notifications/${notification!.id}/target`);
      expect(lost.statusCode, lost.body).toBe(200);
      const body = lost.json<TNotificationTarget>();
      expect(body).toMatchObject({
        state: 'no_access',
        kind: 'applicant',
        name: notification!.data.applicant_name,
      });
      // Whom to ask: the company's administrators, never another company's.
      expect(body.contacts.map((c) => c.id)).toContain(ids.admin);
      expect(body.contacts.some((c) => c.id === ids.other)).toBe(false);
      // The applicant's own route still answers 404: nothing new is revealed there.
      expect((await get('manager', `/api/applicants/${fx.inside.applicant}`)).statusCode).toBe(404);
    } finally {
      if (grants.length) await db.insertInto('project_users').values(grants).execute();
      if (offerGrants.length) await db.insertInto('offer_users').values(offerGrants).execute();
    }
    // Another user's notification, or one of another company: 404.
    expect((await get('admin', `/api/notifications/${notification!.id}/target`)).statusCode).toBe(
      404,
    );
    expect((await get('other', `/api/notifications/${notification!.id}/target`)).statusCode).toBe(
      404,
    );
  });

  it('a notification whose applicant was deleted says it is gone', async () => {
    const { db } = ctx.database;
    const [row] = await db
      .insertInto('notifications')
      .values({
        company_id: fx.valmont,
        user_id: ids.recruiter,
        data: JSON.stringify({
          slug: 'comment_mention',
          source: 'applicant',
          route: '/applicants/987654321',
          applicant_name: 'Ancien Candidat',
        }),
        read_at: null,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .execute();
    const res = await get('recruiter', `/api/notifications/${row!.id}/target`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TNotificationTarget>()).toMatchObject({
      state: 'gone',
      name: 'Ancien Candidat',
    });
  });
});
