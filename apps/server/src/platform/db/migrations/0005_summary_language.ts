import type { Kysely } from 'kysely';
import type { Migration } from '../columns.ts';

/**
 * AI summaries are kept per language: a recruiter reading in German gets a German summary, not the
 * French one a colleague generated. Summaries stored before have no language and are written anew
 * the first time someone asks.
 */
export const summaryLanguage: Migration = {
  name: '0005_summary_language',
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('ai_summaries').addColumn('language', 'varchar(5)').execute();
    await db.schema.dropIndex('ai_summaries_subject_idx').execute();
    await db.schema
      .createIndex('ai_summaries_subject_idx')
      .on('ai_summaries')
      .columns(['company_id', 'subject_type', 'subject_id', 'language', 'created_at'])
      .execute();
  },
};
