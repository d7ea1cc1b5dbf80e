import type { Kysely } from 'kysely';
import type { Migration } from '../columns.ts';

/**
 * The public career site's list (issue 37 part 6, bench/career-site.bench.ts): one index holding
 * what the list filters, searches, orders and counts, in its order (newest published first).
 * Every list query reads it alone until the page's 20 rows: a search scans index entries, not the
 * offers' rows with their descriptions (about 2.5 KB each); the filters' choices, the count and
 * the sitemap read nothing else.
 */
export const careerSiteListIndex: Migration = {
  name: '0045_career_site_list_index',
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('offers_public_list_idx')
      .on('offers')
      .columns([
        'company_id',
        'status',
        'archived',
        'published_at',
        'id',
        'job_position',
        'location',
        'department',
        'contract_type',
        'remote',
        'subsidiary_id',
        'updated_at',
      ])
      .execute();
  },
};
