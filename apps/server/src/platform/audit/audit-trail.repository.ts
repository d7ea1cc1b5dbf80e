import type { Insertable, Kysely } from 'kysely';
import type { AuditLogTable, DB } from '../db/schema.ts';

/** Writes the audit trail; there is no update nor delete, by design (migration 0017). */
export class AuditTrailRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async insert(rows: Insertable<AuditLogTable>[], db: Kysely<DB> = this.db): Promise<void> {
    if (rows.length) await db.insertInto('audit_log').values(rows).execute();
  }
}
