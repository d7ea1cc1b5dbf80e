import {
  smsSegments,
  type TSmsConversationItem,
  type TSmsMessage,
  type TSmsState,
} from '@embauche/contracts/sms';
import { displayPhone } from '../../platform/sms/phone.ts';
import type { ListRow } from './sms-lists.repository.ts';
import type { MessageRow } from './sms-rows.ts';

/** Who an applicant's messages show as. */
export type ApplicantPeople = { firstname: string; lastname: string; img_src: string | null };

const fullName = (first: string | null, last: string | null) =>
  [first, last].filter(Boolean).join(' ');

/** A stored message as the API answers it (spec 3 fields, plus its state and segments). */
export function toMessage(row: MessageRow, applicant: ApplicantPeople): TSmsMessage {
  const inbound = row.direction === 'inbound';
  return {
    id: row.id,
    conversation_id: row.conversation_id,
    direction: inbound ? 'inbound' : 'outbound',
    sender: inbound ? null : row.user_id,
    message: row.body,
    received: row.state === 'received',
    received_at: row.received_at,
    state: row.state as TSmsState,
    reason: row.reason,
    segments: row.segments || smsSegments(row.body),
    created_at: row.created_at,
    people: inbound
      ? { name: fullName(applicant.firstname, applicant.lastname), img: applicant.img_src }
      : { name: fullName(row.user_firstname, row.user_lastname), img: row.user_img },
  };
}

/** A conversation in the lists (spec 3 "SMS conversation"). */
export function toListItem(row: ListRow, defaultCountry: string): TSmsConversationItem {
  const inbound = row.direction === 'inbound';
  const isRead = !inbound || row.read_at !== null;
  return {
    conversation_id: row.conversation_id,
    application_id: row.application_id,
    applicant: {
      id: row.applicant_id,
      firstname: row.firstname,
      lastname: row.lastname,
      picture: row.img_src,
      phone_formatted: displayPhone(row.phone, defaultCountry),
    },
    offer: { id: row.offer_id, job_position: row.job_position },
    last_message: { message: row.body, created_at: row.created_at, is_read: isRead },
    last_message_is_read: isRead,
    last_message_sended: !inbound,
  };
}
