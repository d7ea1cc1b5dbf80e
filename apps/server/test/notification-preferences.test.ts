import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  NOTIFICATION_DEFAULTS,
  NOTIFICATION_KINDS,
  type TMyNotificationPreferences,
  type TMyNotificationPreferencesFormInput,
  type TNotificationDefaults,
  type TNotificationSettings,
} from '@embauche/contracts/notification-preferences';
import type { TNotificationPage } from '@embauche/contracts/notifications';
import {
  lastDailyDue,
  NotificationEmailsService,
} from '../src/modules/notifications/notification-emails.service.ts';
import { NotificationPreferencesRepository } from '../src/modules/notifications/notification-preferences.repository.ts';
import { NotificationPreferencesService } from '../src/modules/notifications/notification-preferences.service.ts';
import { multipart } from './support/multipart.ts';
import { loadFixtures, type Fixtures } from './support/route-fixtures.ts';
import { signIn, startTestApp, type TestContext } from './support/test-app.ts';
import { testDatabases } from './support/test-databases.ts';

type Who = 'admin' | 'recruiter' | 'other';

const HOUR = 3_600_000;

/** Every kind as the company's default, one of them changed. */
const defaults = (
  change: Partial<TNotificationDefaults['kinds']> = {},
  digest: Partial<Pick<TNotificationDefaults, 'digest' | 'digest_hour'>> = {},
): TNotificationDefaults => ({
  ...NOTIFICATION_DEFAULTS,
  kinds: { ...NOTIFICATION_DEFAULTS.kinds, ...change },
  ...digest,
});

/** Every kind following the company, but those given. */
const own = (
  change: Partial<TMyNotificationPreferencesFormInput['kinds']> = {},
  digest: Pick<TMyNotificationPreferencesFormInput, 'digest' | 'digest_hour'> = { digest: null },
): TMyNotificationPreferencesFormInput => ({
  kinds: {
    ...(Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, null])) as Record<string, null>),
    ...change,
  } as TMyNotificationPreferencesFormInput['kinds'],
  ...digest,
});

describe('the daily due time (lastDailyDue)', () => {
  it('is the hour on the company’s wall clock, winter and summer, and the latest at or before now', () => {
    // 9:00 in Paris is 08:00 UTC in winter, 07:00 UTC in summer.
    expect(lastDailyDue(9, 'Europe/Paris', new Date('2026-01-15T08:00:00Z')).toISOString()).toBe(
      '2026-01-15T08:00:00.000Z',
    );
    expect(lastDailyDue(9, 'Europe/Paris', new Date('2026-01-15T07:59:59Z')).toISOString()).toBe(
      '2026-01-14T08:00:00.000Z',
    );
    expect(lastDailyDue(9, 'Europe/Paris', new Date('2026-07-15T12:00:00Z')).toISOString()).toBe(
      '2026-07-15T07:00:00.000Z',
    );
    expect(
      lastDailyDue(0, 'America/New_York', new Date('2026-07-15T03:00:00Z')).toISOString(),
    ).toBe('2026-07-14T04:00:00.000Z');
    // The night clocks go forward (29 March 2026 in Paris): 02:00 does not exist, 03:00 is due.
    expect(lastDailyDue(2, 'Europe/Paris', new Date('2026-03-29T02:00:00Z')).toISOString()).toBe(
      '2026-03-29T01:00:00.000Z',
    );
  });
});

/**
 * Issue 38 part 4 (docs/notifications.md): the company's defaults and each user's own choices,
 * in-app notifications left out when switched off, e-mails at once or in a daily digest sent once
 * per due time by the worker's tick, `config.notifications` for the defaults, and another
 * company's defaults never applying.
 */
