// The bulk tables' rows of the benchmark company (offers, applicants with CV text and search rows,
// applications, job-board postings), computed from their index alone: the same data on every run.
import { searchDocument } from '../src/platform/db/applicant-search.ts';
import { CV_WORD, CV_WORD_HITS, type BenchSize } from './bench-sizes.ts';

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

export const DAY = 86_400_000;

/** Offer `i`'s age in ms (its creation and publication: `now` minus it). */
export const offerAge = (i: number) => (i % 365) * DAY + i;

/** One generated application (bulk-history.ts writes its status path from it). */
export type ApplicationSpec = {
  id: number;
  offerId: number;
  applicantId: number;
  status: number;
  motif: number | null;
  jobboard: number;
  createdAt: string;
};

/** The applications, computed from their index alone: spread ones, then the big offer's. */
export function* applicationSpecs(size: BenchSize, now: number): Generator<ApplicationSpec> {
  const iso = (ms: number) => new Date(now - ms).toISOString();
  // Spread applications: `perOffer` rounds over every offer, then the big offer's own.
  const spread = size.applications - size.bigOfferApplications;
  const perOffer = Math.ceil(spread / size.offers);
  let id = 1;
  for (let j = 0; j < spread; j++) {
    const i = j % size.offers;
    const k = Math.floor(j / size.offers);
    const status = (i + k) % 4 === 0 ? 1 : 2 + ((i * 7 + k) % 5);
    yield {
      id: id++,
      offerId: i + 1,
      applicantId: ((i * perOffer + k) % size.applicants) + 1,
      status,
      motif: null,
      jobboard: 1 + ((i + k) % 3),
      createdAt: iso(((i + k * 5) % 40) * DAY + j),
    };
  }
  // One offer (the second) holds the big list across the whole pipeline.
  for (let k = 0; k < size.bigOfferApplications; k++) {
    const status = 1 + (k % 8);
    yield {
      id: id++,
      offerId: 2,
      applicantId: ((k * 17 + 40_000) % size.applicants) + 1,
      status,
      motif: status === 7 ? 1 + (k % 5) : null,
      jobboard: 1 + (k % 3),
      createdAt: iso((k % 60) * DAY + k),
    };
  }
}

export type Row = (string | number | null)[];
export type Table = { name: string; columns: string[]; rows: Iterable<Row> };

/** The rows of the bulk tables, computed from their index alone (the same data on every run). */
/** The rows of the bulk tables, computed from their index alone (the same data on every run). */
export function bulkTables(
  size: BenchSize,
  ids: { company: number; user: number; leaves: number[] },
  now: number,
): Table[] {
  const iso = (ms: number) => new Date(now - ms).toISOString();
  const company = ids.company;
  // Explicit ids: offer i is id i + 1, applicant i is id i + 1 (fresh tables).
  const offers: Table = {
    name: 'offers',
    columns: [
      'id',
      'company_id',
      'project_id',
      'job_position',
      'reference',
      'description',
      'contract_type',
      'location',
      'remote',
      'salary_min',
      'salary_max',
      'status',
      'archived',
      'archived_reason',
      'archived_at',
      'closing_date',
      'published_at',
      'created_by',
      'created_at',
      'updated_at',
    ],
    rows: (function* () {
      for (let i = 0; i < size.offers; i++) {
        const age = offerAge(i);
        const archived = i % 10 === 0;
        yield [
          i + 1,
          company,
          ids.leaves[i % ids.leaves.length]!,
          `${JOBS[i % JOBS.length]} ${i + 1} H/F`,
          `BEN-${i + 1}`,
          '<p>Description</p>',
          i % 3 === 0 ? 'cdd' : 'cdi',
          CITIES[i % CITIES.length]!,
          'none',
          30000,
          40000,
          STATUSES[i % STATUSES.length]!,
          archived ? 1 : 0,
          archived ? 'position_filled' : null,
          archived ? iso(age) : null,
          i % 50 === 0 ? new Date(now + (i % 7) * DAY).toISOString().slice(0, 10) : null,
          iso(age),
          ids.user,
          iso(age),
          iso((i % 30) * DAY + i),
        ];
      }
    })(),
  };

  const stride = Math.max(1, Math.floor(size.applicants / CV_WORD_HITS));
  const person = (i: number) => {
    const firstname = FIRST[(i * 7) % FIRST.length]!;
    const lastname = `${LAST[(i * 11) % LAST.length]!}${i % 97 === 0 ? '' : ` ${String.fromCharCode(65 + (i % 26))}`}`;
    const job = JOBS[i % JOBS.length]!;
    const cv = `${firstname} ${lastname}\n${job} à ${CITIES[i % CITIES.length]}\n${2010 + (i % 12)} – ${2015 + (i % 10)} ${job} chez Entreprise ${i % 500}\nCompétences : ${SKILLS[i % SKILLS.length]}, ${SKILLS[(i * 3 + 1) % SKILLS.length]}, ${SKILLS[(i * 5 + 2) % SKILLS.length]}${i % stride === 0 && i / stride < CV_WORD_HITS ? `\nCertification : ${CV_WORD} TIG` : ''}\nFormation : BTS ${job}`;
    return { firstname, lastname, email: `candidat${i}@bench.test`, cv };
  };
  // Applicants arrive over two years, the newest last.
  const applicantAge = (i: number) =>
    Math.floor(((size.applicants - i) * 730 * DAY) / size.applicants);
  const applicants: Table = {
    name: 'applicants',
    columns: [
      'id',
      'company_id',
      'firstname',
      'lastname',
      'email',
      'provenance_id',
      'jobboard_id',
      'cv_text',
      'cv_extracted_at',
      'created_at',
      'updated_at',
    ],
    rows: (function* () {
      for (let i = 0; i < size.applicants; i++) {
        const p = person(i);
        const at = iso(applicantAge(i));
        yield [i + 1, company, p.firstname, p.lastname, p.email, 1, 1, p.cv, at, at, at];
      }
    })(),
  };
  const search: Table = {
    name: 'applicant_search',
    columns: ['rowid', 'company_id', 'name', 'email', 'tags', 'cv_text'],
    rows: (function* () {
      for (let i = 0; i < size.applicants; i++) {
        const p = person(i);
        const doc = searchDocument({
          name: `${p.firstname} ${p.lastname}`,
          email: p.email,
          tags: [],
          cvText: p.cv,
        });
        yield [i + 1, company, doc.name, doc.email, doc.tags, doc.cvText];
      }
    })(),
  };
  const applications: Table = {
    name: 'applications',
    columns: [
      'id',
      'company_id',
      'offer_id',
      'applicant_id',
      'status_id',
      'motif_id',
      'jobboard_id',
      'created_at',
      'updated_at',
    ],
    rows: (function* () {
      for (const a of applicationSpecs(size, now)) {
        yield [
          a.id,
          company,
          a.offerId,
          a.applicantId,
          a.status,
          a.motif,
          a.jobboard,
          a.createdAt,
          iso(0),
        ];
      }
    })(),
  };
  const postings: Table = {
    name: 'offer_postings',
    columns: ['company_id', 'offer_id', 'job_board_id', 'posted_at'],
    rows: (function* () {
      for (let i = 1; i < size.offers; i += 4) yield [company, i + 1, 1 + ((i + 1) % 3), iso(0)];
    })(),
  };
  return [offers, applicants, search, applications, postings];
}

/** The tables that the bulk load fills (their indexes and triggers are rebuilt after it). */
export const BULK_TABLES = [
  'offers',
  'applicants',
  'applications',
  'offer_postings',
  'applicant_search',
  'application_status_history',
];
