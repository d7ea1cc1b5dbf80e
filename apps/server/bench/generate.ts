// Generates the benchmark company: 500 projects, 10,000 offers, 100,000 applicants (CV text in
// the search index), 35,000 applications of which 5,000 on one offer (reference BEN-2).
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { PERMISSIONS } from '@embauche/contracts/permissions';
import { hashPassword } from '../src/platform/auth/password.ts';
import { searchDocument, writeSearchRows } from '../src/platform/db/applicant-search.ts';
import type { Database } from '../src/platform/db/database.ts';

export const OFFERS = 10_000;
export const FOLDERS = 50;
export const LEAVES_PER_FOLDER = 9; // 50 folders + 450 leaves = 500 projects
export const EMAIL = 'bench@bench.test';
export const PASSWORD = 'bench-password';
export const APPLICANTS = 100_000;
export const BIG_OFFER_APPLICATIONS = 5_000;
/** The reference of the offer that holds BIG_OFFER_APPLICATIONS applications. */
export const BIG_OFFER_REFERENCE = 'BEN-2';
const FIRST = [
  'Camille',
  'Lucas',
  'Manon',
  'Hugo',
  'Chloé',
  'Louis',
  'Inès',
  'Nathan',
  'Léa',
  'Karim',
  'Fatou',
  'Élodie',
  'Mehdi',
  'Zoé',
  'Arthur',
];
const LAST = [
  'Martin',
  'Bernard',
  'Dubois',
  'Thomas',
  'Robert',
  'Richard',
  'Petit',
  'Durand',
  'Leroy',
  'Moreau',
  'Simon',
  'Laurent',
  'Lefebvre',
  'Garcia',
  'Haddad',
  'Nguyen',
  'Dupont',
];
const SKILLS = [
  'SAP',
  'Excel',
  'comptabilité',
  'React',
  'Node.js',
  'CACES',
  'logistique',
  'management',
  'anglais',
  'paie',
  'SQL',
  'vente',
  'relation client',
  'maintenance',
  'électricité',
];
const JOBS = [
  'Comptable',
  'Développeur',
  'Cariste',
  'Chargé de recrutement',
  'Technicien',
  'Commercial',
];
const CITIES = ['Lyon', 'Paris', 'Marseille', 'Lille', 'Nantes', 'Bordeaux'];
const STATUSES = ['draft', 'published', 'published', 'unpublished'];

