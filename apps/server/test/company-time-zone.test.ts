import { ZCompanyIdentityForm } from '@embauche/contracts/company-settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompanySettingsRepository } from '../src/modules/company-settings/company-settings.repository.ts';
import { CompanySettingsService } from '../src/modules/company-settings/company-settings.service.ts';
import type { AuthContext } from '../src/platform/auth/auth-context.ts';
import type { FileStorage } from '../src/platform/storage/storage.ts';
import { startTestApp, type TestContext } from './support/test-app.ts';
import { testDatabases } from './support/test-databases.ts';

describe.each(testDatabases())('a company’s time zone change on $dialect', (testDb) => {
  let ctx: TestContext;
  let auth: AuthContext;

  beforeAll(async () => {
    ctx = await startTestApp(testDb);
    const admin = await ctx.database.db
      .selectFrom('users')
      .select(['id', 'company_id'])
      .where('email', '=', 'admin@demo.test')
      .executeTakeFirstOrThrow();
    auth = {
      sessionId: 'test',
      companyId: admin.company_id,
      userId: admin.id,
      roleId: null,
      superAdmin: false,
      partnerAdmin: false,
      permissions: new Set(['config.account']),
    };
  });
  afterAll(() => ctx.close());

  const zoneOf = async () =>
    (
      await ctx.database.db
        .selectFrom('companies')
        .select('time_zone')
        .where('id', '=', auth.companyId)
        .executeTakeFirstOrThrow()
    ).time_zone;

  it('changes nothing when the schedules cannot follow it, and is audited with them', async () => {
    const recorded: string[] = [];
    const audit = { record: async (_: unknown, action: string) => void recorded.push(action) };
    const repo = new CompanySettingsRepository(ctx.database.db);
    const failing = new CompanySettingsService(
      repo,
      {} as FileStorage,
      audit as never,
      async (companyId, _zone, trx) => {
        // A write of the follow-up, then a failure: both go with the change.
        await trx
          .updateTable('offer_export_schedules')
          .set({ next_run_at: null })
          .where('company_id', '=', companyId)
          .execute();
        throw new Error('the schedules could not be moved');
      },
    );
    const { logo_src: _, ...read } = await failing.identity(auth);
    const identity = ZCompanyIdentityForm.parse(read);
    expect(identity.time_zone).toBe('Europe/Paris');
    await expect(
      failing.updateIdentity(auth, { ...identity, time_zone: 'America/New_York' }),
    ).rejects.toThrow('the schedules could not be moved');
    expect(await zoneOf()).toBe('Europe/Paris');
    expect(recorded).toEqual([]);

    const moved: string[] = [];
    const working = new CompanySettingsService(
      repo,
      {} as FileStorage,
      audit as never,
      async (_c, zone) => {
        moved.push(zone);
      },
    );
    await working.updateIdentity(auth, { ...identity, time_zone: 'America/New_York' });
    expect(await zoneOf()).toBe('America/New_York');
    expect(moved).toEqual(['America/New_York']);
    expect(recorded).toEqual(['company.identity_updated']);
  });
});
