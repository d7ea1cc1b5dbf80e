import { sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import type { Paged } from '@embauche/contracts/paging';
import {
  applicantMatch,
  searchDocument,
  searchIndexPage,
  writeSearchRow,
} from '../../platform/db/applicant-search.ts';
import type { Dialect } from '../../platform/db/database.ts';
import type { ApplicantsTable, DB } from '../../platform/db/schema.ts';
import { countedPage } from '../../platform/db/counted-page.ts';
import { pageOf, paginate } from '../../platform/http/list-query.ts';
import type { ApplicantRow } from './applicant-items.ts';
import { visibleApplicant, type ApplicantScope } from './applicant-scope.ts';

export const APPLICANT_COLUMNS = [
  'applicants.id',
  'applicants.company_id',
  'applicants.firstname',
  'applicants.lastname',
  'applicants.email',
  'applicants.phone',
  'applicants.img_src',
  'applicants.provenance_id',
  'applicants.jobboard_id',
  'job_boards.name as jobboard_name',
  'job_boards.logo_url as jobboard_logo',
  'applicants.source_url',
  'applicants.cv_key',
  'applicants.cv_filename',
  'applicants.cv_mime',
  'applicants.cv_extracted_at',
  'applicants.motivation',
  'applicants.visio_url',
  'applicants.visio_at',
  'applicants.visio_notes',
  'applicants.created_at',
  'applicants.updated_at',
] as const;

export type Trx = Kysely<DB>;

/**
 * Applicants and their search index; every query by company. Their tags: ApplicantTagsRepository;
 * their documents and document requests: ApplicantDocumentsRepository.
 */
export class ApplicantsRepository {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly dialect: Dialect,
  ) {}

  private base() {
    return this.db
      .selectFrom('applicants')
      .leftJoin('job_boards', 'job_boards.id', 'applicants.jobboard_id');
  }

  /** The company's applicants that the scope sees: every read for a user goes through here. */
  private visible(scope: ApplicantScope) {
    return this.base()
      .where('applicants.company_id', '=', scope.companyId)
      .where((eb) => visibleApplicant(eb, scope));
  }

  byId(scope: ApplicantScope, id: number) {
    return this.visible(scope)
      .select(APPLICANT_COLUMNS)
      .where('applicants.id', '=', id)
      .executeTakeFirst();
  }

  byIds(scope: ApplicantScope, ids: number[]) {
    if (!ids.length) return Promise.resolve([]);
    return this.visible(scope)
      .select(APPLICANT_COLUMNS)
      .where('applicants.id', 'in', ids)
      .execute();
  }

  byEmail(companyId: number, email: string, db: Trx = this.db) {
    return db
      .selectFrom('applicants')
      .select('id')
      .where('company_id', '=', companyId)
      .where('email', '=', email.toLowerCase())
      .executeTakeFirst();
  }

  cvText(companyId: number, id: number) {
    return this.db
      .selectFrom('applicants')
      .select(['cv_text', 'cv_key', 'cv_mime'])
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Runs `work` in one transaction: applicant, application and jobs are written together. */
  transaction<T>(work: (trx: Trx) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  /**
   * Deletes the applicant; the database's cascades take its applications, documents, feed
   * entries… Answers the storage keys they named (CV, documents, the attachments of its feed
   * threads), read in the same transaction, for the caller to delete once it commits; null when
   * there was no such applicant.
   */
  async deleteWithFileKeys(companyId: number, id: number): Promise<string[] | null> {
    return this.transaction(async (trx) => {
      const row = await trx
        .selectFrom('applicants')
        .select('cv_key')
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) return null;
      const documents = await trx
        .selectFrom('applicant_documents')
        .select('storage_key')
        .where('company_id', '=', companyId)
        .where('applicant_id', '=', id)
        .execute();
      const threads = trx
        .selectFrom('activity_feed_entries')
        .select('id')
        .where('company_id', '=', companyId)
        .where('applicant_id', '=', id);
      const attachments = await trx
        .selectFrom('activity_feed_attachments')
        .select('storage_key')
        .where('company_id', '=', companyId)
        .where((eb) =>
          eb.or([
            eb('entry_id', 'in', threads),
            eb(
              'entry_id',
              'in',
              eb.selectFrom('activity_feed_entries').select('id').where('parent_id', 'in', threads),
            ),
          ]),
        )
        .execute();
      await trx
        .deleteFrom('applicants')
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .execute();
      return [
        ...(row.cv_key ? [row.cv_key] : []),
        ...documents.map((d) => d.storage_key),
        ...attachments.map((a) => a.storage_key),
      ];
    });
  }

  async insert(values: Insertable<ApplicantsTable>, db: Trx = this.db): Promise<number> {
    const row = await db
      .insertInto('applicants')
      .values({ ...values, email: values.email?.toLowerCase() ?? null })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(
    companyId: number,
    id: number,
    values: Updateable<ApplicantsTable>,
    db: Trx = this.db,
  ): Promise<void> {
    await db
      .updateTable('applicants')
      .set({
        ...values,
        ...(values.email !== undefined ? { email: values.email?.toLowerCase() ?? null } : {}),
        updated_at: new Date().toISOString(),
      })
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .execute();
  }

  /** Rewrites the applicant's search row from its name, e-mail, tags and CV text. */
  async reindex(companyId: number, applicantId: number, db: Trx = this.db): Promise<void> {
    const row = await db
      .selectFrom('applicants')
      .select(['firstname', 'lastname', 'email', 'cv_text'])
      .where('company_id', '=', companyId)
      .where('id', '=', applicantId)
      .executeTakeFirst();
    if (!row) return;
    const tags = await db
      .selectFrom('applicant_tags')
      .innerJoin('tags', 'tags.id', 'applicant_tags.tag_id')
      .select('tags.name')
      .where('applicant_tags.company_id', '=', companyId)
      .where('applicant_tags.applicant_id', '=', applicantId)
      .execute();
    await writeSearchRow(
      db,
      this.dialect,
      companyId,
      applicantId,
      searchDocument({
        name: `${row.firstname} ${row.lastname}`,
        email: row.email,
        tags: tags.map((t) => t.name),
        cvText: row.cv_text,
      }),
    );
  }

  async search(
    scope: ApplicantScope,
    text: string,
    page: number,
    perPage: number,
  ): Promise<Paged<ApplicantRow>> {
    if (scope.visibleProjects === null) {
      // Every applicant of the company is visible: the index alone counts and pages the matches.
      const { total, ids } = await searchIndexPage(
        this.db,
        this.dialect,
        scope.companyId,
        text,
        perPage,
        (page - 1) * perPage,
      );
      const rows = await this.byIds(scope, ids);
      const order = new Map(ids.map((id, i) => [id, i]));
      rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
      return pageOf(rows, page, perPage, total);
    }
    const query = this.visible(scope)
      .select(APPLICANT_COLUMNS)
      .where(applicantMatch(this.dialect, scope.companyId, sql.ref('applicants.id'), text))
      // Newest first: sorting thousands of matches by name costs as much as finding them.
      .orderBy('applicants.id', 'desc');
    return paginate(query, page, perPage);
  }

  list(scope: ApplicantScope, page: number, perPage: number) {
    const query = this.visible(scope)
      .select(APPLICANT_COLUMNS)
      .orderBy('applicants.created_at', 'desc')
      .orderBy('applicants.id', 'desc');
    // Every applicant of the company: the counter kept by triggers, not a count of the table.
    if (scope.visibleProjects === null)
      return countedPage(query, page, perPage, () => this.companyApplicants(scope.companyId));
    return paginate(query, page, perPage);
  }

  /** The company's applicants (company_counters, migration 0008). */
  async companyApplicants(companyId: number): Promise<number> {
    const row = await this.db
      .selectFrom('company_counters')
      .select('applicants')
      .where('company_id', '=', companyId)
      .executeTakeFirst();
    return Number(row?.applicants ?? 0);
  }

  jobBoardExists(id: number) {
    return this.db.selectFrom('job_boards').select('id').where('id', '=', id).executeTakeFirst();
  }
}
