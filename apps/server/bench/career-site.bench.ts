// `npm run bench:career-site` (and the end of `npm run bench`): the public career site's pages
// (issue 37 part 6) when the company holds 20,000 offers, about 9,000 of them published with a
// description of a real offer's length. The demo companies, then the offers in Groupe Valmont;
// SQLite always, PostgreSQL too with BENCH_DATABASE_URL. Targets (one caller's median): the offer
// page under 20 ms, the list with a search under 30 ms. docs/benchmarks.md.
import path from 'node:path';
import { sql } from 'kysely';
import { createDatabase } from '../src/platform/db/database.ts';
import { migrate } from '../src/platform/db/migrate.ts';
import { LocalDiskStorage } from '../src/platform/storage/local-disk-storage.ts';
import { reseedDemo } from '../src/seed/demo-seed.ts';
import {
  benchSeconds,
  measureCases,
  runOnDatabases,
  startBenchServer,
  type BenchCase,
} from './bench-harness.ts';

const OFFERS = Number(process.env.CAREER_BENCH_OFFERS ?? 20_000);
const SECONDS = benchSeconds(2);
const OFFER_TARGET_MS = 20;
const LIST_TARGET_MS = 30;
const BATCH = 500;
const JOBS = [
  'Comptable',
  'Développeur',
  'Cariste',
  'Chargé de recrutement',
  'Technicien',
  'Commercial',
  'Infirmier',
  'Soudeur',
];
const CITIES = ['Lyon', 'Paris', 'Marseille', 'Lille', 'Nantes', 'Bordeaux', 'Toulouse', 'Rennes'];
const STATUSES = ['draft', 'published', 'published', 'unpublished'] as const;
const PARAGRAPH =
  '<p>Au sein d’une équipe de douze personnes, vous prenez en charge les dossiers de nos clients, ' +
  'du premier rendez-vous à la clôture, avec des outils modernes et un accompagnement de proximité. ' +
  'Vous travaillez avec les services commerciaux et techniques, et rendez compte à la direction.</p>';
/** About 2,500 characters: a real offer's description, with a list. */
const DESCRIPTION = `${PARAGRAPH.repeat(4)}<ul>${'<li>Une mission claire, des moyens et une équipe</li>'.repeat(6)}</ul>${PARAGRAPH.repeat(2)}`;

await runOnDatabases(
  'career_site',
  run,
  'Career site: a median missed its target (offer page 20 ms, list 30 ms)',
);

async function run(label: string, url: string, dir: string, schema?: string): Promise<boolean> {
  const t0 = Date.now();
  const { slug, offerPath } = await generate(url, dir, schema);
  console.log(`Career site, ${label}: ${OFFERS} offers (generated in ${Date.now() - t0} ms)`);
  const server = await startBenchServer(url, {
    dataDir: dir,
    ...(schema ? { searchPath: schema } : {}),
  });
  try {
    const site = `/careers/${slug}`;
    // The offer's canonical address (`{id}-{readable title}`): the bare id answers a redirect.
    const moved = await fetch(`${server.base}${offerPath}`, { redirect: 'manual' });
    const offerPage = new URL(moved.headers.get('location') ?? offerPath, server.base).pathname;
    const cases: BenchCase[] = [
      ['trivial route (GET /api/health), the ceiling', '', '/api/health'],
      ['offer page', '', offerPage, OFFER_TARGET_MS],
      ['list, page 1', '', site, LIST_TARGET_MS],
      ['list, search (comptable)', '', `${site}?q=comptable`, LIST_TARGET_MS],
      [
        'list, search + contract + place, page 3',
        '',
        `${site}?q=comptable&contract=cdi&place=Lyon&page=3`,
        LIST_TARGET_MS,
      ],
      ['list, search with no answer', '', `${site}?q=astronaute`, LIST_TARGET_MS],
      ['list, page 200', '', `${site}?page=200`, LIST_TARGET_MS],
      ['sitemap.xml', '', `${site}/sitemap.xml`],
      ['feed.xml (5,000 newest offers)', '', `${site}/feed.xml?board=indeed`],
    ];
    const { missed } = await measureCases(server.base, cases, SECONDS, { warmUp: 3 });
    return missed.length > 0;
  } finally {
    await server.stop();
  }
}

