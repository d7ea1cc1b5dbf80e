import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';

/** The only SQL of the default application path; every query takes the company id. */
export class ApplicationPathRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async find(companyId: number) {
    const [row, documents] = await Promise.all([
      this.db
        .selectFrom('application_paths')
        .select(['fields', 'updated_at'])
        .where('company_id', '=', companyId)
        .executeTakeFirst(),
      this.db
        .selectFrom('application_path_documents')
        .select('document_type_id')
        .where('company_id', '=', companyId)
        .orderBy('document_type_id')
        .execute(),
    ]);
    return { row, documentTypeIds: documents.map((d) => d.document_type_id) };
  }

  /** The global document types and the company's own. */
  documentTypes(companyId: number) {
    return this.db
      .selectFrom('document_types')
      .select(['id', 'name', 'default_type'])
      .where((eb) => eb.or([eb('company_id', 'is', null), eb('company_id', '=', companyId)]))
      .orderBy('id')
      .execute();
  }

  /** Replaces the company's path: its field modes and its required document types. */
  async save(companyId: number, fields: string, documentTypeIds: number[], now: string) {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('application_paths')
        .values({ company_id: companyId, fields, updated_at: now })
        .onConflict((oc) => oc.column('company_id').doUpdateSet({ fields, updated_at: now }))
        .execute();
      await trx
        .deleteFrom('application_path_documents')
        .where('company_id', '=', companyId)
        .execute();
      if (documentTypeIds.length)
        await trx
          .insertInto('application_path_documents')
          .values(
            documentTypeIds.map((document_type_id) => ({
              company_id: companyId,
              document_type_id,
            })),
          )
          .execute();
    });
  }
}
