import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { schemaHelpers, type Migration } from '../columns.ts';
import type { Dialect } from '../database.ts';

/**
 * The activity feed (issue 12): comments and the product's own events on an offer and/or an
 * applicant, with replies, mentions, private audiences and attached files. Who sees a comment is
 * decided in SQL on every read (docs/activity-feed.md): the audience tables are indexed by entry.
 */
export const activityFeed: Migration = {
  name: '0009_activity_feed',
  async up(db: Kysely<unknown>, dialect: Dialect) {
    const h = schemaHelpers(dialect);
    const ts = h.timestamp;
    const entry = (c: ColumnDefinitionBuilder) =>
      c.notNull().references('activity_feed_entries.id').onDelete('cascade');
    const index = (name: string, table: string, columns: string[]) =>
      db.schema.createIndex(name).on(table).columns(columns).execute();

    await h
      .id(db.schema.createTable('activity_feed_entries'))
      .addColumn('company_id', 'integer', (c) =>
        c.notNull().references('companies.id').onDelete('cascade'),
      )
      .addColumn('offer_id', 'integer', (c) => c.references('offers.id').onDelete('cascade'))
      .addColumn('applicant_id', 'integer', (c) =>
        c.references('applicants.id').onDelete('cascade'),
      )
      // A reply's thread (always the first entry of the thread: threads are one level deep).
      .addColumn('parent_id', 'integer', (c) =>
        c.references('activity_feed_entries.id').onDelete('cascade'),
      )
      .addColumn('kind', 'varchar(40)', (c) => c.notNull())
      .addColumn('category', 'varchar(20)', (c) => c.notNull())
      .addColumn('author_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      // A comment written through a shared link: the name the outsider gave, and the share.
      .addColumn('outsider_name', 'varchar(100)')
      .addColumn('outsider_share_key', 'varchar(100)')
      .addColumn('text', 'text')
      // An event's details (JSON text).
      .addColumn('data', 'text')
      // A status change's new status (filter[status]).
      .addColumn('status_id', 'integer')
      .addColumn('is_private', h.boolean, h.falseDefault)
      .addColumn('source', 'varchar(50)')
      .addColumn('edited_at', ts)
      .addColumn('edited_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute();
    // A feed's page and its count: the threads of an applicant or an offer, newest first. The
    // columns that visibility and filters read are in the index, so that counting a feed of ten
    // thousand entries reads the index alone. They lead with the company (its cascade uses them).
    await index('activity_feed_entries_applicant_idx', 'activity_feed_entries', [
      'company_id',
      'applicant_id',
      'parent_id',
      'created_at',
      'is_private',
      'author_user_id',
      'category',
      'offer_id',
    ]);
    await index('activity_feed_entries_offer_idx', 'activity_feed_entries', [
      'company_id',
      'offer_id',
      'parent_id',
      'created_at',
      'is_private',
      'author_user_id',
      'category',
      'applicant_id',
    ]);
    await index('activity_feed_entries_parent_idx', 'activity_feed_entries', [
      'parent_id',
      'created_at',
    ]);

    // A private comment's audience besides its author: chosen users, users of chosen subsidiaries.
    await db.schema
      .createTable('activity_feed_audience_users')
      .addColumn('entry_id', 'integer', entry)
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addPrimaryKeyConstraint('activity_feed_audience_users_pk', ['entry_id', 'user_id'])
      .execute();
    await index('activity_feed_audience_users_user_idx', 'activity_feed_audience_users', [
      'user_id',
      'entry_id',
    ]);
    await db.schema
      .createTable('activity_feed_audience_subsidiaries')
      .addColumn('entry_id', 'integer', entry)
      .addColumn('subsidiary_id', 'integer', (c) =>
        c.notNull().references('subsidiaries.id').onDelete('cascade'),
      )
      .addPrimaryKeyConstraint('activity_feed_audience_subsidiaries_pk', [
        'entry_id',
        'subsidiary_id',
      ])
      .execute();
    await index(
      'activity_feed_audience_subsidiaries_subsidiary_idx',
      'activity_feed_audience_subsidiaries',
      ['subsidiary_id', 'entry_id'],
    );

    await db.schema
      .createTable('activity_feed_user_mentions')
      .addColumn('entry_id', 'integer', entry)
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addPrimaryKeyConstraint('activity_feed_user_mentions_pk', ['entry_id', 'user_id'])
      .execute();
    await index('activity_feed_user_mentions_user_idx', 'activity_feed_user_mentions', ['user_id']);
    await db.schema
      .createTable('activity_feed_group_mentions')
      .addColumn('entry_id', 'integer', entry)
      .addColumn('group_id', 'integer', (c) =>
        c.notNull().references('user_groups.id').onDelete('cascade'),
      )
      .addPrimaryKeyConstraint('activity_feed_group_mentions_pk', ['entry_id', 'group_id'])
      .execute();
    await index('activity_feed_group_mentions_group_idx', 'activity_feed_group_mentions', [
      'group_id',
    ]);

    await h
      .id(db.schema.createTable('activity_feed_attachments'))
      .addColumn('company_id', 'integer', (c) =>
        c.notNull().references('companies.id').onDelete('cascade'),
      )
      .addColumn('entry_id', 'integer', entry)
      .addColumn('storage_key', 'varchar(255)', (c) => c.notNull())
      .addColumn('filename', 'varchar(255)', (c) => c.notNull())
      .addColumn('mime', 'varchar(100)', (c) => c.notNull())
      .addColumn('size', 'integer', (c) => c.notNull())
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute();
    await index('activity_feed_attachments_entry_idx', 'activity_feed_attachments', ['entry_id']);
  },
};
