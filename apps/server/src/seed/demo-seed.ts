import { sql, type Kysely } from 'kysely';
import { PERMISSIONS, type Permission } from '@embauche/contracts/permissions';
import { CLIENT_ACCOUNTS, ORGANISATION_TYPES } from '@embauche/contracts/constants';
import { hashPassword } from '../platform/auth/password.ts';
import type { Database } from '../platform/db/database.ts';
import type { DB } from '../platform/db/schema.ts';
import type { FileStorage } from '../platform/storage/storage.ts';
import { seedDemoProjects, type DemoSeedOptions } from './demo-projects.ts';
import { seedDemoSms } from './demo-sms.ts';
import { seedDemoPlanner } from './demo-planner.ts';
import { seedDemoOnboarding } from './demo-onboarding.ts';

export const DEMO_PASSWORD = 'demo1234';

export const DEMO_ACCOUNTS = [
  { email: 'admin@demo.test', what: 'every permission of Groupe Valmont' },
  {
    email: 'recruiter@demo.test',
    what: 'Groupe Valmont recruiter (no config, statistics or user admin)',
  },
  { email: 'superadmin@demo.test', what: 'super administrator' },
  { email: 'partner@demo.test', what: 'partner administrator (not super administrator)' },
  {
    email: 'manager@demo.test',
    what: 'Groupe Valmont manager: one agency and one offer, read only',
  },
  { email: 'admin@other.test', what: 'every permission of Mairie de Saint-Aubin' },
  { email: 'multi@demo.test', what: 'one person with accounts in both companies (account choice)' },
] as const;

const COMPANY_PERMISSIONS = PERMISSIONS.filter((p) => p !== 'user.super_admin');
const RECRUITER_PERMISSIONS = COMPANY_PERMISSIONS.filter(
  (p) => !p.startsWith('config.') && !p.startsWith('internal.users_') && p !== 'statistics.access',
);
const MANAGER_PERMISSIONS: Permission[] = [
  'project.list',
  'project_application.see',
  'project_application.see_activity_feed',
];

export type DemoUser = {
  company_id: number;
  role_id: number;
  firstname: string;
  lastname: string;
  email: string;
  super_admin?: boolean;
  partner_admin?: boolean;
  partner_id?: number | null;
  subsidiary_id?: number | null;
};

/** A demo user's row: French, active, no second factor, never signed in (the seed, test fixtures). */
export function demoUserRow(values: DemoUser, passwordHash: string, now: string) {
  return {
    subsidiary_id: null,
    partner_id: null,
    super_admin: false,
    partner_admin: false,
    ...values,
    password_hash: passwordHash,
    img_src: null,
    language: 'fr',
    active: true,
    totp_secret: null,
    totp_enabled: false,
    totp_last_used_step: null,
    last_login_at: null,
    created_at: now,
    updated_at: now,
  };
}

export function printDemoAccounts(): void {
  console.log(`\nDemo accounts (password "${DEMO_PASSWORD}"):`);
  for (const a of DEMO_ACCOUNTS) console.log(`  ${a.email.padEnd(22)} ${a.what}`);
  console.log('');
}

/** Seeds the demo companies when the database holds no company; answers whether it did. */
export async function seedDemoIfEmpty(database: Database, storage?: FileStorage): Promise<boolean> {
  const any = await database.db.selectFrom('companies').select('id').limit(1).executeTakeFirst();
  if (any) return false;
  await database.db
    .transaction()
    .execute((trx) =>
      seedDemo(trx, { dialect: database.dialect, ...(storage ? { storage } : {}) }),
    );
  return true;
}

/**
 * Deletes every company (and, by cascade, all their data) and seeds the demo again. With `storage`
 * the demo applicants get their CV files (generated PDFs); without, they have CV text but no file.
 */
export async function reseedDemo(database: Database, storage?: FileStorage): Promise<void> {
  await database.db.transaction().execute(async (trx) => {
    // The FTS5 index has no foreign key to cascade through.
    if (database.dialect === 'sqlite') await sql`delete from applicant_search`.execute(trx);
    await trx.deleteFrom('jobs').execute();
    await trx.deleteFrom('mail_outbox').execute();
    await trx.deleteFrom('sessions').execute();
    await trx.deleteFrom('login_attempts').execute();
    await trx.deleteFrom('users').execute();
    await trx.deleteFrom('roles').execute();
    await trx.deleteFrom('companies').execute();
    await trx.deleteFrom('partners').execute();
    await seedDemo(trx, { dialect: database.dialect, ...(storage ? { storage } : {}) });
  });
}