async function insertChunks<T>(rows: T[], size: number, insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/** One company, its admin, 500 projects, 10,000 offers, 30,000 applications. */
export async function generate(database: Database): Promise<number> {
  const { db } = database;
  const now = Date.now();
  const iso = (daysAgo: number) => new Date(now - daysAgo * 86_400_000).toISOString();
  const company = await db
    .insertInto('companies')
    .values({
      social_reason: 'Entreprise Bench',
      slug: `bench-${randomBytes(3).toString('hex')}`,
      country: 'FR',
      organisation_type: 0,
      client_account: 1,
      support_url: null,
      sso_login_url: null,
      subsidiary_mode: false,
      partner_id: null,
      created_at: iso(0),
      updated_at: iso(0),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const role = await db
    .insertInto('roles')
    .values({ company_id: company.id, name: 'Administrateur', parent_id: null, created_at: iso(0) })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('role_permissions')
    .values(
      PERMISSIONS.filter((p) => p !== 'user.super_admin').map((permission) => ({
        role_id: role.id,
        permission,
      })),
    )
    .execute();
  const user = await db
    .insertInto('users')
    .values({
      company_id: company.id,
      role_id: role.id,
      subsidiary_id: null,
      firstname: 'Bench',
      lastname: 'Admin',
      email: EMAIL,
      password_hash: await hashPassword(PASSWORD),
      img_src: null,
      language: 'fr',
      super_admin: false,
      partner_admin: false,
      partner_id: null,
      active: true,
      totp_secret: null,
      totp_enabled: false,
      totp_last_used_step: null,
      last_login_at: null,
      created_at: iso(0),
      updated_at: iso(0),
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  const leaves: number[] = [];
  for (let f = 0; f < FOLDERS; f++) {
    const folder = await db
      .insertInto('projects')
      .values({
        company_id: company.id,
        parent_id: null,
        name: `Dossier ${f + 1}`,
        type: 0,
        subsidiary_id: null,
        created_by: user.id,
        created_at: iso(0),
        updated_at: iso(0),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const rows = await db
      .insertInto('projects')
      .values(
        Array.from({ length: LEAVES_PER_FOLDER }, (_, l) => ({
          company_id: company.id,
          parent_id: folder.id,
          name: `Projet ${f + 1}.${l + 1}`,
          type: 1,
          subsidiary_id: null,
          created_by: user.id,
          created_at: iso(0),
          updated_at: iso(0),
        })),
      )
      .returning('id')
      .execute();
    leaves.push(...rows.map((r) => r.id));
  }

  const offers = Array.from({ length: OFFERS }, (_, i) => {
    const age = i % 365;
    return {
      company_id: company.id,
      project_id: leaves[i % leaves.length]!,
      job_position: `${JOBS[i % JOBS.length]} ${i + 1} H/F`,
      reference: `BEN-${i + 1}`,
      description: '<p>Description</p>',
      contract_type: i % 3 === 0 ? 'cdd' : 'cdi',
      location: CITIES[i % CITIES.length]!,
      department: null,
      remote: 'none',
      salary_min: 30000,
      salary_max: 40000,
      subsidiary_id: null,
      status: STATUSES[i % STATUSES.length]!,
      archived: i % 10 === 0,
      archived_reason: i % 10 === 0 ? 'position_filled' : null,
      archived_comment: null,
      archived_at: i % 10 === 0 ? iso(age) : null,
      closing_date:
        i % 50 === 0 ? new Date(now + (i % 7) * 86_400_000).toISOString().slice(0, 10) : null,
      published_at: iso(age),
      created_by: user.id,
      created_at: iso(age),
      updated_at: iso(age % 30),
    };
  });
  const offerIds: number[] = [];
  await insertChunks(offers, 500, async (chunk) => {
    const rows = await db.insertInto('offers').values(chunk).returning('id').execute();
    offerIds.push(...rows.map((r) => r.id));
  });
  // Applicants: names, e-mails and a short CV text each, all in the search index.
  const applicantIds: number[] = [];
  const people = Array.from({ length: APPLICANTS }, (_, i) => {
    const firstname = FIRST[(i * 7) % FIRST.length]!;
    const lastname = `${LAST[(i * 11) % LAST.length]!}${i % 97 === 0 ? '' : ` ${String.fromCharCode(65 + (i % 26))}`}`;
    const job = JOBS[i % JOBS.length]!;
    const cv = `${firstname} ${lastname}\n${job} à ${CITIES[i % CITIES.length]}\n${2010 + (i % 12)} – ${2015 + (i % 10)} ${job} chez Entreprise ${i % 500}\nCompétences : ${SKILLS[i % SKILLS.length]}, ${SKILLS[(i * 3 + 1) % SKILLS.length]}, ${SKILLS[(i * 5 + 2) % SKILLS.length]}\nFormation : BTS ${job}`;
    return { firstname, lastname, email: `candidat${i}@bench.test`, cv };
  });
  await insertChunks(people, 500, async (chunk) => {
    const rows = await db
      .insertInto('applicants')
      .values(
        chunk.map((p) => ({
          company_id: company.id,
          firstname: p.firstname,
          lastname: p.lastname,
          email: p.email,
          phone: null,
          img_src: null,
          provenance_id: 1,
          jobboard_id: 1,
          source_url: null,
          cv_key: null,
          cv_filename: null,
          cv_mime: null,
          cv_text: p.cv,
          cv_extracted_at: iso(0),
          motivation: null,
          visio_url: null,
          visio_at: null,
          visio_notes: null,
          created_at: iso(0),
          updated_at: iso(0),
        })),
      )
      .returning('id')
      .execute();
    applicantIds.push(...rows.map((r) => r.id));
  });
  await writeSearchRows(
    db,
    database.dialect,
    people.map((p, i) => ({
      companyId: company.id,
      applicantId: applicantIds[i]!,
      doc: searchDocument({
        name: `${p.firstname} ${p.lastname}`,
        email: p.email,
        tags: [],
        cvText: p.cv,
      }),
    })),
  );
  const applications = offerIds.flatMap((offer_id, i) =>
    Array.from({ length: 3 }, (_, k) => ({
      company_id: company.id,
      offer_id,
      applicant_id: applicantIds[(i * 3 + k) % APPLICANTS]!,
      status_id: (i + k) % 4 === 0 ? 1 : 2,
      jobboard_id: 1 + ((i + k) % 3),
      created_at: iso((i + k * 5) % 40),
      updated_at: iso(0),
    })),
  );
  // One offer holds 5,000 applications across the whole pipeline.
  const big = offerIds[1]!;
  for (let k = 0; k < BIG_OFFER_APPLICATIONS; k++) {
    const status = 1 + (k % 8);
    applications.push({
      company_id: company.id,
      offer_id: big,
      applicant_id: applicantIds[(k * 17 + 40_000) % APPLICANTS]!,
      status_id: status,
      jobboard_id: 1 + (k % 3),
      created_at: iso(k % 60),
      updated_at: iso(0),
      ...(status === 7 ? { motif_id: 1 + (k % 5) } : {}),
    } as (typeof applications)[number]);
  }
  await insertChunks(applications, 1000, (chunk) =>
    db.insertInto('applications').values(chunk).execute(),
  );
  const postings = offerIds
    .filter((_, i) => i % 4 === 1)
    .map((offer_id) => ({
      company_id: company.id,
      offer_id,
      job_board_id: 1 + (offer_id % 3),
      posted_at: iso(0),
      removed_at: null,
    }));
  await insertChunks(postings, 1000, (chunk) =>
    db.insertInto('offer_postings').values(chunk).execute(),
  );
  // A live database has planner statistics; a freshly filled one needs them gathered once.
  await sql`analyze`.execute(db);
  return leaves[0]!;
}
