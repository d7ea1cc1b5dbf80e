import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';

/** The AI summaries stored for applications and applicants; by company. */
export class ApplicationSummariesRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** The latest summary of the subject in that language. */
  latestSummary(companyId: number, subjectType: string, subjectId: number, language: string) {
    return this.db
      .selectFrom('ai_summaries')
      .select(['subject_type', 'subject_id', 'text', 'source', 'model', 'language', 'created_at'])
      .where('company_id', '=', companyId)
      .where('subject_type', '=', subjectType)
      .where('subject_id', '=', subjectId)
      .where('language', '=', language)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
  }

  async insertSummary(values: {
    company_id: number;
    subject_type: string;
    subject_id: number;
    text: string;
    source: string;
    model: string | null;
    language: string;
    created_at: string;
  }) {
    await this.db.insertInto('ai_summaries').values(values).execute();
  }
}
