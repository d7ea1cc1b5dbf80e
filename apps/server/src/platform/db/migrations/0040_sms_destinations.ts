import type { Kysely } from 'kysely';
import { schemaHelpers, type Migration } from '../columns.ts';
import type { Dialect } from '../database.ts';

/**
 * SMS destinations and volume (issue 33 item 6). `sms_settings`: a company's allowed destination
 * countries (ISO alpha-2, comma-joined) and its daily cap (null: the server's SMS_DAILY_CAP); no
 * row means its own country and the server's cap. `sms_daily_counts`: the messages counted per
 * company and calendar day (in the company's time zone), raised by one conditional upsert so
 * that every instance shares the count and parallel sends cannot pass the cap together.
 */
export const smsDestinations: Migration = {
  name: '0040_sms_destinations',
  async up(db: Kysely<unknown>, dialect: Dialect) {
    const h = schemaHelpers(dialect);
    await db.schema
      .createTable('sms_settings')
      .addColumn('company_id', 'integer', (c) =>
        c.primaryKey().references('companies.id').onDelete('cascade'),
      )
      .addColumn('allowed_countries', 'text', (c) => c.notNull())
      .addColumn('daily_cap', 'integer')
      .addColumn('updated_at', h.timestamp, (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('sms_daily_counts')
      .addColumn('company_id', 'integer', (c) =>
        c.notNull().references('companies.id').onDelete('cascade'),
      )
      /** yyyy-MM-dd, the company's calendar day. */
      .addColumn('day', 'varchar(10)', (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('sms_daily_counts_pk', ['company_id', 'day'])
      .execute();
  },
};
