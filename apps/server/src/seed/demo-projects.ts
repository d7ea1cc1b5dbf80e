import type { Kysely } from 'kysely';
import type { Dialect } from '../platform/db/database.ts';
import type { DB } from '../platform/db/schema.ts';
import type { FileStorage } from '../platform/storage/storage.ts';
import { seedDemoApplicants, type DemoApplicationSpec } from './demo-applicants.ts';
import { describe, MAIRIE_OFFERS, VALMONT_OFFERS, type DemoOffer } from './demo-offers.ts';

/** `documentsDisabled`: the project's application settings do not let applicants join documents. */
type Tree = { key: string; name: string; children?: Tree[]; documentsDisabled?: boolean };

const VALMONT_TREE: Tree[] = [
  {
    key: 'siege',
    name: 'Siège – Lyon',
    children: [
      { key: 'finance', name: 'Finance et contrôle de gestion' },
      { key: 'rh', name: 'Ressources humaines' },
      { key: 'dsi', name: 'Systèmes d’information' },
    ],
  },
  {
    key: 'idf',
    name: 'Agences Île-de-France',
    children: [
      { key: 'paris15', name: 'Agence Paris 15e' },
      { key: 'defense', name: 'Agence La Défense' },
      { key: 'stdenis', name: 'Agence Saint-Denis' },
    ],
  },
  {
    key: 'logistique',
    name: 'Logistique',
    children: [
      { key: 'venissieux', name: 'Plateforme de Vénissieux' },
      { key: 'roissy', name: 'Entrepôt de Roissy' },
      { key: 'flotte', name: 'Transport et flotte' },
    ],
  },
  { key: 'alternance', name: 'Campagne alternance 2025' },
  { key: 'ete', name: 'Renforts saisonniers – été', documentsDisabled: true },
];

const MAIRIE_TREE: Tree[] = [
  {
    key: 'technique',
    name: 'Services techniques',
    children: [
      { key: 'voirie', name: 'Voirie et espaces verts' },
      { key: 'batiments', name: 'Bâtiments communaux' },
    ],
  },
  {
    key: 'enfance',
    name: 'Enfance et éducation',
    children: [{ key: 'ecoles', name: 'Écoles et périscolaire' }],
  },
  { key: 'admin', name: 'Administration générale' },
];

const DAY = 86_400_000;
const ago = (days: number, now: number) => new Date(now - days * DAY).toISOString();

