import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import type { Trx } from './applicants.repository.ts';

/**
 * The applicants' documents, the document types, and the document requests with their upload
 * (the public page's token is the key of a request); every query by company or by that token.
 */
export class ApplicantDocumentsRepository {
  constructor(private readonly db: Kysely<DB>) {}

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

  /**
   * Deletes one document of the applicant (its request item, if any, is left without it);
   * answers its storage key for the caller to delete, or null when there was none.
   */
  async deleteDocument(
    companyId: number,
    applicantId: number,
    documentId: number,
  ): Promise<string | null> {
    const row = await this.db
      .deleteFrom('applicant_documents')
      .where('company_id', '=', companyId)
      .where('applicant_id', '=', applicantId)
      .where('id', '=', documentId)
      .returning('storage_key')
      .executeTakeFirst();
    return row?.storage_key ?? null;
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

  /** Stores a document the applicant gave with an application (the career site's form). */
  async add(
    companyId: number,
    applicantId: number,
    typeId: number,
    file: { key: string; filename: string; mime: string; size: number },
    trx: Trx,
  ): Promise<void> {
    await trx
      .insertInto('applicant_documents')
      .values({
        company_id: companyId,
        applicant_id: applicantId,
        document_type_id: typeId,
        storage_key: file.key,
        filename: file.filename,
        mime: file.mime,
        size: file.size,
        uploaded_at: new Date().toISOString(),
      })
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
}

export class AlreadyUploaded extends Error {}