describe.each(testDatabases())('notification preferences on $dialect', (testDb) => {
  let ctx: TestContext;
  let fx: Fixtures;
  const cookies: Partial<Record<Who, string>> = {};
  const ids: Record<Who, number> = { admin: 0, recruiter: 0, other: 0 };
  const emails: Record<Who, string> = {
    admin: 'admin@demo.test',
    recruiter: 'recruiter@demo.test',
    other: 'admin@other.test',
  };

  const call = (who: Who | null, method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    ctx.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: who ? { cookie: cookies[who]! } : {},
    });
  const saveDefaults = async (who: Who, body: TNotificationDefaults) => {
    const res = await call(who, 'PUT', '/api/config/notifications', body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TNotificationSettings>();
  };
  const saveOwn = async (who: Who, body: TMyNotificationPreferencesFormInput) => {
    const res = await call(who, 'PUT', '/api/me/notification-preferences', body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TMyNotificationPreferences>();
  };
  const rows = async (who: Who) => {
    const res = await call(who, 'GET', '/api/notifications?per_page=100');
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TNotificationPage>().data;
  };
  /** admin@demo.test mentions the recruiter in a comment on an applicant both open. */
  const mentionRecruiter = async (text = '@Julien regarde ce profil') => {
    const body = multipart({ text, 'mentions[users][0]': String(ids.recruiter) }, []);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/activity-feed?applicant_id=${fx.inside.applicant}`,
      payload: body.payload,
      headers: { ...body.headers, cookie: cookies.admin! },
    });
    expect(res.statusCode, res.body).toBe(201);
  };
  const mailsTo = (who: Who) =>
    ctx.database.db
      .selectFrom('mail_outbox')
      .select(['id', 'company_id', 'subject', 'text', 'html'])
      .where('to', '=', emails[who])
      .orderBy('id')
      .execute();
  const waiting = (who: Who) =>
    ctx.database.db
      .selectFrom('notification_digest_items')
      .select(['id', 'created_at'])
      .where('user_id', '=', ids[who])
      .execute();
  /** Moves what waits for `who`'s digest to `at` (the test's clock). */
  const arrivedAt = (who: Who, at: Date) =>
    ctx.database.db
      .updateTable('notification_digest_items')
      .set({ created_at: at.toISOString() })
      .where('user_id', '=', ids[who])
      .execute();
  const tick = (at: Date) => ctx.app.worker.runRecurring(at, true);

  beforeAll(async () => {
    ctx = await startTestApp(testDb);
    fx = await loadFixtures(ctx);
    for (const who of ['admin', 'recruiter', 'other'] as const) {
      ids[who] = (
        await ctx.database.db
          .selectFrom('users')
          .select('id')
          .where('email', '=', emails[who])
          .where('company_id', '=', who === 'other' ? fx.mairie : fx.valmont)
          .executeTakeFirstOrThrow()
      ).id;
      cookies[who] = await signIn(ctx.app, emails[who]);
    }
  }, 60_000);
  afterAll(() => ctx.close());

  beforeEach(async () => {
    // Every test starts from the built-in defaults, nobody's own choices, nothing waiting.
    await ctx.database.db.deleteFrom('notification_settings').execute();
    await ctx.database.db.deleteFrom('notification_preferences').execute();
    await ctx.database.db.deleteFrom('notification_digest_items').execute();
    await ctx.database.db.deleteFrom('notification_digests').execute();
    await ctx.database.db
      .deleteFrom('notifications')
      .where('user_id', '=', ids.recruiter)
      .execute();
    await ctx.database.db.deleteFrom('mail_outbox').execute();
    await ctx.database.db
      .updateTable('users')
      .set({ language: 'fr' })
      .where('id', '=', ids.recruiter)
      .execute();
  });

  it('answers the built-in defaults, and the user’s own choices beside them', async () => {
    const company = await call('admin', 'GET', '/api/config/notifications');
    expect(company.statusCode, company.body).toBe(200);
    expect(company.json()).toEqual({
      ...NOTIFICATION_DEFAULTS,
      time_zone: 'Europe/Paris',
      updated_at: null,
    });
    const mine = await call('recruiter', 'GET', '/api/me/notification-preferences');
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json<TMyNotificationPreferences>()).toEqual({
      ...own(),
      digest_hour: null,
      company: NOTIFICATION_DEFAULTS,
      time_zone: 'Europe/Paris',
    });

    const saved = await saveDefaults(
      'admin',
      defaults(
        { sms_received: { in_app: true, email: true } },
        { digest: 'daily', digest_hour: 18 },
      ),
    );
    expect(saved).toMatchObject({
      digest: 'daily',
      digest_hour: 18,
      kinds: { sms_received: { in_app: true, email: true } },
      updated_at: expect.any(String),
    });
    // The user's own: one kind and a digest of their own; the others follow the new defaults.
    const mineNow = await saveOwn(
      'recruiter',
      own({ comment_mention: { in_app: false, email: true } }, { digest: 'daily', digest_hour: 7 }),
    );
    expect(mineNow.kinds.comment_mention).toEqual({ in_app: false, email: true });
    expect(mineNow.kinds.sms_received).toBeNull();
    expect(mineNow).toMatchObject({ digest: 'daily', digest_hour: 7 });
    expect(mineNow.company).toMatchObject({ digest: 'daily', digest_hour: 18 });
    expect(mineNow.company.kinds.sms_received).toEqual({ in_app: true, email: true });
    // Back to the company's digest: the own hour goes with it.
    const back = await saveOwn('recruiter', own({}, { digest: null, digest_hour: 7 }));
    expect(back).toMatchObject({ digest: null, digest_hour: null });
    expect(back.kinds.comment_mention).toBeNull();
  });

  it('refuses what is not a preference, with the field’s code', async () => {
    const { comment_mention: _, ...missing } = NOTIFICATION_DEFAULTS.kinds;
    const cases: [string, string, object, Record<string, string[]>][] = [
      [
        '/api/config/notifications',
        'missing kind',
        { ...NOTIFICATION_DEFAULTS, kinds: missing },
        { 'kinds.comment_mention': ['field_required'] },
      ],
      [
        '/api/config/notifications',
        'hour 24',
        { ...NOTIFICATION_DEFAULTS, digest_hour: 24 },
        { digest_hour: ['invalid'] },
      ],
      [
        '/api/config/notifications',
        'weekly',
        { ...NOTIFICATION_DEFAULTS, digest: 'weekly' },
        { digest: ['invalid'] },
      ],
      [
        '/api/me/notification-preferences',
        'daily without hour',
        own({}, { digest: 'daily', digest_hour: null }),
        { digest_hour: ['field_required'] },
      ],
      [
        '/api/me/notification-preferences',
        'bad channels',
        own({ comment_reply: { in_app: 'yes' } as never }),
        { 'kinds.comment_reply.in_app': ['invalid'] },
      ],
    ];
    for (const [url, what, body, errors] of cases) {
      const res = await call('admin', 'PUT', url, body);
      expect(res.statusCode, `${what}: ${res.body}`).toBe(422);
      expect(res.json<{ errors: Record<string, string[]> }>().errors, what).toMatchObject(errors);
    }
  });

  it('the defaults need config.notifications; anyone signed in has their own; anonymous: 401', async () => {
    for (const method of ['GET', 'PUT'] as const) {
      const res = await call(
        'recruiter',
        method,
        '/api/config/notifications',
        NOTIFICATION_DEFAULTS,
      );
      expect(res.statusCode, res.body).toBe(403);
      expect(
        (await call(null, method, '/api/config/notifications', NOTIFICATION_DEFAULTS)).statusCode,
      ).toBe(401);
      expect((await call(null, method, '/api/me/notification-preferences', own())).statusCode).toBe(
        401,
      );
    }
    expect((await call('recruiter', 'GET', '/api/me/notification-preferences')).statusCode).toBe(
      200,
    );
  });

  it('writes a change of the defaults to the audit trail, and nothing when nothing changed', async () => {
    // The trail is append-only: the entries written from here on.
    const since = await ctx.database.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirstOrThrow();
    const entries = () =>
      ctx.database.db
        .selectFrom('audit_log')
        .select(['company_id', 'actor_user_id', 'target_type', 'target_id', 'details'])
        .where('action', '=', 'company.notification_settings_updated')
        .where('id', '>', Number(since.id ?? 0))
        .execute();
    const body = defaults(
      { applicants_shared: { in_app: false, email: true } },
      { digest: 'none' },
    );
    await saveDefaults('admin', body);
    await saveDefaults('admin', body);
    const written = await entries();
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({
      company_id: fx.valmont,
      actor_user_id: ids.admin,
      target_type: 'company',
      target_id: fx.valmont,
    });
    expect(JSON.parse(written[0]!.details!)).toEqual({
      kinds: { applicants_shared: { in_app: false, email: true } },
      digest: { before: 'immediate', after: 'none' },
      digest_hour: { before: 8, after: 8 },
    });
  });

  it('in_app off: no row and no live push; the user’s own choice wins over the default', async () => {
    await saveDefaults('admin', defaults({ comment_mention: { in_app: false, email: false } }));
    const publish = vi.spyOn(ctx.app.hubPublisher, 'publish');
    await mentionRecruiter();
    expect(await rows('recruiter')).toEqual([]);
    expect(publish).not.toHaveBeenCalled();
    expect(await mailsTo('recruiter')).toEqual([]);

    // The recruiter keeps mentions in the app for themself.
    await saveOwn('recruiter', own({ comment_mention: { in_app: true, email: false } }));
    await mentionRecruiter();
    const mine = await rows('recruiter');
    expect(mine.map((n) => n.data.slug)).toEqual(['comment_mention']);
    expect(publish).toHaveBeenCalledTimes(1);
    expect(publish.mock.calls[0]![0]).toMatchObject({ topics: [`v2/user/${ids.recruiter}`] });
  });

  it('e-mail with digest immediate: one e-mail per notification, in the user’s language', async () => {
    await saveOwn(
      'recruiter',
      own({ comment_mention: { in_app: false, email: true } }, { digest: 'immediate' }),
    );
    await mentionRecruiter();
    expect(await rows('recruiter')).toEqual([]);
    let mails = await mailsTo('recruiter');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.company_id).toBe(fx.valmont);
    expect(mails[0]!.subject).toMatch(/vous a mentionné dans un commentaire sur /);
    expect(mails[0]!.text).toContain(`/applicants/${fx.inside.applicant}`);
    expect(mails[0]!.text).toContain('/user-settings');
    expect(await waiting('recruiter')).toEqual([]);

    await ctx.database.db
      .updateTable('users')
      .set({ language: 'de' })
      .where('id', '=', ids.recruiter)
      .execute();
    await mentionRecruiter('@Julien noch einmal');
    mails = await mailsTo('recruiter');
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toMatch(/hat Sie in einem Kommentar zu .+ erwähnt/);
    // The e-mail is sent by the mail job, as every other e-mail.
    const jobs = await ctx.database.db
      .selectFrom('jobs')
      .select('payload')
      .where('type', '=', 'mail.send')
      .execute();
    expect(jobs.map((j) => JSON.parse(j.payload).mail_id)).toEqual(
      expect.arrayContaining(mails.map((m) => m.id)),
    );
  });

  it('digest none: no e-mail at all, whatever the kinds say', async () => {
    await saveDefaults(
      'admin',
      defaults({ comment_mention: { in_app: true, email: true } }, { digest: 'none' }),
    );
    await mentionRecruiter();
    expect(await mailsTo('recruiter')).toEqual([]);
    expect(await waiting('recruiter')).toEqual([]);
    expect((await rows('recruiter')).length).toBe(1);
  });

  it('daily digest: sent at the hour on the company’s clock, once per due time, nothing when nothing is new', async () => {
    // The company's default: mentions by e-mail, in a daily digest at 09:00 (Europe/Paris).
    await saveDefaults(
      'admin',
      defaults(
        { comment_mention: { in_app: true, email: true } },
        { digest: 'daily', digest_hour: 9 },
      ),
    );
    await mentionRecruiter();
    await mentionRecruiter('@Julien et celui-ci');
    // In the app at once; nothing mailed yet, two waiting.
    expect((await rows('recruiter')).length).toBe(2);
    expect(await mailsTo('recruiter')).toEqual([]);
    expect(await waiting('recruiter')).toHaveLength(2);

    // The next 09:00 in Paris after now; the notifications arrived an hour before it.
    const due = lastDailyDue(9, 'Europe/Paris', new Date(Date.now() + 24 * HOUR));
    expect(
      new Intl.DateTimeFormat('fr-FR', {
        timeZone: 'Europe/Paris',
        hour: '2-digit',
        minute: '2-digit',
      }).format(due),
    ).toBe('09:00');
    await arrivedAt('recruiter', new Date(due.getTime() - HOUR));

    // A minute before the hour: nothing.
    await tick(new Date(due.getTime() - 60_000));
    expect(await mailsTo('recruiter')).toEqual([]);

    // At the hour, several workers at once (or a restart): one digest of both.
    await Promise.all([tick(due), tick(due), tick(due)]);
    const mails = await mailsTo('recruiter');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Embauche : 2 nouvelles notifications');
    expect(mails[0]!.text.match(/vous a mentionné/g)).toHaveLength(2);
    expect(await waiting('recruiter')).toEqual([]);
    const sent = await ctx.database.db
      .selectFrom('notification_digests')
      .select(['due_at', 'items'])
      .where('user_id', '=', ids.recruiter)
      .execute();
    expect(sent).toEqual([{ due_at: due.toISOString(), items: 2 }]);

    // The same due time again, and later the same day: nothing new, nothing sent.
    await tick(due);
    await tick(new Date(due.getTime() + 2 * HOUR));
    expect(await mailsTo('recruiter')).toHaveLength(1);

    // One arriving after the hour waits for the next day's.
    await mentionRecruiter('@Julien demain');
    await arrivedAt('recruiter', new Date(due.getTime() + 3 * HOUR));
    await tick(new Date(due.getTime() + 4 * HOUR));
    expect(await mailsTo('recruiter')).toHaveLength(1);
    const next = lastDailyDue(9, 'Europe/Paris', new Date(due.getTime() + 25 * HOUR));
    await tick(new Date(next.getTime() - 60_000));
    expect(await mailsTo('recruiter')).toHaveLength(1);
    await tick(next);
    const after = await mailsTo('recruiter');
    expect(after).toHaveLength(2);
    expect(after[1]!.subject).toBe('Embauche : 1 nouvelle notification');
    // The day after, nothing new: nothing sent.
    await tick(lastDailyDue(9, 'Europe/Paris', new Date(next.getTime() + 25 * HOUR)));
    expect(await mailsTo('recruiter')).toHaveLength(2);
  });

  it('the user’s own digest hour and language apply; switching to immediate sends what waits', async () => {
    // The company's digest: daily at 08:00; the recruiter's own: daily at 18:00, in English.
    await saveDefaults('admin', defaults({}, { digest: 'daily', digest_hour: 8 }));
    await saveOwn(
      'recruiter',
      own(
        { comment_mention: { in_app: false, email: true } },
        { digest: 'daily', digest_hour: 18 },
      ),
    );
    await ctx.database.db
      .updateTable('users')
      .set({ language: 'en' })
      .where('id', '=', ids.recruiter)
      .execute();
    await mentionRecruiter();
    expect(await rows('recruiter')).toEqual([]);
    const due = lastDailyDue(18, 'Europe/Paris', new Date(Date.now() + 24 * HOUR));
    // Arrived at 06:00 that day: the company's 08:00 is not the recruiter's hour.
    await arrivedAt('recruiter', new Date(due.getTime() - 12 * HOUR));
    await tick(new Date(due.getTime() - 10 * HOUR));
    expect(await mailsTo('recruiter')).toEqual([]);
    await tick(due);
    const [digest] = await mailsTo('recruiter');
    expect(digest!.subject).toBe('Embauche: 1 new notification');
    expect(digest!.text).toContain('mentioned you in a comment on');

    // Another waits; the user switches to immediate: the next tick sends it, whatever the hour.
    await mentionRecruiter();
    await saveOwn(
      'recruiter',
      own({ comment_mention: { in_app: false, email: true } }, { digest: 'immediate' }),
    );
    await tick(new Date(Date.now() + 60_000));
    expect(await mailsTo('recruiter')).toHaveLength(2);
    expect(await waiting('recruiter')).toEqual([]);
  });

  it('one tick reads every user waiting, page after page: one not due never holds back another', async () => {
    const repo = new NotificationPreferencesRepository(ctx.database.db);
    const preferences = new NotificationPreferencesService(repo, async () => 'Europe/Paris', {
      record: async () => undefined,
    });
    // One user per page: the admin (lower id) waits for 18:00, the recruiter's 09:00 is due.
    const emails = new NotificationEmailsService(
      repo,
      preferences,
      async () => 'Europe/Paris',
      'http://app.test',
      undefined,
      1,
    );
    await saveOwn('admin', own({}, { digest: 'daily', digest_hour: 18 }));
    await saveOwn('recruiter', own({}, { digest: 'daily', digest_hour: 9 }));
    const due = lastDailyDue(9, 'Europe/Paris', new Date(Date.now() + 24 * HOUR));
    const data = JSON.stringify({
      slug: 'comment_mention',
      source: 'applicant',
      route: '/applicants/1',
    });
    const arrived = new Date(due.getTime() - 2 * HOUR).toISOString();
    await ctx.database.db.deleteFrom('notification_digest_items').execute();
    await ctx.database.db
      .insertInto('notification_digest_items')
      .values(
        [ids.admin, ids.recruiter].map((user_id) => ({
          company_id: fx.valmont,
          user_id,
          data,
          created_at: arrived,
        })),
      )
      .execute();
    expect(ids.admin).toBeLessThan(ids.recruiter);
    expect(await emails.tick(due)).toBe(1);
    const [mail] = await mailsTo('recruiter');
    expect(mail!.text).toContain('http://app.test/applicants/1');
    expect(await mailsTo('admin')).toEqual([]);
    expect(await waiting('admin')).toHaveLength(1);
  });

  it('another company’s defaults never apply, nor show', async () => {
    // The Mairie switches mentions out of the app and onto e-mail, at once.
    await saveDefaults(
      'other',
      defaults(
        { comment_mention: { in_app: false, email: true } },
        { digest: 'immediate', digest_hour: 6 },
      ),
    );
    const theirs = await call('other', 'GET', '/api/config/notifications');
    expect(theirs.json<TNotificationSettings>()).toMatchObject({ digest_hour: 6 });
    // Valmont still reads its own (built-in) defaults, and its users get mentions as before.
    const ours = await call('admin', 'GET', '/api/config/notifications');
    expect(ours.json<TNotificationSettings>()).toMatchObject({
      ...NOTIFICATION_DEFAULTS,
      updated_at: null,
    });
    const mine = await call('recruiter', 'GET', '/api/me/notification-preferences');
    expect(mine.json<TMyNotificationPreferences>().company).toEqual(NOTIFICATION_DEFAULTS);
    await mentionRecruiter();
    expect((await rows('recruiter')).map((n) => n.data.slug)).toEqual(['comment_mention']);
    expect(await mailsTo('recruiter')).toEqual([]);
    // A user's own choice is theirs in their company: the Mairie's admin saving theirs changes no
    // Valmont row.
    await saveOwn('other', own({ comment_mention: { in_app: true, email: true } }));
    const valmontRows = await ctx.database.db
      .selectFrom('notification_preferences')
      .select('user_id')
      .where('company_id', '=', fx.valmont)
      .execute();
    expect(valmontRows).toEqual([]);
  });
});