/** The demo companies, Valmont's career site, then OFFERS offers in Valmont's projects. */
async function generate(url: string, dir: string, schema?: string) {
  const database = createDatabase(url, schema ? { searchPath: schema } : {});
  try {
    await migrate(database);
    await reseedDemo(database, new LocalDiskStorage(path.join(dir, 'uploads')));
    const { db } = database;
    const company = await db
      .selectFrom('companies')
      .select(['id', 'slug'])
      .where('slug', '=', 'groupe-valmont')
      .executeTakeFirstOrThrow();
    const leaves = await db
      .selectFrom('projects')
      .select('id')
      .where('company_id', '=', company.id)
      .where('type', '=', 1)
      .execute();
    const subsidiaries = await db
      .selectFrom('subsidiaries')
      .select('id')
      .where('company_id', '=', company.id)
      .execute();
    const user = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'admin@demo.test')
      .executeTakeFirstOrThrow();
    const now = Date.now();
    const iso = (ms: number) => new Date(now - ms).toISOString();
    await db
      .insertInto('career_sites')
      .values({
        company_id: company.id,
        show_logo: true,
        primary_color: '#1d4ed8',
        accent_color: '#b45309',
        cover_image_id: null,
        languages: JSON.stringify(['fr', 'en']),
        introductions: JSON.stringify({ fr: PARAGRAPH, en: PARAGRAPH }),
        offer_fields: JSON.stringify([
          'contract_type',
          'location',
          'remote',
          'department',
          'subsidiary',
          'salary',
          'closing_date',
        ]),
        talent_community: true,
        updated_at: iso(0),
      })
      .onConflict((oc) => oc.column('company_id').doNothing())
      .execute();
    for (let from = 0; from < OFFERS; from += BATCH) {
      const n = Math.min(BATCH, OFFERS - from);
      await db
        .insertInto('offers')
        .values(
          Array.from({ length: n }, (_, k) => {
            const i = from + k;
            const age = (i % 365) * 86_400_000 + i * 1000;
            const archived = i % 10 === 0;
            return {
              company_id: company.id,
              project_id: leaves[i % leaves.length]!.id,
              subsidiary_id:
                subsidiaries.length && i % 3 === 0
                  ? subsidiaries[i % subsidiaries.length]!.id
                  : null,
              job_position: `${JOBS[i % JOBS.length]} ${i + 1} H/F`,
              reference: `CS-${i + 1}`,
              description: DESCRIPTION,
              contract_type: i % 3 === 0 ? 'cdd' : 'cdi',
              location: CITIES[i % CITIES.length]!,
              department: `Service ${1 + (i % 12)}`,
              remote: i % 4 === 0 ? 'partial' : 'none',
              salary_min: 30_000,
              salary_max: 42_000,
              status: STATUSES[i % STATUSES.length]!,
              archived,
              archived_reason: archived ? 'position_filled' : null,
              archived_at: archived ? iso(age) : null,
              published_at: iso(age),
              created_by: user.id,
              created_at: iso(age),
              updated_at: iso(age),
            };
          }),
        )
        .execute();
    }
    const offer = await db
      .selectFrom('offers')
      .select('id')
      .where('company_id', '=', company.id)
      .where('status', '=', 'published')
      .where('archived', '=', false)
      .where('reference', 'like', 'CS-%')
      .orderBy('id', 'desc')
      .limit(1)
      .offset(500)
      .executeTakeFirstOrThrow();
    await sql`analyze`.execute(db);
    return { slug: company.slug, offerPath: `/careers/${company.slug}/offers/${offer.id}` };
  } finally {
    await database.destroy();
  }
}
