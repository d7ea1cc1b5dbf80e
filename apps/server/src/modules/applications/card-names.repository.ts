import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../platform/db/database.ts';
import { inIds } from '../../platform/db/id-list.ts';
import type { DB } from '../../platform/db/schema.ts';
import type { CardRow } from './applications.repository.ts';

/** A card's row before its names: the application and its applicant only. */
export type BareCardRow = Omit<
  CardRow,
  | 'project_id'
  | 'job_position'
  | 'documents_enabled'
  | 'status_name'
  | 'default_status'
  | 'motif_name'
  | 'jobboard_name'
  | 'jobboard_logo'
>;

/**
 * The names the board's cards show: the few statuses, motifs, job boards and offers that
 * thousands of rows name, each read once instead of five joins per row; by company.
 */
export class CardNamesRepository {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly dialect: Dialect,
  ) {}

  /** The rows with their names, in the same order; a row whose status is gone is left out. */
  async named(companyId: number, rows: BareCardRow[]): Promise<CardRow[]> {
    const statusIds = new Set<number>();
    const motifIds = new Set<number>();
    const boardIds = new Set<number>();
    const offerIds = new Set<number>();
    for (const r of rows) {
      statusIds.add(r.status_id);
      if (r.motif_id !== null) motifIds.add(r.motif_id);
      if (r.jobboard_id !== null) boardIds.add(r.jobboard_id);
      if (r.offer_id !== null) offerIds.add(r.offer_id);
    }
    const [statuses, motifs, boards, offers] = await Promise.all([
      statusIds.size
        ? this.db
            .selectFrom('statuses')
            .select(['id', 'name', 'default_status'])
            .where('id', 'in', [...statusIds])
            .execute()
        : [],
      motifIds.size
        ? this.db
            .selectFrom('motifs')
            .select(['id', 'name'])
            .where('id', 'in', [...motifIds])
            .execute()
        : [],
      boardIds.size
        ? this.db
            .selectFrom('job_boards')
            .select(['id', 'name', 'logo_url'])
            .where('id', 'in', [...boardIds])
            .execute()
        : [],
      offerIds.size
        ? this.db
            .selectFrom('offers')
            .innerJoin('projects', 'projects.id', 'offers.project_id')
            .select([
              'offers.id',
              'offers.project_id',
              'offers.job_position',
              'projects.documents_enabled',
            ])
            .where('offers.company_id', '=', companyId)
            .where(inIds(this.dialect, sql.ref('offers.id'), [...offerIds]))
            .execute()
        : [],
    ]);
    const status = new Map(statuses.map((x) => [x.id, x]));
    const motif = new Map(motifs.map((x) => [x.id, x]));
    const board = new Map(boards.map((x) => [x.id, x]));
    const offer = new Map(offers.map((x) => [x.id, x]));
    const out: CardRow[] = [];
    for (const r of rows) {
      // The inner join of `page`: a row names a status that exists.
      const st = status.get(r.status_id);
      if (!st) continue;
      const o = r.offer_id === null ? undefined : offer.get(r.offer_id);
      const m = r.motif_id === null ? undefined : motif.get(r.motif_id);
      const b = r.jobboard_id === null ? undefined : board.get(r.jobboard_id);
      out.push({
        id: r.id,
        applicant_id: r.applicant_id,
        firstname: r.firstname,
        lastname: r.lastname,
        email: r.email,
        phone: r.phone,
        img_src: r.img_src,
        cv_key: r.cv_key,
        provenance_id: r.provenance_id,
        offer_id: r.offer_id,
        status_id: r.status_id,
        motif_id: r.motif_id,
        recruited_at: r.recruited_at,
        jobboard_id: r.jobboard_id,
        created_at: r.created_at,
        updated_at: r.updated_at,
        project_id: o?.project_id ?? null,
        job_position: o?.job_position ?? null,
        documents_enabled: o?.documents_enabled ?? null,
        status_name: st.name,
        default_status: st.default_status,
        motif_name: m?.name ?? null,
        jobboard_name: b?.name ?? null,
        jobboard_logo: b?.logo_url ?? null,
      });
    }
    return out;
  }
}
