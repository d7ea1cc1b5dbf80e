import type { Generated } from 'kysely';
import type { BoolWithDefault, Timestamp } from './column-types.ts';

/** A comment or an event of an offer's and/or an applicant's activity feed (migration 0009). */
export interface ActivityFeedEntriesTable {
  id: Generated<number>;
  company_id: number;
  offer_id: number | null;
  applicant_id: number | null;
  /** The thread's first entry, for a reply. */
  parent_id: number | null;
  /** FEED_KINDS */
  kind: string;
  /** FEED_CATEGORIES, from the kind. */
  category: string;
  author_user_id: number | null;
  outsider_name: string | null;
  outsider_share_key: string | null;
  text: string | null;
  /** JSON text: an event's details. */
  data: string | null;
  status_id: number | null;
  is_private: BoolWithDefault;
  source: string | null;
  edited_at: Timestamp | null;
  edited_by: number | null;
  created_at: Timestamp;
}

export interface ActivityFeedAudienceUsersTable {
  entry_id: number;
  user_id: number;
}

export interface ActivityFeedAudienceSubsidiariesTable {
  entry_id: number;
  subsidiary_id: number;
}

export interface ActivityFeedUserMentionsTable {
  entry_id: number;
  user_id: number;
}

export interface ActivityFeedGroupMentionsTable {
  entry_id: number;
  group_id: number;
}

export interface ActivityFeedAttachmentsTable {
  id: Generated<number>;
  company_id: number;
  entry_id: number;
  storage_key: string;
  filename: string;
  mime: string;
  size: number;
  created_at: Timestamp;
}

/** A shared link (0010): one applicant or application, some sections, a hashed token, an expiry. */
export interface SharesTable {
  id: Generated<number>;
  company_id: number;
  applicant_id: number;
  application_id: number | null;
  offer_id: number | null;
  /** applicant | application */
  type: string;
  /** SHA-256 of the link's token (hex). */
  token_hash: string;
  /** Comma-joined SHARE_SECTIONS. */
  sections: string;
  /** JSON array of the addresses a transfer sent it to; null on demand. */
  recipients: string | null;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  revoked_by: number | null;
  created_by: number | null;
  created_at: Timestamp;
}

export interface NotificationsTable {
  id: Generated<number>;
  company_id: number;
  user_id: number;
  /** JSON text: the notification's data (spec 3). */
  data: string;
  read_at: Timestamp | null;
  created_at: Timestamp;
}

/** The company's notification defaults (0050), once saved. */
export interface NotificationSettingsTable {
  company_id: number;
  /** JSON text: kind → { in_app, email }. */
  kinds: string;
  /** contracts/notification-preferences.ts NOTIFICATION_DIGESTS */
  digest: string;
  digest_hour: number;
  updated_by: number | null;
  updated_at: Timestamp;
}

/** A user's own notification choices (0050): the kinds they chose for; a null digest follows the company. */
export interface NotificationPreferencesTable {
  company_id: number;
  user_id: number;
  /** JSON text: kind → { in_app, email }, only the kinds chosen. */
  kinds: string;
  digest: string | null;
  digest_hour: number | null;
  updated_at: Timestamp;
}

/** A notification waiting for its user's daily digest (0050); deleted once sent. */
export interface NotificationDigestItemsTable {
  id: Generated<number>;
  company_id: number;
  user_id: number;
  data: string;
  created_at: Timestamp;
}

/** A digest sent (0050): one per user and due time (unique), the claim that keeps it once. */
export interface NotificationDigestsTable {
  id: Generated<number>;
  company_id: number;
  user_id: number;
  due_at: Timestamp;
  items: number;
  created_at: Timestamp;
}

export interface SmsConversationsTable {
  id: Generated<number>;
  company_id: number;
  application_id: number;
  applicant_id: number;
  offer_id: number;
  last_message_id: number | null;
  last_message_at: Timestamp;
  last_inbound: BoolWithDefault;
  /** The last message is an applicant's reply nobody has read. */
  unread: BoolWithDefault;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SmsMessagesTable {
  id: Generated<number>;
  company_id: number;
  conversation_id: number;
  /** `outbound` (to the applicant) or `inbound` (the applicant's reply). */
  direction: string;
  user_id: number | null;
  body: string;
  to_phone: string;
  from_phone: string;
  provider: string;
  provider_id: string | null;
  /** pending, sent, received, failed. */
  state: string;
  reason: string | null;
  segments: number;
  read_at: Timestamp | null;
  sent_at: Timestamp | null;
  received_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SmsOutboxTable {
  id: Generated<number>;
  company_id: number;
  message_id: number;
  provider_id: string;
  to_phone: string;
  from_phone: string;
  body: string;
  created_at: Timestamp;
}

/** A company's SMS destinations and cap (issue 33); no row: its own country, the server's cap. */
export interface SmsSettingsTable {
  company_id: number;
  /** ISO alpha-2 codes, comma-joined (`BE,FR`). */
  allowed_countries: string;
  /** Messages per day; null: SMS_DAILY_CAP. */
  daily_cap: number | null;
  updated_at: Timestamp;
}

/** Messages counted per company and calendar day (yyyy-MM-dd in the company's time zone). */
export interface SmsDailyCountsTable {
  company_id: number;
  day: string;
  count: number;
}

/** The activity feed, shared links, notifications and SMS. */
export interface ActivityTables {
  activity_feed_entries: ActivityFeedEntriesTable;
  activity_feed_audience_users: ActivityFeedAudienceUsersTable;
  activity_feed_audience_subsidiaries: ActivityFeedAudienceSubsidiariesTable;
  activity_feed_user_mentions: ActivityFeedUserMentionsTable;
  activity_feed_group_mentions: ActivityFeedGroupMentionsTable;
  activity_feed_attachments: ActivityFeedAttachmentsTable;
  shares: SharesTable;
  notifications: NotificationsTable;
  notification_settings: NotificationSettingsTable;
  notification_preferences: NotificationPreferencesTable;
  notification_digest_items: NotificationDigestItemsTable;
  notification_digests: NotificationDigestsTable;
  sms_conversations: SmsConversationsTable;
  sms_messages: SmsMessagesTable;
  sms_outbox: SmsOutboxTable;
  sms_settings: SmsSettingsTable;
  sms_daily_counts: SmsDailyCountsTable;
}
