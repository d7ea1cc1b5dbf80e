import { recordStatusChanges } from '../platform/db/status-history.ts';
import { pathChanges, statusPath } from '../platform/db/status-paths.ts';
import type { Kysely } from 'kysely';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { searchDocument, writeSearchRows } from '../platform/db/applicant-search.ts';
import type { Dialect } from '../platform/db/database.ts';
import type { DB } from '../platform/db/schema.ts';
import type { FileStorage } from '../platform/storage/storage.ts';

/** One demo application: on an offer (with its job title) or spontaneous (offer null). */
export type DemoApplicationSpec = {
  offer_id: number | null;
  job: string | null;
  status_id: number;
  created_at: string;
};

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
  'Gabriel',
  'Sarah',
  'Jules',
  'Emma',
  'Adam',
  'Jade',
  'Raphaël',
  'Zoé',
  'Arthur',
  'Louise',
  'Mathis',
  'Anaïs',
  'Théo',
  'Clémence',
  'Yanis',
  'Margaux',
  'Karim',
  'Fatou',
  'Thomas',
  'Élodie',
  'Mehdi',
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
  'Michel',
  'Garcia',
  'David',
  'Bertrand',
  'Roux',
  'Vincent',
  'Fournier',
  'Morel',
  'Girard',
  'André',
  'Mercier',
  'Dupont',
  'Lambert',
  'Bonnet',
  'François',
  'Martinez',
  'Haddad',
];
const CITIES = [
  'Lyon',
  'Villeurbanne',
  'Vénissieux',
  'Paris',
  'Saint-Denis',
  'Rennes',
  'Roissy-en-France',
  'Bron',
];
const EMPLOYERS = [
  'Transports Girard',
  'Fromageries Morel',
  'Clinique du Parc',
  'Métropole de Lyon',
  'Logistique Rhône Sud',
  'Cabinet Audit Plus',
  'Boulangeries Ange',
  'Groupe Hospitalier Est',
  'Ville de Bron',
  'Solutions Numériques SA',
];
const SCHOOLS = [
  'BTS Gestion de la PME, Lycée La Martinière',
  'Licence professionnelle Logistique, Université Lyon 2',
  'Master Contrôle de gestion, IAE Lyon',
  'DUT GEA, IUT Lyon 3',
  'CAP Agent de propreté et d’hygiène',
  'Bac professionnel Logistique',
  'Diplôme d’État d’infirmier, IFSI Rennes',
  'Titre professionnel Développeur web, AFPA',
];
const SKILLS = [
  'Pack Office',
  'Excel avancé',
  'SAP',
  'gestion des priorités',
  'travail en équipe',
  'CACES 3',
  'relation client',
  'anglais courant',
  'Sage',
  'React',
  'Node.js',
  'SQL',
  'rigueur',
  'autonomie',
  'management',
  'permis B',
  'hygiène HACCP',
  'planification',
];
const TAGS = ['vivier', 'mobile', 'bilingue', 'à rappeler', 'CACES', 'profil senior'];
const MOTIVATIONS = [
  'Votre entreprise m’attire par ses valeurs et la qualité de ses projets. Je souhaite mettre mon expérience à votre service.',
  'Disponible immédiatement, je suis motivé par ce poste qui correspond à mon parcours et à mon projet professionnel.',
  'Je souhaite rejoindre une équipe dynamique où je pourrai progresser et prendre des responsabilités.',
];

const pick = <T>(list: readonly T[], n: number): T =>
  list[((n % list.length) + list.length) % list.length]!;

function ascii(s: string): string {
  return s
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
}

