import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSmsMassSendResult, TSmsSettings } from '@embauche/contracts/sms';
import { buildApp, type App } from '../src/app.ts';
import { SmsSettingsRepository } from '../src/modules/sms/sms-settings.repository.ts';
import { companyDay, SmsSettingsService } from '../src/modules/sms/sms-settings.service.ts';
import { createDatabase, type Database } from '../src/platform/db/database.ts';
import { HttpError } from '../src/platform/http/http-error.ts';
import { smsDestination } from '../src/platform/sms/phone.ts';
import { LocalDiskStorage } from '../src/platform/storage/local-disk-storage.ts';
import { apiAs, type Api } from './support/api.ts';
import { insertApplicants } from './support/insert-applicants.ts';
import { loadFixtures, type Fixtures } from './support/route-fixtures.ts';
import { signIn, startTestApp, type TestContext } from './support/test-app.ts';
import { testDatabases } from './support/test-databases.ts';

const FR = new Set(['FR']);

describe('SMS destinations (issue 33 item 6)', () => {
  it('refuses global calling codes whatever the list allows', () => {
    const everything = new Set(['FR', 'BE', 'GB', 'US', 'IM', 'JM']);
    for (const raw of [
      '+870 773 111 632', // Inmarsat
      '+881 6 3123 4567', // Iridium
      '+8816 31234567',
      '00 870 773 111 632',
      '+882 13 1234567', // international networks, even when the metadata does not know it
      '+883 510 012 345 678',
      '+979 123456789', // international premium rate
      '+808 12345678', // international shared cost
    ])
      expect(smsDestination(raw, 'FR', everything), raw).toEqual({
        ok: false,
        reason: 'destination_not_allowed',
      });
  });

  it('refuses premium, shared-cost, personal and VoIP numbers of an allowed country', () => {
    const allowed = new Set(['FR', 'GB', 'US']);
    for (const raw of [
      '+33 8 99 12 34 56',
      '08 99 12 34 56',
      '+33 8 10 12 34 56',
      '+44 9098 790123',
      '+44 70 1234 5678',
      '+33 9 70 12 34 56',
      '+1 900 555 0199',
    ])
      expect(smsDestination(raw, 'FR', allowed), raw).toEqual({
        ok: false,
        reason: 'destination_not_allowed',
      });
  });

  it('sends to mobiles of allowed countries only, down to the country of a shared code', () => {
    expect(smsDestination('06 11 22 33 44', 'FR', FR)).toEqual({
      ok: true,
      to: '+33611223344',
      country: 'FR',
    });
    expect(smsDestination('+32 470 12 34 56', 'FR', FR).ok).toBe(false);
    expect(smsDestination('+32 470 12 34 56', 'FR', new Set(['FR', 'BE']))).toMatchObject({
      ok: true,
      country: 'BE',
    });
    // +44 7624 is the Isle of Man, not Great Britain.
    expect(smsDestination('+44 7624 123456', 'FR', new Set(['GB'])).ok).toBe(false);
    // Réunion and Mayotte share +262.
    expect(smsDestination('+262 692 12 34 56', 'FR', new Set(['YT'])).ok).toBe(false);
    expect(smsDestination('+262 692 12 34 56', 'FR', new Set(['RE'])).ok).toBe(true);
  });

  it('keeps applicant_without_mobile for no number, an invalid one, or a fixed line', () => {
    for (const raw of [null, '', '12', '+33 1 42 68 53 00', '+33 7 00 00 00 00'])
      expect(smsDestination(raw, 'FR', FR), String(raw)).toEqual({
        ok: false,
        reason: 'applicant_without_mobile',
      });
  });

  it("counts on the company's calendar day, and retries after its midnight", () => {
    // 22:30 UTC is 23:30 in Paris on 1 January: 30 minutes left.
    expect(companyDay('Europe/Paris', Date.parse('2030-01-01T22:30:00Z'))).toEqual({
      day: '2030-01-01',
      retryAfter: 1800,
    });
    expect(companyDay('Europe/Paris', Date.parse('2030-01-01T23:30:00Z')).day).toBe('2030-01-02');
    expect(companyDay('America/New_York', Date.parse('2030-01-02T03:00:00Z')).day).toBe(
      '2030-01-01',
    );
  });
});

