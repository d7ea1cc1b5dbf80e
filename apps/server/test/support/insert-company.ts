import type { Kysely } from 'kysely';
import type { DB } from '../../src/platform/db/schema.ts';

/** The company of the user with this e-mail (a demo user's). */
export async function companyOf(db: Kysely<DB>, email: string): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select('company_id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return row.company_id!;
}

/** Inserts a bare company (no users, no settings) named by its slug; answers its id. */
export async function insertCompany(db: Kysely<DB>, slug: string, now: string): Promise<number> {
  const row = await db
    .insertInto('companies')
    .values({
      social_reason: slug,
      slug,
      country: 'FR',
      organisation_type: 0,
      client_account: 1,
      support_url: null,
      sso_login_url: null,
      subsidiary_mode: false,
      partner_id: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Inserts a top-level project of the company; answers its id. */
export async function insertProject(
  db: Kysely<DB>,
  companyId: number,
  name: string,
  now: string,
): Promise<number> {
  const row = await db
    .insertInto('projects')
    .values({
      company_id: companyId,
      parent_id: null,
      name,
      type: 1,
      subsidiary_id: null,
      created_by: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Inserts a published offer of the project (no applications); answers its id. */
export async function insertOffer(
  db: Kysely<DB>,
  companyId: number,
  projectId: number,
  jobPosition: string,
  now: string,
): Promise<number> {
  const row = await db
    .insertInto('offers')
    .values({
      company_id: companyId,
      project_id: projectId,
      job_position: jobPosition,
      status: 'published',
      remote: 'none',
      archived: false,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