/** The CV's lines: identity, two or three positions, education, skills. */
function cvLines(
  p: { firstname: string; lastname: string; email: string; phone: string; city: string },
  job: string,
  n: number,
) {
  const title = job.replace(/\s+H\/F$/i, '');
  const thisYear = new Date().getUTCFullYear();
  const start = thisYear - 1 - (n % 4);
  const before = start - 2 - (n % 5);
  return [
    `${p.firstname} ${p.lastname}`,
    title,
    `${p.email} · ${p.phone} · ${p.city}`,
    '',
    'Expérience professionnelle',
    `${start} – aujourd'hui  ${title} — ${pick(EMPLOYERS, n)}, ${p.city}`,
    `${before} – ${start}  ${title} (${pick(['stage', 'intérim', 'CDD'], n)}) — ${pick(EMPLOYERS, n + 3)}, ${pick(CITIES, n + 1)}`,
    ...(n % 2
      ? [`${before - 3} – ${before}  Employé(e) polyvalent(e) — ${pick(EMPLOYERS, n + 6)}`]
      : []),
    '',
    'Formation',
    `${before - 1}  ${pick(SCHOOLS, n)}`,
    '',
    'Compétences',
    [pick(SKILLS, n), pick(SKILLS, n + 5), pick(SKILLS, n + 11), pick(SKILLS, n + 7)].join(', '),
  ];
}

