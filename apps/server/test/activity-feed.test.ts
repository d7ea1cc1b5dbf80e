import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import {
  ZFeedCommentRequest,
  type TFeedEntry,
  type TFeedPage,
} from '@embauche/contracts/activity-feed';
import { ActivityFeedRepository } from '../src/modules/activity-feed/activity-feed.repository.ts';
import {
  OutsiderFeedService,
  type OutsiderShare,
} from '../src/modules/activity-feed/outsider-feed.service.ts';
import { LocalDiskStorage } from '../src/platform/storage/local-disk-storage.ts';
import { newUserRow } from '../src/platform/db/new-user.ts';
import { multipart, type Part } from './support/multipart.ts';
import {
  createUserWithoutPermissions,
  loadFixtures,
  PNG,
  type Fixtures,
} from './support/route-fixtures.ts';
import { signIn, startTestApp, type TestContext } from './support/test-app.ts';
import { testDatabases } from './support/test-databases.ts';

type Who = 'admin' | 'recruiter' | 'manager' | 'multi' | 'other' | 'nobody';

/**
 * Issue 12, activity feed (docs/activity-feed.md): who sees which comment (author, chosen user,
 * chosen subsidiary, another user of the company, another company, a shared-link viewer), mentions
 * within a private comment's audience, replies, edits, deletion, files, the product's events,
 * filters, categories and paging.
 */
