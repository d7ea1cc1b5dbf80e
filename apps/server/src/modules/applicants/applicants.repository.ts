import { sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import type { Paged } from '@embauche/contracts/paging';
import {
  applicantMatch,
  searchDocument,
  searchIndexPage,
  writeSearchRow,
} from '../../platform/db/applicant-search.ts';
import type { Dialect } from '../../platform/db/database.ts';
import { inIds } from '../../platform/db/id-list.ts';
import { likePattern } from '../../platform/db/like-pattern.ts';
import type { ApplicantsTable, DB } from '../../platform/db/schema.ts';
import { countedPage } from '../../platform/db/counted-page.ts';
import { paginate } from '../../platform/http/list-query.ts';
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

/** Applicants, their tags, documents, document requests and the search index; every query by company. */
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

  async tags(
    companyId: number,
    applicantIds: number[],
    db: Trx = this.db,
  ): Promise<Map<number, string[]>> {
    const map = new Map<number, string[]>();
    if (!applicantIds.length) return map;
    const rows = await db
      .selectFrom('applicant_tags')
      .innerJoin('tags', 'tags.id', 'applicant_tags.tag_id')
      .select(['applicant_tags.applicant_id', 'tags.name'])
      .where('applicant_tags.company_id', '=', companyId)
      .where(inIds(this.dialect, sql.ref('applicant_tags.applicant_id'), applicantIds))
      .orderBy('tags.name')
      .execute();
    for (const r of rows)
      (map.get(r.applicant_id) ?? map.set(r.applicant_id, []).get(r.applicant_id)!).push(r.name);
    return map;
  }

  /**
   * The company's tag names, most used first, optionally those starting with `search`
   * (case-insensitive): the tag input's suggestions. A user without project.see_all is suggested
   * the tags of the applicants they see, counted on those.
   */
  async tagNames(
    scope: ApplicantScope,
    search: string | undefined,
    limit: number,
  ): Promise<string[]> {
    const companyId = scope.companyId;
    let q = this.db
      .selectFrom('tags')
      .leftJoin('applicant_tags', (join) =>
        join.onRef('applicant_tags.tag_id', '=', 'tags.id').on((eb) =>
          scope.visibleProjects === null
            ? sql<boolean>`1 = 1`
            : eb(
                'applicant_tags.applicant_id',
                'in',
                eb
                  .selectFrom('applicants')
                  .select('applicants.id')
                  .where('applicants.company_id', '=', companyId)
                  .where((a) => visibleApplicant(a, scope)),
              ),
        ),
      )
      .select('tags.name')
      .where('tags.company_id', '=', companyId)
      .groupBy(['tags.id', 'tags.name'])
      // Without project.see_all, only tags that a visible applicant carries.
      .$if(scope.visibleProjects !== null, (qb) =>
        qb.having((eb) => eb.fn.count('applicant_tags.tag_id'), '>', 0),
      )
      .orderBy(sql`count(applicant_tags.tag_id)`, 'desc')
      .orderBy('tags.name')
      .limit(limit);
    if (search) {
      const like = likePattern(search, 'prefix');
      q = q.where(sql<boolean>`lower(tags.name) like ${like} escape '\\'`);
    }
    return (await q.execute()).map((r) => r.name);
  }

  /**
   * Replaces the applicant's tags. A name the company already has in another case is taken as it
   * is (no "Vivier" beside "vivier"); the company's tag list grows with the new names.
   */
  async setTags(companyId: number, applicantId: number, names: string[], db: Trx = this.db) {
    const wanted = new Map(
      names
        .map((n) => n.trim())
        .filter(Boolean)
        .map((n) => [n.toLowerCase(), n] as const),
    );
    await db
      .deleteFrom('applicant_tags')
      .where('company_id', '=', companyId)
      .where('applicant_id', '=', applicantId)
      .execute();
    if (!wanted.size) return;
    const known = await db
      .selectFrom('tags')
      .select(['id', 'name'])
      .where('company_id', '=', companyId)
      .where((eb) =>
        eb.or([
          eb('name', 'in', [...wanted.values()]),
          eb(sql<string>`lower(name)`, 'in', [...wanted.keys()]),
        ]),
      )
      .execute();
    const ids = new Map<string, number>();
    for (const tag of known)
      if (!ids.has(tag.name.toLowerCase())) ids.set(tag.name.toLowerCase(), tag.id);
    const missing = [...wanted].filter(([key]) => !ids.has(key)).map(([, name]) => name);
    if (missing.length) {
      const now = new Date().toISOString();
      await db
        .insertInto('tags')
        .values(missing.map((name) => ({ company_id: companyId, name, created_at: now })))
        .onConflict((oc) => oc.columns(['company_id', 'name']).doNothing())
        .execute();
      const added = await db
        .selectFrom('tags')
        .select(['id', 'name'])
        .where('company_id', '=', companyId)
        .where('name', 'in', missing)
        .execute();
      for (const tag of added) ids.set(tag.name.toLowerCase(), tag.id);
    }
    await db
      .insertInto('applicant_tags')
      .values(
        [...new Set(ids.values())].map((tagId) => ({
          company_id: companyId,
          applicant_id: applicantId,
          tag_id: tagId,
        })),
      )
      .onConflict((oc) => oc.doNothing())
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
      return {
        data: rows,
        current_page: page,
        last_page: Math.max(1, Math.ceil(total / perPage)),
        per_page: perPage,
        total,
      };
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

  documents(companyId: number, applicantId: number) {
    return this.db
      .selectFrom('applicant_documents')
      .leftJoin('document_types', 'document_types.id', 'applicant_documents.document_type_id')
      .select([
        'applicant_documents.id',
        'applicant_documents.document_type_id',
        'document_types.name as document_type',
        'applicant_documents.storage_key',
        'applicant_documents.filename',
        'applicant_documents.mime',
        'applicant_documents.size',
        'applicant_documents.uploaded_at',
      ])
      .where('applicant_documents.company_id', '=', companyId)
      .where('applicant_documents.applicant_id', '=', applicantId)
      .orderBy('applicant_documents.uploaded_at', 'desc')
      .execute();
  }

  document(companyId: number, applicantId: number, documentId: number) {
    return this.db
      .selectFrom('applicant_documents')
      .select(['storage_key', 'filename', 'mime'])
      .where('company_id', '=', companyId)
      .where('applicant_id', '=', applicantId)
      .where('id', '=', documentId)
      .executeTakeFirst();
  }

  /** Default document types and the company's own. */
  documentTypes(companyId: number) {
    return this.db
      .selectFrom('document_types')
      .select(['id', 'name', 'default_type'])
      .where((eb) => eb.or([eb('company_id', 'is', null), eb('company_id', '=', companyId)]))
      .orderBy('id')
      .execute();
  }

  /** Types already asked of the applicant (through a link not expired) and those received. */
  async askedTypes(companyId: number, applicantId: number, now: string) {
    const rows = await this.db
      .selectFrom('document_request_items')
      .innerJoin('document_requests', 'document_requests.id', 'document_request_items.request_id')
      .select(['document_request_items.document_type_id', 'document_request_items.uploaded_at'])
      .where('document_requests.company_id', '=', companyId)
      .where('document_requests.applicant_id', '=', applicantId)
      .where((eb) =>
        eb.or([
          eb('document_requests.expires_at', '>', now),
          eb('document_request_items.uploaded_at', 'is not', null),
        ]),
      )
      .execute();
    const asked = new Set<number>();
    const received = new Set<number>();
    for (const r of rows) {
      asked.add(r.document_type_id);
      if (r.uploaded_at) received.add(r.document_type_id);
    }
    return { asked, received };
  }

  async createRequest(
    values: {
      companyId: number;
      applicantId: number;
      tokenHash: string;
      expiresAt: string;
      createdBy: number;
      typeIds: number[];
    },
    db: Trx,
  ): Promise<number> {
    const row = await db
      .insertInto('document_requests')
      .values({
        company_id: values.companyId,
        applicant_id: values.applicantId,
        token_hash: values.tokenHash,
        expires_at: values.expiresAt,
        created_by: values.createdBy,
        created_at: new Date().toISOString(),
        fulfilled_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('document_request_items')
      .values(
        values.typeIds.map((document_type_id) => ({
          request_id: row.id,
          document_type_id,
          document_id: null,
          uploaded_at: null,
        })),
      )
      .execute();
    return row.id;
  }

  /** A request by its token's hash, with its company and applicant names (no company filter: the token is the key). */
  requestByTokenHash(tokenHash: string) {
    return this.db
      .selectFrom('document_requests')
      .innerJoin('applicants', 'applicants.id', 'document_requests.applicant_id')
      .innerJoin('companies', 'companies.id', 'document_requests.company_id')
      .select([
        'document_requests.id',
        'document_requests.company_id',
        'document_requests.applicant_id',
        'document_requests.expires_at',
        'companies.social_reason as company',
        'applicants.firstname',
      ])
      .where('document_requests.token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  requestItems(requestId: number) {
    return this.db
      .selectFrom('document_request_items')
      .innerJoin('document_types', 'document_types.id', 'document_request_items.document_type_id')
      .select([
        'document_request_items.document_type_id as id',
        'document_types.name',
        'document_types.default_type',
        'document_request_items.uploaded_at',
      ])
      .where('document_request_items.request_id', '=', requestId)
      .orderBy('document_request_items.document_type_id')
      .execute();
  }

  /**
   * Stores an uploaded document and ticks its request item, inside the caller's transaction (one
   * for all the files of an upload); throws AlreadyUploaded when the type was already uploaded.
   */
  async fulfil(
    request: { id: number; company_id: number; applicant_id: number },
    typeId: number,
    file: { key: string; filename: string; mime: string; size: number },
    trx: Trx,
  ): Promise<void> {
    const now = new Date().toISOString();
    const doc = await trx
      .insertInto('applicant_documents')
      .values({
        company_id: request.company_id,
        applicant_id: request.applicant_id,
        document_type_id: typeId,
        storage_key: file.key,
        filename: file.filename,
        mime: file.mime,
        size: file.size,
        uploaded_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const ticked = await trx
      .updateTable('document_request_items')
      .set({ document_id: doc.id, uploaded_at: now })
      .where('request_id', '=', request.id)
      .where('document_type_id', '=', typeId)
      .where('uploaded_at', 'is', null)
      .executeTakeFirst();
    if (Number(ticked.numUpdatedRows) !== 1) throw new AlreadyUploaded();
    const left = await trx
      .selectFrom('document_request_items')
      .select('document_type_id')
      .where('request_id', '=', request.id)
      .where('uploaded_at', 'is', null)
      .executeTakeFirst();
    if (!left) {
      await trx
        .updateTable('document_requests')
        .set({ fulfilled_at: now })
        .where('id', '=', request.id)
        .execute();
    }
  }

  jobBoardExists(id: number) {
    return this.db.selectFrom('job_boards').select('id').where('id', '=', id).executeTakeFirst();
  }
}

export class AlreadyUploaded extends Error {}
