import { sql, type Kysely } from 'kysely';
import { schemaHelpers, type Migration } from '../columns.ts';
import type { Dialect } from '../database.ts';

/**
 * Two-way SMS (issue 14). One conversation per application (and its applicant), carrying what the
 * lists show without reading the messages: the last message's time, direction and whether it is an
 * unread reply. Messages keep their direction, body, E.164 numbers, delivery state and the
 * provider's id (unique: a webhook delivered twice stores one message). `sms_outbox` holds what the
 * development provider "sent".
 */
export const sms: Migration = {
  name: '0013_sms',
  async up(db: Kysely<unknown>, dialect: Dialect) {
    const h = schemaHelpers(dialect);
    await h
      .id(db.schema.createTable('sms_conversations'))
      .addColumn('company_id', 'integer', (c) =>
        c.notNull().references('companies.id').onDelete('cascade'),
      )
      .addColumn('application_id', 'integer', (c) =>
        c.notNull().references('applications.id').onDelete('cascade'),
      )
      .addColumn('applicant_id', 'integer', (c) =>
        c.notNull().references('applicants.id').onDelete('cascade'),
      )
      .addColumn('offer_id', 'integer', (c) =>
        c.notNull().references('offers.id').onDelete('cascade'),
      )
      .addColumn('last_message_id', 'integer')
      .addColumn('last_message_at', h.timestamp, (c) => c.notNull())
      .addColumn('last_inbound', h.boolean, h.falseDefault)
      /** The last message is an applicant's reply nobody has read. */
      .addColumn('unread', h.boolean, h.falseDefault)
      .addColumn('created_at', h.timestamp, (c) => c.notNull())
      .addColumn('updated_at', h.timestamp, (c) => c.notNull())
      .addUniqueConstraint('sms_conversations_application_unique', ['application_id'])
      .execute();
    // Lists, newest message first.
    await db.schema
      .createIndex('sms_conversations_recent_idx')
      .on('sms_conversations')
      .columns(['company_id', 'last_message_at', 'id'])
      .execute();
    // The unread counter reads only the unread conversations.
    await db.schema
      .createIndex('sms_conversations_unread_idx')
      .on('sms_conversations')
      .columns(['company_id', 'offer_id'])
      .where(sql.ref('unread'), '=', dialect === 'postgres' ? sql.lit(true) : sql.lit(1))
      .execute();
    await db.schema
      .createIndex('sms_conversations_applicant_idx')
      .on('sms_conversations')
      .columns(['applicant_id'])
      .execute();

    await h
      .id(db.schema.createTable('sms_messages'))
      .addColumn('company_id', 'integer', (c) =>
        c.notNull().references('companies.id').onDelete('cascade'),
      )
      .addColumn('conversation_id', 'integer', (c) =>
        c.notNull().references('sms_conversations.id').onDelete('cascade'),
      )
      .addColumn('direction', 'varchar(10)', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('to_phone', 'varchar(20)', (c) => c.notNull())
      .addColumn('from_phone', 'varchar(40)', (c) => c.notNull())
      .addColumn('provider', 'varchar(20)', (c) => c.notNull())
      .addColumn('provider_id', 'varchar(64)')
      .addColumn('state', 'varchar(10)', (c) => c.notNull())
      .addColumn('reason', 'varchar(255)')
      .addColumn('segments', 'integer', (c) => c.notNull())
      .addColumn('read_at', h.timestamp)
      .addColumn('sent_at', h.timestamp)
      .addColumn('received_at', h.timestamp)
      .addColumn('created_at', h.timestamp, (c) => c.notNull())
      .addColumn('updated_at', h.timestamp, (c) => c.notNull())
      .addUniqueConstraint('sms_messages_provider_unique', ['provider_id'])
      .execute();
    await db.schema
      .createIndex('sms_messages_conversation_idx')
      .on('sms_messages')
      .columns(['conversation_id', 'id'])
      .execute();
    // An applicant's reply is matched to the last message sent to that number.
    await db.schema
      .createIndex('sms_messages_to_idx')
      .on('sms_messages')
      .columns(['to_phone', 'id'])
      .execute();

    await h
      .id(db.schema.createTable('sms_outbox'))
      .addColumn('company_id', 'integer', (c) =>
        c.notNull().references('companies.id').onDelete('cascade'),
      )
      .addColumn('message_id', 'integer', (c) =>
        c.notNull().references('sms_messages.id').onDelete('cascade'),
      )
      .addColumn('provider_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('to_phone', 'varchar(20)', (c) => c.notNull())
      .addColumn('from_phone', 'varchar(40)', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('created_at', h.timestamp, (c) => c.notNull())
      .addUniqueConstraint('sms_outbox_message_unique', ['message_id'])
      .execute();
    await db.schema
      .createIndex('sms_outbox_company_idx')
      .on('sms_outbox')
      .columns(['company_id', 'id'])
      .execute();
  },
};