/** With TEST_REDIS_URL, both instances run as in production with Redis (keys of their own). */
const redisUrl = process.env.TEST_REDIS_URL;
const prefix = `embauche-test:${randomUUID()}:`;
const redisEnv: Record<string, string> = redisUrl
  ? {
      REDIS_URL: redisUrl,
      MERCURE_REDIS_PREFIX: prefix,
      ATTEMPTS_REDIS_PREFIX: `${prefix}attempts:`,
    }
  : {};

describe.each(testDatabases())('SMS destinations and daily cap on $dialect', (testDb) => {
  let ctx: TestContext;
  let fx: Fixtures;
  let admin: Api;
  let recruiter: Api;
  let other: Api;
  /** Applicants of fx.outside.offer, each with an application (mass sends, numbers). */
  let people: { application: number; applicant: number }[];

  const db = () => ctx.database.db;
  const setPhone = (applicantId: number, phone: string | null) =>
    db().updateTable('applicants').set({ phone }).where('id', '=', applicantId).execute();
  const send = (api: Api, who: { application: number; applicant: number }, message = 'Bonjour') =>
    api.post('/api/sms/send', {
      application_id: who.application,
      applicant_id: who.applicant,
      message,
    });
  const messages = async () =>
    Number(
      (
        await db()
          .selectFrom('sms_messages')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('company_id', '=', fx.valmont)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const settings = async (api: Api = admin) => {
    const res = await api.get('/api/config/sms');
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TSmsSettings>();
  };
  const save = async (body: object, api: Api = admin) => {
    const res = await api.put('/api/config/sms', body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TSmsSettings>();
  };
  const expectRefused = (res: { statusCode: number; body: string; json: () => unknown }) => {
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'destination_not_allowed',
      errors: { applicant_id: ['destination_not_allowed'] },
    });
  };

  beforeAll(async () => {
    ctx = await startTestApp(testDb, redisEnv);
    fx = await loadFixtures(ctx);
    admin = apiAs(ctx.app, await signIn(ctx.app, 'admin@demo.test'));
    recruiter = apiAs(ctx.app, await signIn(ctx.app, 'recruiter@demo.test'));
    other = apiAs(ctx.app, await signIn(ctx.app, 'admin@other.test'));
    const made = await insertApplicants(
      db(),
      ['Inès', 'Hugo', 'Zoé', 'Paul'].map((firstname) => ({
        company_id: fx.valmont,
        firstname,
        lastname: 'Numéro',
        offer_id: fx.outside.offer,
      })),
    );
    people = made.map(({ applicant, application }) => ({ application: application!, applicant }));
    for (const [i, p] of people.entries()) await setPhone(p.applicant, `06 11 22 33 4${i}`);
  }, 60_000);
  afterAll(async () => {
    await ctx.close();
    if (redisUrl) {
      const redis = new Redis(redisUrl);
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
    }
  });

  it("defaults to the company's own country and the server's cap", async () => {
    const s = await settings();
    expect(s).toMatchObject({
      allowed_countries: ['FR'],
      is_default: true,
      company_country: 'FR',
      daily_cap: null,
      default_daily_cap: 1000,
      time_zone: 'Europe/Paris',
    });
    expect(s.countries).toContain('BE');
    expect(s.countries).not.toContain('001');
    // The default follows the company's country until the company chooses.
    await db()
      .updateTable('companies')
      .set({ country: 'BE' })
      .where('id', '=', fx.valmont)
      .execute();
    expect((await settings()).allowed_countries).toEqual(['BE']);
    await db()
      .updateTable('companies')
      .set({ country: 'FR' })
      .where('id', '=', fx.valmont)
      .execute();
  });

  it('refuses Inmarsat and Iridium numbers even with every country allowed', async () => {
    const every = (await settings()).countries;
    expect((await save({ allowed_countries: every, daily_cap: null })).allowed_countries).toEqual(
      every,
    );
    const [a, b] = people;
    const before = await messages();
    for (const phone of ['+870 773 111 632', '+881 6 3123 4567']) {
      await setPhone(a!.applicant, phone);
      expectRefused(await send(admin, a!));
    }
    // A mass send refuses that recipient (not counted, not stored) and texts the others.
    const res = await admin.post('/api/sms/mass-send', {
      applicant_ids: [a!.applicant, b!.applicant],
      offer_id: fx.outside.offer,
      message: 'Bonjour à tous',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TSmsMassSendResult>()).toEqual({
      sent: [{ applicationId: b!.application, applicantId: b!.applicant }],
      refused: [
        {
          applicationId: a!.application,
          applicantId: a!.applicant,
          reason: 'destination_not_allowed',
        },
      ],
    });
    expect(await messages()).toBe(before + 1);
    expect((await settings()).sent_today).toBe(1);
    await setPhone(a!.applicant, '06 11 22 33 40');
  });

  it('refuses a premium-rate number of an allowed country', async () => {
    const [a] = people;
    await setPhone(a!.applicant, '+33 8 99 12 34 56');
    const before = await messages();
    expectRefused(await send(admin, a!));
    expect(await messages()).toBe(before);
    await setPhone(a!.applicant, '06 11 22 33 40');
  });

  it('refuses a country outside the list and sends inside it', async () => {
    const [a] = people;
    await save({ allowed_countries: ['FR'], daily_cap: null });
    await setPhone(a!.applicant, '+32 470 12 34 56');
    const before = await messages();
    expectRefused(await send(admin, a!));
    expect(await messages()).toBe(before);
    const saved = await save({ allowed_countries: ['be', 'FR', 'BE'], daily_cap: null });
    expect(saved).toMatchObject({ allowed_countries: ['BE', 'FR'], is_default: false });
    const res = await send(admin, a!);
    expect(res.statusCode, res.body).toBe(201);
    expect(
      (
        await db()
          .selectFrom('sms_messages')
          .select('to_phone')
          .where('id', '=', res.json<{ id: number }>().id)
          .executeTakeFirstOrThrow()
      ).to_phone,
    ).toBe('+32470123456');
    await setPhone(a!.applicant, '06 11 22 33 40');
  });

  it('lets only config.account change the settings, audited, and checks them', async () => {
    // The recruiter may text applicants but not choose where to.
    expect((await recruiter.get('/api/config/sms')).statusCode).toBe(403);
    const refused = await recruiter.put('/api/config/sms', {
      allowed_countries: ['FR', 'GB', 'US'],
      daily_cap: 100_000,
    });
    expect(refused.statusCode).toBe(403);
    expect((await settings()).allowed_countries).toEqual(['BE', 'FR']);
    for (const [body, field, code] of [
      [{ allowed_countries: [], daily_cap: null }, 'allowed_countries', 'field_required'],
      [{ allowed_countries: ['ZZ'], daily_cap: null }, 'allowed_countries', 'invalid'],
      [{ allowed_countries: ['FRA'], daily_cap: null }, 'allowed_countries.0', 'invalid'],
      [{ allowed_countries: ['FR'], daily_cap: 0 }, 'daily_cap', 'min_value:1'],
      [{ allowed_countries: ['FR'], daily_cap: 100_001 }, 'daily_cap', 'max_value:100000'],
    ] as const) {
      const res = await admin.put('/api/config/sms', body);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors[field], res.body).toEqual([code]);
    }
    expect((await settings()).allowed_countries).toEqual(['BE', 'FR']);
    const trail = await db()
      .selectFrom('audit_log')
      .select(['details'])
      .where('company_id', '=', fx.valmont)
      .where('action', '=', 'company.sms_settings_updated')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(trail.details!)).toEqual({
      added: ['BE'],
      removed: [],
      daily_cap: { before: null, after: null },
    });
  });

  it("keeps each company's settings to itself", async () => {
    // Valmont allows BE; the Mairie still has its default, and its change leaves Valmont's alone.
    expect((await settings(other)).allowed_countries).toEqual(['FR']);
    expect((await settings(other)).is_default).toBe(true);
    await save({ allowed_countries: ['FR', 'CH'], daily_cap: 5 }, other);
    expect(await settings()).toMatchObject({ allowed_countries: ['BE', 'FR'], daily_cap: null });
    expect(await settings(other)).toMatchObject({ allowed_countries: ['CH', 'FR'], daily_cap: 5 });
    // Valmont's sends did not count on the Mairie's day.
    expect((await settings(other)).sent_today).toBe(0);
  });

  it('refuses a send past the daily cap with 429 and Retry-After, sending nothing', async () => {
    const sent = (await settings()).sent_today;
    await save({ allowed_countries: ['BE', 'FR'], daily_cap: sent + 3 });
    const [a, b, c, d] = people;
    expect((await send(admin, a!)).statusCode).toBe(201);
    const before = await messages();
    // Three recipients when two are left: refused whole.
    const mass = await admin.post('/api/sms/mass-send', {
      applicant_ids: [b!.applicant, c!.applicant, d!.applicant],
      offer_id: fx.outside.offer,
      message: 'Trop nombreux',
    });
    expect(mass.statusCode, mass.body).toBe(429);
    expect(mass.json()).toMatchObject({ code: 'sms_daily_cap' });
    const retry = Number(mass.headers['retry-after']);
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(86_400);
    expect(await messages()).toBe(before);
    expect((await settings()).sent_today).toBe(sent + 1);
    // Two fit.
    expect((await send(admin, b!)).statusCode).toBe(201);
    expect((await send(admin, c!)).statusCode).toBe(201);
    const past = await send(admin, d!);
    expect(past.statusCode, past.body).toBe(429);
    expect(past.json()).toMatchObject({ code: 'sms_daily_cap' });
    expect(await messages()).toBe(before + 2);
    expect((await settings()).sent_today).toBe(sent + 3);
    // The Mairie's own cap is untouched by Valmont's day.
    expect((await settings(other)).sent_today).toBe(0);
  });

  it('starts a new count on the next day and forgets the old ones', async () => {
    const repo = new SmsSettingsRepository(db());
    let clock = Date.parse('2031-03-01T12:00:00Z');
    const service = new SmsSettingsService(
      repo,
      { hasFeature: async () => true },
      { record: async () => {} },
      2,
      () => clock,
    );
    const company = fx.mairie;
    const reserve = async (n: number) => {
      const policy = await service.policy(company);
      try {
        await db()
          .transaction()
          .execute((trx) => service.reserve(trx, company, policy, n));
        return true;
      } catch (err) {
        if (err instanceof HttpError && err.statusCode === 429) return false;
        throw err;
      }
    };
    await db()
      .updateTable('sms_settings')
      .set({ daily_cap: 2 })
      .where('company_id', '=', company)
      .execute();
    expect(await reserve(2)).toBe(true);
    expect(await reserve(1)).toBe(false);
    clock += 86_400_000;
    expect(await reserve(1)).toBe(true);
    const days = await db()
      .selectFrom('sms_daily_counts')
      .select(['day', 'count'])
      .where('company_id', '=', company)
      .execute();
    expect(days).toEqual([{ day: '2031-03-02', count: 1 }]);
    await db().deleteFrom('sms_daily_counts').where('company_id', '=', company).execute();
  });

  describe('across two instances sharing the database', () => {
    let second: App;
    let secondDb: Database | undefined;
    let onA: Api;
    let onB: Api;

    beforeAll(async () => {
      // PostgreSQL: a pool of its own on the same database, as another server would have; SQLite
      // in memory: the same connection (a second one would be another database).
      secondDb = ctx.database.dialect === 'postgres' ? createDatabase(ctx.database.url) : undefined;
      second = await buildApp({
        config: ctx.config,
        database: secondDb ?? ctx.database,
        storage: new LocalDiskStorage(
          path.join(mkdtempSync(path.join(tmpdir(), 'embauche-b-')), 'uploads'),
        ),
      });
      onA = admin;
      onB = apiAs(second, await signIn(second, 'admin@demo.test'));
    });
    afterAll(async () => {
      await second?.close();
      // Only the pool: the schema is the first instance's, dropped with it.
      if (secondDb) await secondDb.db.destroy();
    });

    it('counts the sends of both against one cap, in parallel too', async () => {
      const sent = (await settings()).sent_today;
      await save({ allowed_countries: ['FR'], daily_cap: sent + 5 });
      const [a, b] = people;
      expect((await send(onA, a!)).statusCode).toBe(201);
      expect((await send(onB, b!)).statusCode).toBe(201);
      // Three left; ten sends at once, half on each instance: three get through.
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) => send(i % 2 ? onB : onA, people[i % 4]!)),
      );
      const statuses = results.map((r) => r.statusCode).sort();
      expect(statuses.filter((s) => s === 201)).toHaveLength(3);
      expect(statuses.filter((s) => s === 429)).toHaveLength(7);
      expect((await settings()).sent_today).toBe(sent + 5);
      expect((await onB.get('/api/config/sms')).json<TSmsSettings>().sent_today).toBe(sent + 5);
    });
  });
});