describe.each(testDatabases())('activity feed on $dialect', (testDb) => {
  let ctx: TestContext;
  let fx: Fixtures;
  const cookies: Partial<Record<Who, string>> = {};
  const ids: Record<'admin' | 'recruiter' | 'manager' | 'multi', number> = {
    admin: 0,
    recruiter: 0,
    manager: 0,
    multi: 0,
  };
  let lyon: number;
  let lyonGroup: number;
  let applicant: number;

  const call = (
    who: Who,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    extra: { payload?: string | Buffer | object; headers?: Record<string, string> } = {},
  ) =>
    ctx.app.inject({
      method,
      url,
      headers: { cookie: cookies[who]!, ...extra.headers },
      ...(extra.payload !== undefined ? { payload: extra.payload } : {}),
    });

  /** Posts a comment as multipart, fields as the spec names them. */
  const post = (
    who: Who,
    target: string,
    fields: Record<string, string | string[]>,
    files: Part[] = [],
  ) => {
    const body = multipart(fields, files);
    return call(who, 'POST', `/api/activity-feed?${target}`, {
      payload: body.payload,
      headers: body.headers,
    });
  };

  const feed = async (
    who: Who,
    url = `/api/applicants/${applicant}/activity-feed?per_page=100`,
  ) => {
    const res = await call(who, 'GET', url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TFeedPage>();
  };
  const texts = (page: TFeedPage) =>
    page.data.filter((e) => e.kind === 'comment').map((e) => e.text);
  const created = (res: LightMyRequestResponse) => {
    expect(res.statusCode, res.body).toBe(201);
    return res.json<TFeedEntry>();
  };

  beforeAll(async () => {
    ctx = await startTestApp(testDb);
    fx = await loadFixtures(ctx);
    const { db } = ctx.database;
    for (const [who, email] of [
      ['admin', 'admin@demo.test'],
      ['recruiter', 'recruiter@demo.test'],
      ['manager', 'manager@demo.test'],
      ['multi', 'multi@demo.test'],
    ] as const) {
      const row = await db
        .selectFrom('users')
        .select(['id', 'subsidiary_id'])
        .where('company_id', '=', fx.valmont)
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      ids[who] = row.id;
      if (who === 'recruiter') lyon = row.subsidiary_id!;
      cookies[who] =
        who === 'multi'
          ? await signIn(ctx.app, email, undefined, row.id)
          : await signIn(ctx.app, email);
    }
    cookies.other = await signIn(ctx.app, 'admin@other.test');
    cookies.nobody = await createUserWithoutPermissions(ctx, fx.valmont);
    lyonGroup = (
      await db
        .selectFrom('user_groups')
        .select('id')
        .where('company_id', '=', fx.valmont)
        .where('name', '=', 'Recrutement Lyon')
        .executeTakeFirstOrThrow()
    ).id;
    await db
      .insertInto('user_group_members')
      .values([
        { group_id: lyonGroup, user_id: ids.recruiter },
        { group_id: lyonGroup, user_id: ids.multi },
      ])
      .execute();
    // An applicant that the manager (no project.see_all) sees too: privacy, not scope, decides.
    applicant = fx.inside.applicant;
  }, 60_000);
  afterAll(() => ctx.close());

  it('shows each private comment to its audience only, decided by the server', async () => {
    const target = `applicant_id=${applicant}`;
    created(await post('recruiter', target, { text: 'Public de Julien' }));
    created(await post('recruiter', target, { text: 'Pour moi seul', 'is_private[self]': '1' }));
    created(
      await post('recruiter', target, {
        text: 'Pour Thomas',
        'is_private[users][0]': String(ids.manager),
      }),
    );
    created(
      await post('admin', target, {
        text: 'Pour Lyon',
        'is_private[subsidiaries][0]': String(lyon),
      }),
    );
    const seen = {
      recruiter: texts(await feed('recruiter')),
      manager: texts(await feed('manager')),
      admin: texts(await feed('admin')),
      multi: texts(await feed('multi')),
    };
    // Author: their own private comments; chosen user; chosen subsidiary (Julien is in Lyon).
    expect(seen.recruiter).toEqual(
      expect.arrayContaining(['Public de Julien', 'Pour moi seul', 'Pour Thomas', 'Pour Lyon']),
    );
    expect(seen.manager).toEqual(expect.arrayContaining(['Public de Julien', 'Pour Thomas']));
    expect(seen.manager).not.toContain('Pour moi seul');
    expect(seen.manager).not.toContain('Pour Lyon');
    // The author of "Pour Lyon" sees it; an administrator does not see others' private comments.
    expect(seen.admin).toEqual(expect.arrayContaining(['Public de Julien', 'Pour Lyon']));
    expect(seen.admin).not.toContain('Pour moi seul');
    expect(seen.admin).not.toContain('Pour Thomas');
    // Another user of the company, in no audience: public comments only.
    expect(seen.multi).toContain('Public de Julien');
    for (const t of ['Pour moi seul', 'Pour Thomas', 'Pour Lyon'])
      expect(seen.multi).not.toContain(t);
    // Counts follow the same rule.
    const counts = (who: Who) =>
      call(who, 'GET', `/api/activity-feed/categories?${target}`).then(
        (r) => r.json<{ categories: { category: string; count: number }[] }>().categories,
      );
    const comments = async (who: Who) =>
      (await counts(who)).find((c) => c.category === 'comments')!.count;
    expect(await comments('recruiter')).toBe((await comments('multi')) + 3);
    // The audience is shown to those who see the comment.
    const forThomas = (await feed('manager')).data.find((e) => e.text === 'Pour Thomas')!;
    expect(forThomas).toMatchObject({ is_private: true, can_edit: false, can_delete: false });
    expect(forThomas.audience.users.map((u) => u.id)).toEqual([ids.manager]);
  });

  it('a shared-link viewer reads public comments only and posts as an outsider', async () => {
    // The share module will hand the service this; here the service is called directly.
    const service = new OutsiderFeedService(
      new ActivityFeedRepository(ctx.database.db, ctx.database.dialect),
      new LocalDiskStorage(path.join(ctx.config.dataDir, 'uploads')),
    );
    const share: OutsiderShare = {
      companyId: fx.valmont,
      applicantId: applicant,
      offerId: null,
      shareKey: 'share-1',
    };
    const input = (extra: object) => ZFeedCommentRequest.parse({ text: 'Bonjour', ...extra });
    const none = { isPrivate: false, mentions: false };
    const page = await service.outsiderList(share, { per_page: '100' });
    expect(page.data.length).toBeGreaterThan(0);
    expect(page.data.every((e) => e.kind === 'comment' && !e.is_private)).toBe(true);
    const seen = page.data.map((e) => e.text);
    expect(seen).toContain('Public de Julien');
    for (const t of ['Pour moi seul', 'Pour Thomas', 'Pour Lyon']) expect(seen).not.toContain(t);

    const { entry } = await service.outsiderPost(share, ' Marie Externe ', input({}), none, [
      { field: 'files[0]', filename: 'cv.png', data: PNG },
    ]);
    expect(entry).toMatchObject({
      author: { type: 'outsider', name: 'Marie Externe' },
      is_private: false,
      can_edit: true,
      can_delete: true,
    });
    // Users see it marked as the outsider's; they may not edit it.
    const asUser = (await feed('multi')).data.find((e) => e.id === entry.id)!;
    expect(asUser).toMatchObject({
      author: { type: 'outsider' },
      can_edit: false,
      can_delete: false,
    });
    const file = await service.outsiderAttachment(share, entry.files[0]!.id);
    expect(file.mime).toBe('image/png');

    // No privacy, no mentions, no answering a private comment, no share of another applicant.
    await expect(
      service.outsiderPost(share, 'X', input({ is_private: { self: '1' } }), none, []),
    ).rejects.toMatchObject({ statusCode: 422, errors: { is_private: ['invalid'] } });
    await expect(
      service.outsiderPost(share, 'X', input({ mentions: { users: [ids.admin] } }), none, []),
    ).rejects.toMatchObject({ statusCode: 422, errors: { mentions: ['invalid'] } });
    await expect(service.outsiderPost(share, '  ', input({}), none, [])).rejects.toMatchObject({
      statusCode: 422,
      errors: { name: ['field_required'] },
    });
    const hidden = (await feed('recruiter')).data.find((e) => e.text === 'Pour moi seul')!;
    await expect(
      service.outsiderPost(share, 'X', input({ parent_id: hidden.id }), none, []),
    ).rejects.toMatchObject({ statusCode: 422, errors: { parent_id: ['invalid'] } });
    const elsewhere = { ...share, applicantId: fx.outside.applicant, shareKey: 'share-2' };
    const theirs = await service.outsiderList(elsewhere, {});
    expect(theirs.data.some((e) => e.id === entry.id)).toBe(false);
    await expect(service.outsiderAttachment(elsewhere, entry.files[0]!.id)).rejects.toMatchObject({
      statusCode: 404,
    });
    // Only the share that wrote it deletes it.
    await expect(service.outsiderRemove(elsewhere, entry.id)).rejects.toMatchObject({
      statusCode: 404,
    });
    await service.outsiderRemove(share, entry.id);
    expect((await feed('admin')).data.some((e) => e.id === entry.id)).toBe(false);
  });

  it('another company: every feed route answers 404', async () => {
    const entry = created(
      await post('admin', `applicant_id=${applicant}`, { text: 'Valmont seulement' }, [
        { field: 'files[0]', filename: 'a.png', data: PNG },
      ]),
    );
    for (const [method, url] of [
      ['GET', `/api/activity-feed?applicant_id=${applicant}`],
      ['GET', `/api/activity-feed?offer_id=${fx.inside.offer}`],
      ['GET', `/api/activity-feed/categories?applicant_id=${applicant}`],
      ['GET', `/api/applicants/${applicant}/activity-feed`],
      ['GET', `/api/activity-feed/attachments/${entry.files[0]!.id}`],
      ['DELETE', `/api/activity-feed/${entry.id}`],
    ] as const) {
      const res = await call('other', method, url);
      expect({ url, method, status: res.statusCode }).toEqual({ url, method, status: 404 });
    }
    const res = await post('other', `applicant_id=${applicant}`, { text: 'Intrusion' });
    expect(res.statusCode).toBe(404);
    const mentions = await call('other', 'GET', '/api/users/mentions/nofilter');
    expect(mentions.statusCode).toBe(200);
    expect(mentions.body).not.toContain('admin@demo.test');
  });

  it('refuses users without see_activity_feed (403) and objects out of scope (404)', async () => {
    for (const url of [
      `/api/activity-feed?applicant_id=${applicant}`,
      `/api/activity-feed/categories?applicant_id=${applicant}`,
      `/api/applicants/${applicant}/activity-feed`,
      '/api/users/mentions/nofilter',
      '/api/users/mentions/lea',
    ])
      expect((await call('nobody', 'GET', url)).statusCode).toBe(403);
    expect((await post('nobody', `applicant_id=${applicant}`, { text: 'x' })).statusCode).toBe(403);
    // The manager does not see the outside applicant nor its offer.
    expect(
      (await call('manager', 'GET', `/api/applicants/${fx.outside.applicant}/activity-feed`))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('manager', 'GET', `/api/activity-feed?offer_id=${fx.outside.offer}`)).statusCode,
    ).toBe(404);
    expect(
      (await post('manager', `applicant_id=${fx.outside.applicant}`, { text: 'x' })).statusCode,
    ).toBe(404);
    expect((await call('admin', 'GET', '/api/activity-feed')).statusCode).toBe(422);
  });

  it('refuses a mention outside a private comment audience with a clear 422', async () => {
    const target = `applicant_id=${applicant}`;
    const outside = await post('recruiter', target, {
      text: '@Thomas regarde',
      'is_private[self]': '1',
      'mentions[users][0]': String(ids.manager),
    });
    expect(outside.statusCode).toBe(422);
    expect(outside.json()).toMatchObject({
      code: 'validation_failed',
      errors: { 'mentions.users': ['mention_outside_audience'] },
    });
    expect(outside.json().message).toMatch(/private comment/);
    // A group with a member outside the audience (Léa is not in Lyon): refused too.
    const group = await post('admin', target, {
      text: '@Recrutement Lyon',
      'is_private[subsidiaries]': [String(lyon)],
      'mentions[group][0]': String(lyonGroup),
    });
    expect(group.json().errors).toEqual({ 'mentions.group': ['mention_outside_audience'] });
    // Inside the audience (Julien is in Lyon; Thomas is chosen): accepted, mentions kept.
    const ok = created(
      await post('admin', target, {
        text: '@Julien @Thomas',
        'is_private[subsidiaries][0]': String(lyon),
        'is_private[users][0]': String(ids.manager),
        'mentions[users][0]': String(ids.recruiter),
        'mentions[users][1]': String(ids.manager),
      }),
    );
    expect(ok.mentions.users.map((u) => u.id).sort()).toEqual([ids.recruiter, ids.manager].sort());
    // A public comment mentions anyone of the company; a user of another company is invalid.
    created(
      await post('admin', target, {
        text: '@Recrutement Lyon',
        'mentions[group][0]': String(lyonGroup),
      }),
    );
    const foreign = await ctx.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'admin@other.test')
      .executeTakeFirstOrThrow();
    const bad = await post('admin', target, {
      text: 'x',
      'mentions[users][0]': String(foreign.id),
    });
    expect(bad.json().errors).toEqual({ 'mentions.users': ['invalid'] });
  });

  it('threads replies, keeps who edited and when, lets the author or an administrator delete', async () => {
    const target = `applicant_id=${applicant}`;
    const root = created(await post('recruiter', target, { text: 'Premier avis' }));
    const reply = created(
      await post('manager', target, { text: 'Réponse', parent_id: String(root.id) }),
    );
    // A reply to a reply joins the thread.
    const nested = created(
      await post('admin', target, { text: 'Réponse 2', parent_id: String(reply.id) }),
    );
    expect([reply.parent_id, nested.parent_id]).toEqual([root.id, root.id]);
    const thread = (await feed('multi')).data.find((e) => e.id === root.id)!;
    expect(thread.replies.map((r) => r.text)).toEqual(['Réponse', 'Réponse 2']);

    // Edit: the author only; who and when are kept.
    const other = await post('admin', target, { text: 'Piraté', edit_id: String(root.id) });
    expect(other.statusCode).toBe(403);
    const edit = await post('recruiter', target, {
      text: 'Premier avis, corrigé',
      edit_id: String(root.id),
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toMatchObject({
      id: root.id,
      text: 'Premier avis, corrigé',
      edited_by: { id: ids.recruiter },
    });
    expect(edit.json().edited_at).toEqual(expect.any(String));

    // Delete: not someone else's (multi), the author's own, any for an administrator.
    expect((await call('multi', 'DELETE', `/api/activity-feed/${reply.id}`)).statusCode).toBe(403);
    expect((await call('manager', 'DELETE', `/api/activity-feed/${reply.id}`)).statusCode).toBe(
      204,
    );
    expect((await call('admin', 'DELETE', `/api/activity-feed/${root.id}`)).statusCode).toBe(204);
    // The thread went with its replies.
    const after = await feed('admin');
    expect(after.data.some((e) => e.id === root.id)).toBe(false);
    expect((await call('admin', 'DELETE', `/api/activity-feed/${nested.id}`)).statusCode).toBe(404);
  });

  it('private thread: replies follow it; a hidden comment cannot be answered, edited or deleted', async () => {
    const target = `applicant_id=${applicant}`;
    const secret = created(
      await post('recruiter', target, {
        text: 'Secret',
        'is_private[users][0]': String(ids.manager),
      }),
    );
    created(
      await post('manager', target, { text: 'Réponse secrète', parent_id: String(secret.id) }),
    );
    const multi = await feed('multi');
    expect(JSON.stringify(multi)).not.toContain('secrète');
    const asMulti = await post('multi', target, { text: 'x', parent_id: String(secret.id) });
    expect(asMulti.json().errors).toEqual({ parent_id: ['invalid'] });
    expect((await call('admin', 'DELETE', `/api/activity-feed/${secret.id}`)).statusCode).toBe(404);
    const thread = (await feed('manager')).data.find((e) => e.id === secret.id)!;
    expect(thread.replies[0]).toMatchObject({ text: 'Réponse secrète', is_private: true });
  });

  it('attaches files like CVs: sniffed type, 413 and 422 codes, downloadable by the audience', async () => {
    const target = `applicant_id=${applicant}`;
    const entry = created(
      await post(
        'recruiter',
        target,
        { text: 'Avec pièce', 'is_private[users][0]': String(ids.manager) },
        [{ field: 'files[0]', filename: 'photo.exe', data: PNG }],
      ),
    );
    expect(entry.files[0]).toMatchObject({ filename: 'photo.png', mime: 'image/png' });
    const url = entry.files[0]!.url;
    const down = await call('manager', 'GET', url);
    expect(down.statusCode).toBe(200);
    expect(down.headers['content-type']).toBe('image/png');
    expect(down.rawPayload.equals(PNG)).toBe(true);
    expect((await call('multi', 'GET', url)).statusCode).toBe(404);
    // Files alone make a comment; a wrong type is refused before anything is stored.
    created(await post('admin', target, {}, [{ field: 'files[]', filename: 'a.png', data: PNG }]));
    const zip = await post('admin', target, { text: 'x' }, [
      {
        field: 'files[0]',
        filename: 'a.pdf',
        data: Buffer.from('PK\u0003\u0004nothing', 'latin1'),
      },
    ]);
    expect([zip.statusCode, zip.json().errors]).toEqual([422, { 'files.0': ['file_type'] }]);
    const big = await post('admin', target, { text: 'x' }, [
      {
        field: 'files[0]',
        filename: 'big.png',
        data: Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]),
      },
    ]);
    expect([big.statusCode, big.json().code, big.json().errors]).toEqual([
      413,
      'payload_too_large',
      { 'files[0]': ['file_too_large:4'] },
    ]);
    const empty = await post('admin', target, { text: '   ' });
    expect(empty.json().errors).toEqual({ text: ['field_required'] });
    const long = await post('admin', target, { text: 'a'.repeat(10_001) });
    expect(long.json().errors).toEqual({ text: ['max_length:10000'] });
  });

  it('writes status changes, applicants added and document requests into the feed', async () => {
    const { project, offer, application } = fx.inside;
    const change = await call(
      'admin',
      'PUT',
      `/api/projects/${project}/offers/${offer}/applications/statuses`,
      {
        payload: { application_id: application, status_id: 7, motif_id: 1 },
      },
    );
    expect(change.statusCode, change.body).toBe(200);
    const bulk = await call('admin', 'PUT', '/api/treatment/applications/statuses', {
      payload: { applications: [{ application_id: application, status_id: 2 }] },
    });
    expect(bulk.json().changed).toEqual([application]);
    const statuses = (
      await feed(
        'manager',
        `/api/activity-feed?applicant_id=${applicant}&filter[category]=statuses`,
      )
    ).data;
    expect(statuses.map((e) => e.kind)).toEqual(['status_changed', 'status_changed']);
    expect(statuses[1]!.data).toMatchObject({
      application_id: application,
      status: { id: 7, name: 'refused', default_status: true },
      motif: { id: 1, name: 'profile_mismatch' },
    });
    expect(statuses[0]!.author).toMatchObject({ type: 'user', id: ids.admin });
    expect(statuses[0]!.offer_id).toBe(offer);
    // filter[status]: the new status.
    const refused = (
      await feed('admin', `/api/activity-feed?applicant_id=${applicant}&filter[status]=7`)
    ).data;
    expect(refused.map((e) => e.data?.status)).toEqual([expect.objectContaining({ id: 7 })]);
    // The offer's feed holds its applications' events.
    const offerFeed = await feed(
      'manager',
      `/api/activity-feed?offer_id=${offer}&filter[category]=statuses`,
    );
    expect(offerFeed.total).toBe(2);

    // A manual applicant.
    const manual = multipart({ firstname: 'Zoé', lastname: 'Fil', email: 'zoe.fil@exemple.fr' });
    const added = await call('admin', 'POST', `/api/projects/${project}/offers/${offer}/manual`, {
      payload: manual.payload,
      headers: manual.headers,
    });
    expect(added.statusCode, added.body).toBe(201);
    const newcomer = added.json().applicant.id as number;
    const addedFeed = await feed(
      'admin',
      `/api/applicants/${newcomer}/activity-feed?offer_id=${offer}`,
    );
    expect(addedFeed.data.map((e) => [e.kind, e.category])).toEqual([
      ['applicant_added', 'applicants'],
    ]);

    // Documents requested and received.
    const ask = await call('admin', 'POST', `/api/applicants/${newcomer}/ask-documents`, {
      payload: { applicant_id: newcomer, document_ids: [1] },
    });
    expect(ask.statusCode).toBe(200);
    await ctx.app.worker.drain();
    const mail = await ctx.database.db
      .selectFrom('mail_outbox')
      .select('text')
      .where('to', '=', 'zoe.fil@exemple.fr')
      .executeTakeFirstOrThrow();
    const token = /documents-upload\/([\w-]+)/.exec(mail.text)![1]!;
    const upload = multipart({}, [{ field: 'document_1', filename: 'cni.png', data: PNG }]);
    const up = await ctx.app.inject({
      method: 'POST',
      url: `/api/documents-upload/${token}`,
      payload: upload.payload,
      headers: upload.headers,
    });
    expect(up.statusCode).toBe(200);
    const docs = await feed(
      'admin',
      `/api/activity-feed?applicant_id=${newcomer}&filter[category]=documents`,
    );
    expect(docs.data.map((e) => [e.kind, e.author?.type ?? null])).toEqual([
      ['documents_received', null],
      ['documents_requested', 'user'],
    ]);
    expect(docs.data[0]!.data).toMatchObject({ documents: [{ id: 1, name: 'identity_card' }] });
    const cats = await call(
      'admin',
      'GET',
      `/api/activity-feed/categories?applicant_id=${newcomer}`,
    );
    expect(cats.json()).toEqual({
      total: 3,
      categories: [
        { category: 'comments', count: 0 },
        { category: 'statuses', count: 0 },
        { category: 'applicants', count: 1 },
        { category: 'documents', count: 2 },
        { category: 'transfers', count: 0 },
        { category: 'shares', count: 0 },
        { category: 'emails', count: 0 },
        { category: 'appointments', count: 0 },
      ],
    });
  });

  it('pages newest first and filters by date range, category and subsidiary', async () => {
    const target = `applicant_id=${fx.outside.applicant}`;
    for (let i = 1; i <= 5; i++) created(await post('admin', target, { text: `N°${i}` }));
    const base = `/api/activity-feed?${target}&filter[category]=comments`;
    const first = await feed('admin', `${base}&per_page=2`);
    expect(first).toMatchObject({ current_page: 1, per_page: 2, total: 6, last_page: 3 });
    expect(first.data.map((e) => e.text)).toEqual(['N°5', 'N°4']);
    const third = await feed('admin', `${base}&per_page=2&page=3`);
    expect(third.data.map((e) => e.text)).toEqual(['N°1', 'Commentaire des fixtures']);
    const today = new Date().toISOString().slice(0, 10);
    expect((await feed('admin', `${base}&filter[scope_range]=${today},${today}`)).total).toBe(6);
    expect((await feed('admin', `${base}&filter[scope_range]=2001-01-01,2001-12-31`)).total).toBe(
      0,
    );
    const bad = await call('admin', 'GET', `${base}&filter[category]=nope&filter[scope_range]=x`);
    expect(bad.json().errors).toEqual({
      'filter.category': ['invalid'],
      'filter.scope_range': ['invalid'],
    });
    // filter[subsidiary]: entries on offers of those subsidiaries (comments here are on none).
    expect((await feed('admin', `${base}&filter[subsidiary]=${lyon}`)).total).toBe(0);
  });

  it('lists mentionable users and groups, accents and case ignored', async () => {
    const all = (await call('admin', 'GET', '/api/users/mentions/nofilter')).json();
    expect(all.users.map((u: { email: string }) => u.email)).toEqual(
      expect.arrayContaining(['admin@demo.test', 'recruiter@demo.test', 'manager@demo.test']),
    );
    expect(all.users.some((u: { email: string }) => u.email === 'nobody@demo.test')).toBe(false);
    expect(all.groups.map((g: { name: string }) => g.name)).toContain('Recrutement Lyon');
    const lea = (
      await call('admin', 'GET', `/api/users/mentions/${encodeURIComponent('LEA garn')}`)
    ).json();
    expect(lea.users.map((u: { firstname: string }) => u.firstname)).toEqual(['Léa']);
    const mail = (await call('admin', 'GET', '/api/users/mentions/recruiter%40')).json();
    expect(mail.users.map((u: { email: string }) => u.email)).toEqual(['recruiter@demo.test']);
    const lyonGroups = (await call('admin', 'GET', '/api/users/mentions/lyon')).json();
    expect(lyonGroups.groups).toEqual([
      { id: lyonGroup, name: 'Recrutement Lyon', members: 2, reachable_members: 2 },
    ]);
  });

  it('searches mentionable users in SQL among many, 20 at most, same answers as before', async () => {
    const db = ctx.database.db;
    const role = await db
      .selectFrom('users')
      .select('role_id')
      .where('email', '=', 'admin@demo.test')
      .executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    const rows = Array.from({ length: 600 }, (_, i) => {
      const n = String(i).padStart(4, '0');
      return newUserRow(
        {
          company_id: fx.valmont,
          role_id: role.role_id,
          firstname: i % 2 ? 'Zoé' : 'ZOE',
          lastname: `Mentionnable${n}`,
          email: `mention-${n}@many.test`,
          language: 'fr',
          subsidiary_id: null,
        },
        now,
      );
    });
    for (let i = 0; i < rows.length; i += 200)
      await db
        .insertInto('users')
        .values(rows.slice(i, i + 200))
        .execute();
    const search = async (text: string) =>
      (await call('admin', 'GET', `/api/users/mentions/${encodeURIComponent(text)}`)).json<{
        truncated: boolean;
        users: { lastname: string; email: string }[];
        groups: { name: string }[];
      }>();
    // Every word, accents and case ignored; the first 20 by last name.
    const zoe = await search('zoe MENTIONNABLE');
    expect(zoe.users.map((u) => u.lastname)).toEqual(
      Array.from({ length: 20 }, (_, i) => `Mentionnable${String(i).padStart(4, '0')}`),
    );
    // A word of the e-mail and one of the name, in any order.
    // 600 match, 20 answered: the answer says more match.
    expect(zoe.truncated).toBe(true);
    const one = await search('many.test 0457 zoé');
    expect(one.users.map((u) => u.email)).toEqual(['mention-0457@many.test']);
    expect(one.truncated).toBe(false);
    expect((await search('mention-05')).users).toHaveLength(20);
    // LIKE's wildcards are plain characters.
    expect((await search('mention_0')).users).toEqual([]);
    expect((await search('100%')).users).toEqual([]);
    // Without a search: everyone up to 1,000, the seeded users among them.
    const all = (await call('admin', 'GET', '/api/users/mentions/nofilter')).json<{
      truncated: boolean;
      users: { email: string }[];
    }>();
    expect(all.users.length).toBeGreaterThan(600);
    expect(all.truncated).toBe(false);
    expect(all.users.map((u) => u.email)).toContain('recruiter@demo.test');
    // Another company's search finds none of them.
    const theirs = (await call('other', 'GET', '/api/users/mentions/mentionnable')).json<{
      users: unknown[];
    }>();
    expect(theirs.users).toEqual([]);
  });
});
