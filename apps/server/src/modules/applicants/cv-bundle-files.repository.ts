import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';

/**
 * The file of a CV bundle's job in its `bulk_operations` row (migration 0067): stored, expired,
 * deleted. The row's progress is BulkOperations' (platform/jobs/bulk-operations.ts).
 */
export class CvBundleFilesRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** The ZIP is stored: its key, size and expiry (before the operation is marked done). */
  async stored(
    companyId: number,
    id: number,
    file: { key: string; size: number; expiresAt: Date },
  ): Promise<void> {
    await this.db
      .updateTable('bulk_operations')
      .set({
        file_key: file.key,
        file_size: file.size,
        file_expires_at: file.expiresAt.toISOString(),
      })
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .execute();
  }

  /** Files whose expiry passed and that are still there, any company's, oldest first. */
  expired(now: Date, limit: number) {
    return this.db
      .selectFrom('bulk_operations')
      .select(['id', 'company_id', 'file_key'])
      .where('file_key', 'is not', null)
      .where('file_expires_at', '<=', now.toISOString())
      .orderBy('file_expires_at')
      .limit(limit)
      .execute();
  }

  /** The file is deleted: the row keeps its expiry, so it reads as expired. */
  async forget(companyId: number, id: number): Promise<void> {
    await this.db
      .updateTable('bulk_operations')
      .set({ file_key: null })
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .execute();
  }
}
