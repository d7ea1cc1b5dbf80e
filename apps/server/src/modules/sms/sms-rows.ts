import type { Selectable } from 'kysely';
import type {
  ApplicantsTable,
  ApplicationsTable,
  OffersTable,
  SmsConversationsTable,
  SmsMessagesTable,
  UsersTable,
} from '../../platform/db/schema.ts';

type Applicant = Selectable<ApplicantsTable>;
type Offer = Selectable<OffersTable>;
type Conversation = Selectable<SmsConversationsTable>;
type Message = Selectable<SmsMessagesTable>;
type User = Selectable<UsersTable>;

/** An application SMS can be about: on an offer, with its applicant's name and phone. */
export type SmsTarget = {
  application_id: Selectable<ApplicationsTable>['id'];
  applicant_id: Applicant['id'];
  offer_id: Offer['id'];
} & Pick<Offer, 'project_id' | 'job_position'> &
  Pick<Applicant, 'firstname' | 'lastname' | 'phone' | 'img_src'>;

/** A conversation as read: its offer's project, and `unread` mapped to a boolean. */
export type ConversationRow = Pick<
  Conversation,
  'id' | 'company_id' | 'application_id' | 'applicant_id' | 'offer_id'
> &
  Pick<Offer, 'project_id'> & { unread: boolean };

/** A message with the names and picture of the user who wrote it (none for a reply). */
export type MessageRow = Omit<Message, 'sent_at' | 'updated_at'> & {
  user_firstname: User['firstname'] | null;
  user_lastname: User['lastname'] | null;
  user_img: User['img_src'];
};

export type NewMessage = Pick<
  Message,
  | 'company_id'
  | 'conversation_id'
  | 'user_id'
  | 'body'
  | 'to_phone'
  | 'from_phone'
  | 'provider'
  | 'provider_id'
  | 'state'
  | 'segments'
  | 'received_at'
> & { direction: 'outbound' | 'inbound' };

/** What `MessageRow` reads, from `sms_messages as m` left-joined to `users as u`. */
export const MESSAGE_COLUMNS = [
  'm.id',
  'm.company_id',
  'm.conversation_id',
  'm.direction',
  'm.user_id',
  'm.body',
  'm.to_phone',
  'm.from_phone',
  'm.provider',
  'm.provider_id',
  'm.state',
  'm.reason',
  'm.segments',
  'm.read_at',
  'm.received_at',
  'm.created_at',
  'u.firstname as user_firstname',
  'u.lastname as user_lastname',
  'u.img_src as user_img',
] as const;

/** A conversation row with `unread` as a boolean (SQLite answers 0/1). */
export function toConversationRow(
  row: Omit<ConversationRow, 'unread'> & Pick<Conversation, 'unread'>,
): ConversationRow {
  return { ...row, unread: Boolean(row.unread) };
}
