import type { Kysely } from 'kysely';
import { schemaHelpers, type Migration } from '../columns.ts';
import type { Dialect } from '../database.ts';

/**
 * Shared links and transfers by e-mail (issue 12 parts 3 and 4). A share opens one applicant (or
 * one application of it) to whoever holds its token, for the sections it names, until it expires
 * or is revoked. Only the token's SHA-256 is stored. The outbox learns copies, blind copies, a
 * reply-to address and the sender's name (a transfer is sent "from" the user who sends it).
 */
export const shares: Migration = {
  name: '0010_shares',
  async up(db: Kysely<unknown>, dialect: Dialect) {
    const h = schemaHelpers(dialect);
    const ts = h.timestamp;

    await h
      .id(db.schema.createTable('shares'))
      .addColumn('company_id', 'integer', (c) =>
        c.notNull().references('companies.id').onDelete('cascade'),
      )
      .addColumn('applicant_id', 'integer', (c) =>
        c.notNull().references('applicants.id').onDelete('cascade'),
      )
      .addColumn('application_id', 'integer', (c) =>
        c.references('applications.id').onDelete('cascade'),
      )
      // The offer whose feed the link shows (an application's, or the transfer's offer).
      .addColumn('offer_id', 'integer', (c) => c.references('offers.id').onDelete('cascade'))
      // applicant | application
      .addColumn('type', 'varchar(20)', (c) => c.notNull())
      .addColumn('token_hash', 'varchar(64)', (c) => c.notNull())
      // The exposed sections, comma-joined (profile,cv,documents,motivation,feed).
      .addColumn('sections', 'varchar(100)', (c) => c.notNull())
      // The addresses a transfer sent it to (JSON text); null for a link made on demand.
      .addColumn('recipients', 'text')
      .addColumn('expires_at', ts, (c) => c.notNull())
      .addColumn('revoked_at', ts)
      .addColumn('revoked_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute();
    // Every shared call looks its token up by hash.
    await db.schema
      .createIndex('shares_token_hash_idx')
      .on('shares')
      .column('token_hash')
      .unique()
      .execute();
    // An applicant's active shares, newest first (the list on the applicant's screen).
    await db.schema
      .createIndex('shares_applicant_idx')
      .on('shares')
      .columns(['company_id', 'applicant_id', 'expires_at'])
      .execute();

    await db.schema.alterTable('mail_outbox').addColumn('cc', 'text').execute();
    await db.schema.alterTable('mail_outbox').addColumn('bcc', 'text').execute();
    await db.schema.alterTable('mail_outbox').addColumn('reply_to', 'varchar(255)').execute();
    await db.schema.alterTable('mail_outbox').addColumn('from_name', 'varchar(255)').execute();
  },
};