async function insertTree(
  db: Kysely<DB>,
  companyId: number,
  userId: number,
  trees: Tree[],
  now: string,
) {
  const ids = new Map<string, number>();
  const walk = async (nodes: Tree[], parent: number | null) => {
    for (const node of nodes) {
      const row = await db
        .insertInto('projects')
        .values({
          company_id: companyId,
          parent_id: parent,
          name: node.name,
          type: node.children ? 0 : 1,
          subsidiary_id: null,
          documents_enabled: !node.documentsDisabled,
          created_by: userId,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.set(node.key, row.id);
      if (node.children) await walk(node.children, row.id);
    }
  };
  await walk(trees, null);
  return ids;
}

async function insertOffers(
  db: Kysely<DB>,
  seed: DemoSeedOptions,
  company: { id: number; name: string; prefix: string; userId: number; subsidiaries: number[] },
  projects: Map<string, number>,
  offers: DemoOffer[],
) {
  const now = Date.now();
  const rows = await db
    .insertInto('offers')
    .values(
      offers.map((offer, i) => {
        const created = ago(offer.age, now);
        const ref = `${company.prefix}-${2025_000 + i + 1}`;
        return {
          company_id: company.id,
          project_id: projects.get(offer.project)!,
          job_position: offer.job,
          reference: ref,
          description: describe(offer, company.name),
          contract_type: offer.contract,
          location: offer.location,
          department: offer.department,
          remote: offer.remote,
          salary_min: offer.salary?.[0] ?? null,
          salary_max: offer.salary?.[1] ?? null,
          subsidiary_id:
            offer.subsidiary !== undefined
              ? (company.subsidiaries[offer.subsidiary] ?? null)
              : null,
          status: offer.status,
          archived: offer.archived !== undefined,
          archived_reason: offer.archived ?? null,
          archived_comment: null,
          archived_at: offer.archived ? ago(Math.max(0, offer.age - 30), now) : null,
          closing_date:
            offer.closingIn !== undefined
              ? new Date(now + offer.closingIn * DAY).toISOString().slice(0, 10)
              : null,
          published_at: offer.status === 'draft' ? null : ago(Math.max(0, offer.age - 1), now),
          created_by: company.userId,
          created_at: created,
          updated_at: ago(Math.max(0, offer.age - 2), now),
        };
      }),
    )
    .returning(['id', 'status', 'archived', 'created_at'])
    .execute();

  // Postings on the usual boards; applications so that counts, "to treat" and alerts show.
  const postings = rows
    .filter((r) => r.status !== 'draft')
    .flatMap((r) =>
      [1, 2, 8].map((job_board_id) => ({
        company_id: company.id,
        offer_id: r.id,
        job_board_id,
        posted_at: r.created_at,
        removed_at: r.status === 'published' && !r.archived ? null : r.created_at,
      })),
    );
  if (postings.length) await db.insertInto('offer_postings').values(postings).execute();
  const jobs = new Map(rows.map((r, i) => [r.id, offers[i]!.job]));
  const applications: DemoApplicationSpec[] = rows
    .filter((r) => r.status !== 'draft')
    .flatMap((r, i) =>
      Array.from({ length: 2 + (i % 5) }, (_, k) => {
        const age = (i * 3 + k * 4) % 21;
        return {
          offer_id: r.id,
          job: jobs.get(r.id) ?? null,
          status_id: k % 3 === 0 ? 1 : 2 + ((i + k) % 6),
          created_at: ago(age, now),
        };
      }),
    );
  // A few spontaneous applications (no offer), some still to treat.
  for (let k = 0; k < 4; k++) {
    applications.push({
      offer_id: null,
      job: null,
      status_id: k < 2 ? 1 : 2 + k,
      created_at: ago(k * 2 + 1, now),
    });
  }
  await seedDemoApplicants(
    db,
    seed.dialect,
    company.id,
    applications,
    seed.storage,
    company.id * 1000,
  );
  return rows.map((r) => r.id);
}

async function userId(db: Kysely<DB>, companyId: number, email: string): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('company_id', '=', companyId)
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return row.id;
}

async function company(db: Kysely<DB>, slug: string) {
  const row = await db
    .selectFrom('companies')
    .select(['id', 'social_reason'])
    .where('slug', '=', slug)
    .executeTakeFirstOrThrow();
  const subsidiaries = await db
    .selectFrom('subsidiaries')
    .select('id')
    .where('company_id', '=', row.id)
    .orderBy('id')
    .execute();
  return { id: row.id, name: row.social_reason, subsidiaries: subsidiaries.map((s) => s.id) };
}

/** Project trees and offers of the demo companies; runs at the end of the demo seed. */
export type DemoSeedOptions = { dialect: Dialect; storage?: FileStorage };

export async function seedDemoProjects(db: Kysely<DB>, seed: DemoSeedOptions): Promise<void> {
  const now = new Date().toISOString();

  const valmont = await company(db, 'groupe-valmont');
  const admin = await userId(db, valmont.id, 'admin@demo.test');
  const manager = await userId(db, valmont.id, 'manager@demo.test');
  const vProjects = await insertTree(db, valmont.id, admin, VALMONT_TREE, now);
  const vOffers = await insertOffers(
    db,
    seed,
    { ...valmont, prefix: 'VAL', userId: admin },
    vProjects,
    VALMONT_OFFERS,
  );
  await db
    .insertInto('project_favorites')
    .values(
      ['venissieux', 'alternance'].map((key) => ({
        company_id: valmont.id,
        user_id: admin,
        project_id: vProjects.get(key)!,
        created_at: now,
      })),
    )
    .execute();
  await db
    .insertInto('offer_favorites')
    .values(
      [0, 5, 9, 22].map((i) => ({
        company_id: valmont.id,
        user_id: admin,
        offer_id: vOffers[i]!,
        created_at: now,
      })),
    )
    .execute();
  // The manager (no project.see_all) sees one agency and one offer granted directly.
  await db
    .insertInto('project_users')
    .values({ company_id: valmont.id, project_id: vProjects.get('paris15')!, user_id: manager })
    .execute();
  await db
    .insertInto('offer_users')
    .values({ company_id: valmont.id, offer_id: vOffers[9]!, user_id: manager })
    .execute();

  const mairie = await company(db, 'mairie-saint-aubin');
  const mAdmin = await userId(db, mairie.id, 'admin@other.test');
  const mProjects = await insertTree(db, mairie.id, mAdmin, MAIRIE_TREE, now);
  await insertOffers(
    db,
    seed,
    { ...mairie, prefix: 'MSA', userId: mAdmin },
    mProjects,
    MAIRIE_OFFERS,
  );
}