async function seedDemo(db: Kysely<DB>, options: DemoSeedOptions): Promise<void> {
  const now = new Date().toISOString();
  const password_hash = await hashPassword(DEMO_PASSWORD);

  const partner = await db
    .insertInto('partners')
    .values({ name: 'RH Partenaires Conseil', created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();

  const company = async (values: {
    social_reason: string;
    slug: string;
    organisation_type: number;
    client_account: number;
    support_url: string | null;
    partner_id: number | null;
    features: string[];
  }) => {
    const { features, ...rest } = values;
    const row = await db
      .insertInto('companies')
      .values({
        ...rest,
        country: 'FR',
        sso_login_url: null,
        subsidiary_mode: false,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (features.length) {
      await db
        .insertInto('company_features')
        .values(features.map((feature) => ({ company_id: row.id, feature })))
        .execute();
    }
    return row.id;
  };

  const role = async (
    companyId: number,
    name: string,
    parentId: number | null,
    permissions: readonly string[],
  ) => {
    const row = await db
      .insertInto('roles')
      .values({ company_id: companyId, name, parent_id: parentId, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (permissions.length) {
      await db
        .insertInto('role_permissions')
        .values(permissions.map((permission) => ({ role_id: row.id, permission })))
        .execute();
    }
    return row.id;
  };

  const user = async (values: DemoUser) => {
    await db
      .insertInto('users')
      .values(demoUserRow(values, password_hash, now))
      .execute();
  };

  // The product's own staff.
  const internal = await company({
    social_reason: 'Embauche',
    slug: 'embauche',
    organisation_type: ORGANISATION_TYPES.PRIVATE,
    client_account: CLIENT_ACCOUNTS.INTERNAL,
    support_url: null,
    partner_id: null,
    features: [],
  });
  const staffRoot = await role(internal, 'Équipe Embauche', null, PERMISSIONS);
  const partnerRole = await role(internal, 'Partenaire', staffRoot, RECRUITER_PERMISSIONS);
  await user({
    company_id: internal,
    role_id: staffRoot,
    firstname: 'Sophie',
    lastname: 'Bernard',
    email: 'superadmin@demo.test',
    super_admin: true,
  });
  await user({
    company_id: internal,
    role_id: partnerRole,
    firstname: 'Marc',
    lastname: 'Lefèvre',
    email: 'partner@demo.test',
    partner_admin: true,
    partner_id: partner.id,
  });

  // First customer: a private group with subsidiaries.
  const valmont = await company({
    social_reason: 'Groupe Valmont',
    slug: 'groupe-valmont',
    organisation_type: ORGANISATION_TYPES.PRIVATE,
    client_account: CLIENT_ACCOUNTS.DEMO,
    support_url: 'https://support.embauche.fr/groupe-valmont',
    partner_id: partner.id,
    features: ['SMS', 'NonDiscrimination', 'OffersFollowUp'],
  });
  const lyon = await db
    .insertInto('subsidiaries')
    .values([
      { company_id: valmont, name: 'Valmont Lyon', created_at: now },
      { company_id: valmont, name: 'Valmont Paris', created_at: now },
    ])
    .returning('id')
    .execute();
  const vAdmin = await role(valmont, 'Administrateur', null, COMPANY_PERMISSIONS);
  const vRecruiter = await role(valmont, 'Recruteur', vAdmin, RECRUITER_PERMISSIONS);
  const vManager = await role(valmont, 'Manager', vRecruiter, MANAGER_PERMISSIONS);
  await user({
    company_id: valmont,
    role_id: vAdmin,
    firstname: 'Camille',
    lastname: 'Durand',
    email: 'admin@demo.test',
  });
  await user({
    company_id: valmont,
    role_id: vRecruiter,
    firstname: 'Julien',
    lastname: 'Morel',
    email: 'recruiter@demo.test',
    subsidiary_id: lyon[0]?.id ?? null,
  });
  await user({
    company_id: valmont,
    role_id: vManager,
    firstname: 'Thomas',
    lastname: 'Petit',
    email: 'manager@demo.test',
  });
  await user({
    company_id: valmont,
    role_id: vRecruiter,
    firstname: 'Léa',
    lastname: 'Garnier',
    email: 'multi@demo.test',
  });
  await db
    .insertInto('user_groups')
    .values([
      { company_id: valmont, name: 'Recrutement Lyon', level: 1, created_at: now },
      { company_id: valmont, name: 'Direction', level: 2, created_at: now },
    ])
    .execute();

  // Second customer: a town hall, so that isolation between companies is visible.
  const mairie = await company({
    social_reason: 'Mairie de Saint-Aubin',
    slug: 'mairie-saint-aubin',
    organisation_type: ORGANISATION_TYPES.TERRITORIAL,
    client_account: 2,
    support_url: null,
    partner_id: partner.id,
    features: ['SMS'],
  });
  const mAdmin = await role(mairie, 'Administrateur', null, COMPANY_PERMISSIONS);
  await role(mairie, 'Chargé de recrutement', mAdmin, RECRUITER_PERMISSIONS);
  await user({
    company_id: mairie,
    role_id: mAdmin,
    firstname: 'Nadia',
    lastname: 'Benali',
    email: 'admin@other.test',
  });
  await user({
    company_id: mairie,
    role_id: mAdmin,
    firstname: 'Léa',
    lastname: 'Garnier',
    email: 'multi@demo.test',
  });
  await seedDemoProjects(db, options);
  await seedDemoSms(db);
  await seedDemoPlanner(db);
  await seedDemoOnboarding(db);
}
