// One big offer (issue 42): a project and an offer of a company with N applications of N new
// applicants spread over workflow statuses, inserted in batches through the application's own
// Kysely (both dialects, triggers and counters kept). The board bench, the big-offer tests and the
// select-all bench seed with it.
import type { Kysely } from 'kysely';
import type { DB } from '../src/platform/db/schema.ts';

/** Status id → weight (weights need not add up to 1; 7 "refusé" gets motif 1). */
export type StatusDistribution = Record<number, number>;

/** The default spread of a seasonal offer: most new, fewer at each later step. */
export const BIG_OFFER_DISTRIBUTION: StatusDistribution = {
  1: 0.6,
  2: 0.15,
  3: 0.1,
  4: 0.06,
  5: 0.04,
  6: 0.02,
  7: 0.03,
};

export type BigOfferOptions = {
  companyId: number;
  /** How many applications (and applicants). */
  applications: number;
  distribution?: StatusDistribution;
  /** The project to put the offer in; a new project without. */
  projectId?: number;
  /** Applications sharing one `created_at` (ties the list's order breaks on the id); default 7. */
  sameDate?: number;
};

export type BigOffer = { projectId: number; offerId: number; applicationIds: number[] };

/** Rows per insert: under both drivers' bound-parameter limits. */
const BATCH = 1_000;

/** The status of the application `i` of `n`: contiguous runs by weight, interleaved by stride. */
function statusPlan(n: number, distribution: StatusDistribution): number[] {
  const entries = Object.entries(distribution).map(([id, w]) => [Number(id), w] as const);
  const sum = entries.reduce((s, [, w]) => s + w, 0);
  const plan: number[] = [];
  let given = 0;
  entries.forEach(([id, w], k) => {
    const count = k === entries.length - 1 ? n - given : Math.round((n * w) / sum);
    for (let i = 0; i < count && plan.length < n; i++) plan.push(id);
    given += count;
  });
  // Spread the statuses over the dates: a column's cards are not all of one period.
  const spread: number[] = [];
  const stride = 7919;
  for (let i = 0; i < n; i++) spread.push(plan[(i * stride) % n]!);
  return n % stride === 0 ? plan : spread;
}

/**
 * Seeds one offer of `companyId` with `applications` applications over `distribution`'s statuses
 * (`BIG_OFFER_DISTRIBUTION` by default), dated a minute apart, `sameDate` at a time, the newest
 * last; answers the project, the offer and the applications' ids in insertion order.
 */
export async function seedBigOffer(db: Kysely<DB>, options: BigOfferOptions): Promise<BigOffer> {
  const { companyId, applications: n, sameDate = 7 } = options;
  const distribution = options.distribution ?? BIG_OFFER_DISTRIBUTION;
  const now = new Date().toISOString();
  const projectId =
    options.projectId ??
    (
      await db
        .insertInto('projects')
        .values({
          company_id: companyId,
          parent_id: null,
          name: `Grande offre ${Date.now().toString(36)}`,
          type: 1,
          subsidiary_id: null,
          created_by: null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const { id: offerId } = await db
    .insertInto('offers')
    .values({
      company_id: companyId,
      project_id: projectId,
      job_position: `Saisonnier ${n}`,
      status: 'published',
      remote: 'none',
      archived: false,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const statuses = statusPlan(n, distribution);
  const start = Date.now() - Math.ceil(n / sameDate) * 60_000;
  const applicationIds: number[] = [];
  for (let from = 0; from < n; from += BATCH) {
    const size = Math.min(BATCH, n - from);
    const at = (i: number) =>
      new Date(start + Math.floor((from + i) / sameDate) * 60_000).toISOString();
    await db.transaction().execute(async (trx) => {
      const applicants = await trx
        .insertInto('applicants')
        .values(
          Array.from({ length: size }, (_, i) => ({
            company_id: companyId,
            firstname: `Prénom${from + i}`,
            lastname: `Nom${from + i}`,
            email: `grande-offre-${offerId}-${from + i}@example.test`,
            email_blocked: null,
            email_blocked_at: null,
            phone: null,
            img_src: null,
            provenance_id: null,
            jobboard_id: null,
            source_url: null,
            cv_key: null,
            cv_filename: null,
            cv_mime: null,
            cv_text: null,
            cv_extracted_at: null,
            motivation: null,
            visio_url: null,
            visio_at: null,
            visio_notes: null,
            last_application_id: null,
            last_status_id: null,
            last_applied_at: null,
            created_at: at(i),
            updated_at: at(i),
          })),
        )
        .returning('id')
        .execute();
      const rows = await trx
        .insertInto('applications')
        .values(
          applicants.map(({ id }, i) => {
            const status = statuses[from + i]!;
            return {
              company_id: companyId,
              offer_id: offerId,
              applicant_id: id,
              status_id: status,
              motif_id: status === 7 ? 1 : null,
              recruited_at: status === 6 ? at(i) : null,
              status_changed_at: status === 1 ? null : at(i),
              created_at: at(i),
              updated_at: at(i),
            };
          }),
        )
        .returning('id')
        .execute();
      for (const r of rows) applicationIds.push(r.id);
    });
  }
  return { projectId, offerId, applicationIds };
}