/** A real one-page PDF of those lines (pdf-lib, standard font: a few kB, a few ms). */
async function cvPdf(lines: string[]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.setTitle(`CV ${lines[0]}`);
  const page = doc.addPage([595, 842]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let y = 790;
  lines.forEach((line, i) => {
    const heading =
      i === 0 ||
      line === 'Expérience professionnelle' ||
      line === 'Formation' ||
      line === 'Compétences';
    page.drawText(line, {
      x: 50,
      y,
      size: i === 0 ? 20 : heading ? 13 : 10.5,
      font: heading ? bold : font,
      color: heading ? rgb(0.1, 0.2, 0.45) : rgb(0.1, 0.1, 0.1),
    });
    y -= i === 0 ? 26 : line === '' ? 10 : 17;
  });
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/**
 * The demo applicants of one company: one applicant per application spec, each with a generated CV
 * (PDF written to `storage` when given, its text indexed for search), tags, motifs on refusals,
 * recruited_at on hires, visio details on interviews, assessment tests on some.
 */
export async function seedDemoApplicants(
  db: Kysely<DB>,
  dialect: Dialect,
  companyId: number,
  specs: DemoApplicationSpec[],
  storage: FileStorage | undefined,
  salt: number,
): Promise<void> {
  if (!specs.length) return;
  const now = new Date().toISOString();
  const people = specs.map((spec, i) => {
    const n = i + salt;
    const firstname = pick(FIRST, n * 7 + 3);
    const lastname = pick(LAST, n * 11 + 5);
    const city = pick(CITIES, n);
    const email = `${ascii(firstname)}.${ascii(lastname)}${n}@exemple.fr`;
    const phone = `06 ${String(10 + (n % 89)).padStart(2, '0')} ${String((n * 37) % 100).padStart(2, '0')} ${String((n * 53) % 100).padStart(2, '0')} ${String((n * 71) % 100).padStart(2, '0')}`;
    const lines = cvLines(
      { firstname, lastname, email, phone, city },
      spec.job ??
        pick(
          [
            'Comptable',
            'Assistant administratif',
            'Préparateur de commandes',
            'Chargé de clientèle',
          ],
          n,
        ),
      n,
    );
    return { spec, n, firstname, lastname, city, email, phone, lines };
  });
  const files = await Promise.all(
    people.map(async (p) => {
      if (!storage) return null;
      const key = `cv/${companyId}/demo-${p.n}.pdf`;
      await storage.put(key, await cvPdf(p.lines));
      return key;
    }),
  );
  const applicants = await db
    .insertInto('applicants')
    .values(
      people.map((p, i) => ({
        company_id: companyId,
        firstname: p.firstname,
        lastname: p.lastname,
        email: p.email,
        phone: p.phone,
        img_src: null,
        provenance_id: p.spec.offer_id === null ? 5 : p.n % 4 === 0 ? 3 : 1,
        jobboard_id: p.spec.offer_id === null ? 8 : pick([1, 2, 8], p.n),
        source_url: null,
        cv_key: files[i] ?? null,
        cv_filename: files[i] ? `CV ${p.firstname} ${p.lastname}.pdf` : null,
        cv_mime: files[i] ? 'application/pdf' : null,
        cv_text: p.lines.join('\n'),
        cv_extracted_at: now,
        motivation: p.n % 3 === 0 ? pick(MOTIVATIONS, p.n) : null,
        visio_url: p.spec.status_id === 4 ? `https://visio.exemple.fr/entretien-${p.n}` : null,
        visio_at:
          p.spec.status_id === 4
            ? new Date(Date.now() + (2 + (p.n % 5)) * 86_400_000).toISOString()
            : null,
        visio_notes: p.spec.status_id === 4 ? 'Entretien avec la responsable du service.' : null,
        created_at: p.spec.created_at,
        updated_at: p.spec.created_at,
      })),
    )
    .returning('id')
    .execute();

  const applications = people.map((p, i) => ({
    company_id: companyId,
    offer_id: p.spec.offer_id,
    applicant_id: applicants[i]!.id,
    status_id: p.spec.status_id,
    motif_id: p.spec.status_id === 7 ? 1 + (p.n % 5) : p.spec.status_id === 8 ? 6 : null,
    jobboard_id: p.spec.offer_id === null ? 8 : pick([1, 2, 8], p.n),
    recruited_at: p.spec.status_id === 6 ? p.spec.created_at : null,
    status_changed_at: p.spec.status_id === 1 ? null : p.spec.created_at,
    motivation: p.n % 3 === 0 ? pick(MOTIVATIONS, p.n) : null,
    created_at: p.spec.created_at,
    updated_at: p.spec.created_at,
  }));
  const inserted = await db
    .insertInto('applications')
    .values(applications)
    .returning(['id', 'status_id'])
    .execute();
  // Each application's path to its status, changed by the company's users (statistics).
  const actors = (
    await db.selectFrom('users').select('id').where('company_id', '=', companyId).execute()
  ).map((u) => u.id);
  const nowMs = Date.now();
  await recordStatusChanges(
    db,
    applications.flatMap((a, i) =>
      pathChanges(
        {
          companyId,
          applicationId: inserted[i]!.id,
          offerId: a.offer_id,
          jobboardId: a.jobboard_id,
          appliedAt: a.created_at,
        },
        statusPath(a.status_id, people[i]!.n),
        { motifId: a.motif_id, actorId: actors.length ? pick(actors, people[i]!.n) : null },
        people[i]!.n,
        nowMs,
      ),
    ),
  );

  // Tags on one applicant in three, in the company's tag list.
  const tagIds = await db
    .insertInto('tags')
    .values(TAGS.map((name) => ({ company_id: companyId, name, created_at: now })))
    .returning(['id', 'name'])
    .execute();
  const tagged = people.flatMap((p, i) =>
    p.n % 3 === 0
      ? [
          {
            i,
            tags: [pick(tagIds, p.n), pick(tagIds, p.n + 2)].filter(
              (t, k, a) => a.indexOf(t) === k,
            ),
          },
        ]
      : [],
  );
  const tagRows = tagged.flatMap(({ i, tags }) =>
    tags.map((t) => ({ company_id: companyId, applicant_id: applicants[i]!.id, tag_id: t.id })),
  );
  if (tagRows.length) await db.insertInto('applicant_tags').values(tagRows).execute();

  // Assessment tests on applications past the first interview.
  const tests = await db
    .insertInto('assessment_tests')
    .values([
      { company_id: companyId, name: 'Test de personnalité', created_at: now },
      { company_id: companyId, name: 'Test Excel', created_at: now },
    ])
    .returning('id')
    .execute();
  const testRows = inserted
    .filter((a) => a.status_id >= 3 && a.status_id <= 6)
    .map((a, k) => ({
      company_id: companyId,
      application_id: a.id,
      test_id: tests[k % 2]!.id,
      status: k % 3 === 0 ? 'sent' : 'completed',
      score: k % 3 === 0 ? null : 55 + ((k * 17) % 45),
      sent_at: now,
      completed_at: k % 3 === 0 ? null : now,
    }));
  if (testRows.length) await db.insertInto('application_tests').values(testRows).execute();

  const tagNames = new Map(tagged.map(({ i, tags }) => [i, tags.map((t) => t.name)]));
  await writeSearchRows(
    db,
    dialect,
    people.map((p, i) => ({
      companyId,
      applicantId: applicants[i]!.id,
      doc: searchDocument({
        name: `${p.firstname} ${p.lastname}`,
        email: p.email,
        tags: tagNames.get(i) ?? [],
        cvText: p.lines.join('\n'),
      }),
    })),
  );
}
