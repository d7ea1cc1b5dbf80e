import type { Kysely } from 'kysely';
import type { Migration } from '../columns.ts';

/**
 * Offers granted to groups (issue 16 item 2): a member of a group granted an offer reaches it as a
 * user granted it directly (`offer_users`). Deleting the offer or the group deletes the grant; a
 * user who leaves the group loses the offer on their next request (membership is read in SQL on
 * every request, platform/db/offer-visibility.ts).
 */
export const offerGroups: Migration = {
  name: '0030_offer_groups',
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('offer_groups')
      .addColumn('company_id', 'integer', (c) =>
        c.notNull().references('companies.id').onDelete('cascade'),
      )
      .addColumn('offer_id', 'integer', (c) =>
        c.notNull().references('offers.id').onDelete('cascade'),
      )
      .addColumn('group_id', 'integer', (c) =>
        c.notNull().references('user_groups.id').onDelete('cascade'),
      )
      .addPrimaryKeyConstraint('offer_groups_pk', ['offer_id', 'group_id'])
      .execute();
    // The offers a user reaches through their groups: membership by user, then grants by group.
    await db.schema
      .createIndex('offer_groups_group_idx')
      .on('offer_groups')
      .columns(['group_id', 'company_id', 'offer_id'])
      .execute();
  },
};
