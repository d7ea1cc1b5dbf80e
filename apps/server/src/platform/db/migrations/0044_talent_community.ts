import type { Kysely } from 'kysely';
import { schemaHelpers, type Migration } from '../columns.ts';
import type { Dialect } from '../database.ts';

/**
 * The talent community (issue 37 part 4, modules/community, docs/community.md):
 * - `community_members`: people who joined from the career site, one per e-mail and company; the
 *   privacy notice version they consented to (language and number), when, from which address,
 *   until when they are kept; their CV through the storage interface; `search_text` the folded
 *   words the area searches; `applicant_id` the applicant they became (added to a list);
 * - `community_member_interests`: the company's subsidiaries a member is interested in;
 * - `community_member_tokens`: the hashed tokens of the leave / erase links of every e-mail sent.
 * Erasing a member deletes the row, its interests and tokens (cascade) and its files.
 */
export const talentCommunity: Migration = {
  name: '0044_talent_community',
  async up(db: Kysely<unknown>, dialect: Dialect) {
    const h = schemaHelpers(dialect);
    await h
      .id(db.schema.createTable('community_members'))
      .addColumn('company_id', 'integer', (c) =>
        c.notNull().references('companies.id').onDelete('cascade'),
      )
      .addColumn('firstname', 'varchar(100)', (c) => c.notNull())
      .addColumn('lastname', 'varchar(100)', (c) => c.notNull())
      .addColumn('email', 'varchar(255)', (c) => c.notNull())
      .addColumn('phone', 'varchar(50)')
      .addColumn('language', 'varchar(5)', (c) => c.notNull())
      .addColumn('cv_key', 'varchar(255)')
      .addColumn('cv_filename', 'varchar(255)')
      .addColumn('cv_mime', 'varchar(100)')
      .addColumn('cv_text', 'text')
      .addColumn('search_text', 'text', (c) => c.notNull())
      .addColumn('notice_language', 'varchar(5)', (c) => c.notNull())
      .addColumn('notice_version', 'integer', (c) => c.notNull())
      .addColumn('consented_at', h.timestamp, (c) => c.notNull())
      .addColumn('consent_ip', 'varchar(64)')
      .addColumn('retention_until', h.timestamp, (c) => c.notNull())
      .addColumn('unsubscribed_at', h.timestamp)
      .addColumn('applicant_id', 'integer', (c) =>
        c.references('applicants.id').onDelete('set null'),
      )
      .addColumn('created_at', h.timestamp, (c) => c.notNull())
      .addColumn('updated_at', h.timestamp, (c) => c.notNull())
      .addUniqueConstraint('community_members_email_unique', ['company_id', 'email'])
      .execute();
    await db.schema
      .createIndex('community_members_company_created_idx')
      .on('community_members')
      .columns(['company_id', 'created_at'])
      .execute();
    await db.schema
      .createIndex('community_members_retention_idx')
      .on('community_members')
      .column('retention_until')
      .execute();
    await db.schema
      .createIndex('community_members_applicant_idx')
      .on('community_members')
      .column('applicant_id')
      .execute();

    await db.schema
      .createTable('community_member_interests')
      .addColumn('member_id', 'integer', (c) =>
        c.notNull().references('community_members.id').onDelete('cascade'),
      )
      .addColumn('company_id', 'integer', (c) =>
        c.notNull().references('companies.id').onDelete('cascade'),
      )
      .addColumn('subsidiary_id', 'integer', (c) =>
        c.notNull().references('subsidiaries.id').onDelete('cascade'),
      )
      .addPrimaryKeyConstraint('community_member_interests_pk', ['member_id', 'subsidiary_id'])
      .execute();
    await db.schema
      .createIndex('community_member_interests_subsidiary_idx')
      .on('community_member_interests')
      .columns(['company_id', 'subsidiary_id'])
      .execute();

    await h
      .id(db.schema.createTable('community_member_tokens'))
      .addColumn('member_id', 'integer', (c) =>
        c.notNull().references('community_members.id').onDelete('cascade'),
      )
      .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('created_at', h.timestamp, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('community_member_tokens_member_idx')
      .on('community_member_tokens')
      .column('member_id')
      .execute();
  },
};
