/**
 * Two-way SMS with applicants (issue 14; spec 2 "SMS panel", 3 "SMS conversation", 4 "SMS read
 * state", 5 "SMS", 7 "SMS", 9). Every path is under `/api`. Routes:
 *
 *   GET  /api/sms/get-conversation?applicant_id&application_id   → ZSmsConversation
 *        (404 when the applicant or application is not the company's, or not in the user's projects;
 *        an application without messages yet answers an empty `messages` with `conversation_id: null`)
 *   POST /api/sms/send {application_id, applicant_id, message}   → 201 ZSmsMessage (state `pending`)
 *        (422 `errors.applicant_id: ['applicant_without_mobile']` when the applicant has no valid
 *        mobile number; 422 `errors.message: ['field_required' | 'max_length:1071']`)
 *   POST /api/sms/mass-send {applicant_ids, offer_id?, message}  → ZSmsMassSendResult
 *        (the ones actually sent in `sent`; applicants without a valid mobile, or without an
 *        application on the offer, in `refused` with the reason; 422 only for a bad payload;
 *        without `offer_id`, each applicant's newest application on an offer the user sees)
 *   POST /api/sms/mass-send {selection, message}                 → ZSmsMassSendResult
 *        ("all that match", issue 42 part 2: `selection` is a list's `all` selection,
 *        ZRecipientSelection; each selected application is texted, one per applicant; `all.count`
 *        counts toward SMS_MASS_MAX (422 `selection: max_items:500`), 409 `selection_changed` when
 *        the set's size is no longer `all.count`, 404 for an offer the user does not reach;
 *        `applicant_ids` and `offer_id` are then left empty)
 *   POST /api/sms/mass-send {applicant_selection, message}       → ZSmsMassSendResult
 *        ("all that match" of a sourcing search or a recruitment list, contracts/applicant-selection.ts:
 *        each applicant's newest application the user sees; 422 `applicant_selection: max_items:500`,
 *        409 `selection_changed`, 404 for a list the user may not see)
 *   GET  /api/sms/get-active-conversations                       → ZSmsActiveConversations
 *   PUT  /api/sms/mark-read {conversation_id}                    → ZSmsMarkReadResult
 *   GET  /api/sms/conversations?page&per_page&search             → ZSmsConversationPage
 *        (the header sheet's list: newest message first; `search` matches the applicant's name)
 *
 * All of the above need the company's `SMS` feature (403 otherwise) and the permission
 * `project_application.sms`; they are limited to the projects the user may see.
 *
 * Destinations and volume (issue 33 item 6), checked on `send` and `mass-send` before anything is
 * stored, sent or counted:
 *   - a number of a non-geographic "global" calling code (+800, +808, +870…+878 Inmarsat and
 *     maritime, +881 Iridium/Globalstar, +882/+883 international networks, +888, +979, +991) or of
 *     a premium-rate, shared-cost, personal, UAN, VoIP or pager type is refused whatever the list;
 *   - a mobile number of a country outside the company's allowed list is refused;
 *   both as `destination_not_allowed`: `send` answers 422 with `code: 'destination_not_allowed'` and
 *   `errors.applicant_id: ['destination_not_allowed']`; `mass-send` lists the recipient in `refused`
 *   with that reason and sends to the others (as for an invalid mobile).
 *   - the company's daily cap (messages per calendar day in the company's time zone, counted in the
 *     database so every instance shares it): a send that would pass it answers 429
 *     `code: 'sms_daily_cap'` with `Retry-After` (seconds until the company's next midnight) and
 *     sends nothing (a mass send is refused whole, never cut).
 *
 * SMS settings, permission `config.account` AND the SMS feature (403 without either):
 *   GET  /api/config/sms                                  → ZSmsSettings
 *   PUT  /api/config/sms {allowed_countries, daily_cap}   → ZSmsSettings (422 `allowed_countries:
 *        field_required | invalid | max_items:{n}`, `daily_cap: invalid | min_value:1 |
 *        max_value:{n}`). Audited (`company.sms_settings_updated`).
 *
 * Provider webhooks (public, Twilio form: application/x-www-form-urlencoded, signed with
 * `X-Twilio-Signature`; a bad signature answers 403 and stores nothing; idempotent on `MessageSid`):
 *   POST /api/webhooks/sms/twilio/status    (MessageSid, MessageStatus, ErrorCode?) → 204
 *   POST /api/webhooks/sms/twilio/inbound   (MessageSid, From, To, Body)             → 204 (empty TwiML-less answer)
 *
 * Development outbox (only when `SMS_PROVIDER=outbox`, outside production; permission-free like the
 * mail outbox):
 *   GET  /api/dev/sms/outbox                           → ZSmsOutboxList (newest first)
 *   POST /api/dev/sms/outbox/{id}/receipt {state, reason?} → 204 (simulate the delivery receipt:
 *        `received`, or `failed` with a reason)
 *   POST /api/dev/sms/outbox/{id}/reply {message}      → 204 (simulate the applicant's answer to
 *        that outbox message: stored inbound, published live, notification raised)
 *
 * Live: an inbound reply or a state change publishes `ZSmsLiveEvent` (JSON) on `v2/user/{userId}` of
 * every user concerned, with the SSE event type `sms` (SMS_LIVE_EVENT_TYPE): listen with
 * `source.addEventListener('sms', …)` — `onmessage` (notifications) does not see it. A reply also
 * raises a notification (slug `sms_received`) on the same topic, as any notification.
 */
import { z } from 'zod';
import { ZApplicantSelection } from './applicant-selection.ts';
import { ZRecipientSelection } from './application-selection.ts';
import { ZId, ZIdParam } from './ids.ts';
import { ZPageQuery, zPaged } from './paging.ts';

/** The SSE event type of SMS live updates on the user's topic. */
export const SMS_LIVE_EVENT_TYPE = 'sms';

/** Spec 9: at most 1071 characters in one message (7 segments). */
export const SMS_MAX_LENGTH = 1071;
/** Spec 9: characters per SMS segment. */
export const SMS_SEGMENT_LENGTH = 153;
/** Applicants in one mass send. */
export const SMS_MASS_MAX = 500;
/** Conversations in `get-active-conversations` (newest message first). */
export const SMS_ACTIVE_MAX = 50;
/** Conversations per page of `GET /sms/conversations` unless `per_page` says otherwise. */
export const SMS_PAGE_SIZE = 20;

/** The number of SMS a text takes: ceil(length / 153); 0 for an empty text. */
export function smsSegments(text: string): number {
  return Math.ceil(text.length / SMS_SEGMENT_LENGTH);
}

/** A message body: trimmed, not blank, at most 1071 characters (`field_required`, `max_length:1071`). */
export const ZSmsBody = z
  .string({ error: 'field_required' })
  .max(SMS_MAX_LENGTH, { message: `max_length:${SMS_MAX_LENGTH}`, abort: true })
  .refine((s) => s.trim().length > 0, 'field_required');

/**
 * Delivery state of a message. Outbound: `pending` (stored, waiting for the provider), `sent`
 * (accepted by the provider), `received` (delivered to the handset), or `failed` with a reason.
 * Inbound messages are `received`.
 */
export const SMS_STATES = ['pending', 'sent', 'received', 'failed'] as const;
export type TSmsState = (typeof SMS_STATES)[number];

export const SMS_DIRECTIONS = ['outbound', 'inbound'] as const;
export type TSmsDirection = (typeof SMS_DIRECTIONS)[number];

/** Why a message failed or an applicant was refused (each has a text in the `sms` namespace). */
export const SMS_FAILURE_REASONS = [
  /** The applicant has no phone number, or it is not a valid mobile number. */
  'applicant_without_mobile',
  /** Mass send: the applicant has no application on the offer (or is not visible). */
  'no_application',
  /** The provider refused the message or reported it undelivered. */
  'provider_rejected',
  /** The provider could not be reached after every retry. */
  'provider_unreachable',
  'undelivered',
  /**
   * Issue 33: a satellite, international-network, premium-rate or shared-cost number, or a country
   * outside the company's allowed list. Never stored: refused before sending.
   */
  'destination_not_allowed',
] as const;
export type TSmsFailureReason = (typeof SMS_FAILURE_REASONS)[number];

/** Who wrote a message (spec 3 `people`): the user for outbound, the applicant for inbound. */
export const ZSmsPeople = z.object({
  name: z.string(),
  img: z.string().nullable(),
});

/** One message of a conversation (spec 3, plus the fields the pane needs for its ticks). */
export const ZSmsMessage = z.object({
  id: z.number().int(),
  conversation_id: z.number().int(),
  direction: z.enum(SMS_DIRECTIONS),
  /** The user who sent it (outbound), null for an applicant's message. */
  sender: z.number().int().nullable(),
  message: z.string(),
  /** Delivered to the handset (outbound) — always true for inbound messages. */
  received: z.boolean(),
  received_at: z.string().nullable(),
  state: z.enum(SMS_STATES),
  /** Set when `state` is `failed` (one of SMS_FAILURE_REASONS, or the provider's error text). */
  reason: z.string().nullable(),
  segments: z.number().int(),
  created_at: z.string(),
  people: ZSmsPeople,
});
export type TSmsMessage = z.infer<typeof ZSmsMessage>;

/** `GET /sms/get-conversation`: oldest message first. */
export const ZSmsConversation = z.object({
  /** null while nothing has been exchanged with this applicant for this application. */
  conversation_id: z.number().int().nullable(),
  application_id: z.number().int(),
  applicant_id: z.number().int(),
  /** E.164 number messages go to, null when the applicant has no valid mobile (send refused). */
  phone: z.string().nullable(),
  phone_formatted: z.string().nullable(),
  messages: z.array(ZSmsMessage),
});
export type TSmsConversation = z.infer<typeof ZSmsConversation>;

export const ZSmsConversationQuery = z.object({
  applicant_id: ZIdParam,
  application_id: ZIdParam,
});

/** A conversation in the lists (spec 3 "SMS conversation"). */
export const ZSmsConversationItem = z.object({
  conversation_id: z.number().int(),
  application_id: z.number().int(),
  applicant: z.object({
    id: z.number().int(),
    firstname: z.string(),
    lastname: z.string(),
    picture: z.string().nullable(),
    phone_formatted: z.string().nullable(),
  }),
  offer: z.object({ id: z.number().int(), job_position: z.string() }),
  last_message: z.object({
    message: z.string(),
    created_at: z.string(),
    is_read: z.boolean(),
  }),
  /** false only when the last message is an applicant's reply nobody has read yet. */
  last_message_is_read: z.boolean(),
  /** true when the last message was sent by the company (outbound). */
  last_message_sended: z.boolean(),
});
export type TSmsConversationItem = z.infer<typeof ZSmsConversationItem>;

/** `GET /sms/get-active-conversations`: the SMS_ACTIVE_MAX newest conversations and the unread count. */
export const ZSmsActiveConversations = z.object({
  conversations: z.array(ZSmsConversationItem),
  /** Conversations (in the user's projects) whose last message is an unread reply. */
  unread_conversation_count: z.number().int(),
});
export type TSmsActiveConversations = z.infer<typeof ZSmsActiveConversations>;

/** `GET /sms/conversations`: query. */
export const ZSmsConversationListQuery = ZPageQuery.extend({
  search: z.string().trim().max(255, 'max_length:255').optional(),
});
export type TSmsConversationListQuery = z.infer<typeof ZSmsConversationListQuery>;

/** `GET /sms/conversations`: a page, newest message first, with the unread count. */
export const ZSmsConversationPage = zPaged(ZSmsConversationItem).extend({
  unread_conversation_count: z.number().int(),
});
export type TSmsConversationPage = z.infer<typeof ZSmsConversationPage>;

/** `POST /sms/send`. */
export const ZSmsSendPayload = z.object({
  application_id: ZId,
  applicant_id: ZId,
  message: ZSmsBody,
});
export type TSmsSendPayload = z.infer<typeof ZSmsSendPayload>;

/** `POST /sms/mass-send`. */
export const ZSmsMassSendPayload = z
  .object({
    applicant_ids: z
      .array(ZId, { error: 'field_required' })
      .max(SMS_MASS_MAX, `max_items:${SMS_MASS_MAX}`)
      .default([]),
    /** Without an offer (a recruitment list's selection): each applicant's newest visible application. */
    offer_id: ZId.nullish(),
    /** "All that match" (issue 42 part 2): a list's selection instead of `applicant_ids`. */
    selection: ZRecipientSelection.optional(),
    /**
     * "All that match" of a sourcing search or a recruitment list (contracts/applicant-selection.ts)
     * instead of `applicant_ids`: each applicant's newest application the user sees, as without an
     * offer; counted toward SMS_MASS_MAX (422 `applicant_selection: max_items:500`).
     */
    applicant_selection: ZApplicantSelection.optional(),
    message: ZSmsBody,
  })
  .refine(
    (v) =>
      v.selection !== undefined ||
      v.applicant_selection !== undefined ||
      v.applicant_ids.length > 0,
    { message: 'field_required', path: ['applicant_ids'] },
  )
  .refine(
    (v) =>
      (v.selection === undefined && v.applicant_selection === undefined) ||
      (v.applicant_ids.length === 0 && !(v.selection && v.applicant_selection)),
    { message: 'invalid', path: ['applicant_ids'] },
  )
  .refine((v) => (v.selection?.all.count ?? 0) <= SMS_MASS_MAX, {
    message: `max_items:${SMS_MASS_MAX}`,
    path: ['selection'],
  })
  .refine((v) => (v.applicant_selection?.all.count ?? 0) <= SMS_MASS_MAX, {
    message: `max_items:${SMS_MASS_MAX}`,
    path: ['applicant_selection'],
  });
export type TSmsMassSendPayload = z.infer<typeof ZSmsMassSendPayload>;
export type TSmsMassSendInput = z.input<typeof ZSmsMassSendPayload>;

export const ZSmsSentItem = z.object({
  applicationId: z.number().int(),
  applicantId: z.number().int(),
});
export type TSmsSentItem = z.infer<typeof ZSmsSentItem>;

/** `POST /sms/mass-send` answer: the ones actually sent, and the refused ones with why. */
export const ZSmsMassSendResult = z.object({
  sent: z.array(ZSmsSentItem),
  refused: z.array(
    z.object({
      applicationId: z.number().int().nullable(),
      applicantId: z.number().int(),
      reason: z.enum(SMS_FAILURE_REASONS),
    }),
  ),
});
export type TSmsMassSendResult = z.infer<typeof ZSmsMassSendResult>;

/** `PUT /sms/mark-read`. */
export const ZSmsMarkReadPayload = z.object({ conversation_id: ZId });
export type TSmsMarkReadPayload = z.infer<typeof ZSmsMarkReadPayload>;

export const ZSmsMarkReadResult = z.object({
  conversation_id: z.number().int(),
  unread_conversation_count: z.number().int(),
});
export type TSmsMarkReadResult = z.infer<typeof ZSmsMarkReadResult>;

/** Development outbox: one message the outbox provider "sent". */
export const ZSmsOutboxItem = z.object({
  id: z.number().int(),
  message_id: z.number().int(),
  conversation_id: z.number().int(),
  to: z.string(),
  from: z.string(),
  body: z.string(),
  state: z.enum(SMS_STATES),
  reason: z.string().nullable(),
  applicant_name: z.string(),
  created_at: z.string(),
});
export type TSmsOutboxItem = z.infer<typeof ZSmsOutboxItem>;

export const ZSmsOutboxList = z.object({ data: z.array(ZSmsOutboxItem) });
export type TSmsOutboxList = z.infer<typeof ZSmsOutboxList>;

export const ZSmsOutboxReceiptPayload = z.object({
  state: z.enum(['received', 'failed'], { error: 'invalid' }),
  reason: z.string().max(255, 'max_length:255').optional(),
});
export type TSmsOutboxReceiptPayload = z.infer<typeof ZSmsOutboxReceiptPayload>;

export const ZSmsOutboxReplyPayload = z.object({ message: ZSmsBody });
export type TSmsOutboxReplyPayload = z.infer<typeof ZSmsOutboxReplyPayload>;

/**
 * Live update on `v2/user/{userId}` (the hub's `data`, JSON): `sms.message` when a reply arrives
 * or a message is stored, `sms.state` when a message's delivery state changes.
 */
export const ZSmsLiveEvent = z.object({
  type: z.enum(['sms.message', 'sms.state']),
  conversation_id: z.number().int(),
  application_id: z.number().int(),
  applicant_id: z.number().int(),
  message: ZSmsMessage,
  unread_conversation_count: z.number().int().optional(),
});
export type TSmsLiveEvent = z.infer<typeof ZSmsLiveEvent>;

/** Issue 33: the most messages a company's daily cap may allow. */
export const SMS_DAILY_CAP_MAX = 100_000;
/** Issue 33: the most countries an allowed list holds (there are about 250). */
export const SMS_COUNTRIES_MAX = 300;

/** An ISO 3166-1 alpha-2 country code, upper-cased (`fr` → `FR`). */
export const ZSmsCountryCode = z
  .string({ error: 'invalid' })
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{2}$/, 'invalid'));

/** `GET /api/config/sms`: the company's SMS destinations and daily cap. */
export const ZSmsSettings = z.object({
  /** Countries (ISO alpha-2) the company's texts may go to, sorted. */
  allowed_countries: z.array(z.string()),
  /** true while the company never chose: its own country only (it follows a change of country). */
  is_default: z.boolean(),
  /** The company's own country (account infos). */
  company_country: z.string(),
  /** The company's cap on messages per day; null: the server's default (`default_daily_cap`). */
  daily_cap: z.number().int().nullable(),
  /** The server's default cap (SMS_DAILY_CAP). */
  default_daily_cap: z.number().int(),
  /** Messages counted today (the company's calendar day, in `time_zone`). */
  sent_today: z.number().int(),
  time_zone: z.string(),
  /** Every country a list may hold (ISO alpha-2), for the web to name in the user's language. */
  countries: z.array(z.string()),
});
export type TSmsSettings = z.infer<typeof ZSmsSettings>;

/** `PUT /api/config/sms`: at least one country; `daily_cap` null (or '') for the server default. */
export const ZSmsSettingsForm = z.object({
  allowed_countries: z
    .array(ZSmsCountryCode, { error: 'field_required' })
    .min(1, 'field_required')
    .max(SMS_COUNTRIES_MAX, `max_items:${SMS_COUNTRIES_MAX}`)
    .transform((v) => [...new Set(v)].sort()),
  daily_cap: z.preprocess(
    (v) => (v === '' ? null : v),
    z
      .number({ error: 'invalid' })
      .int('invalid')
      .min(1, 'min_value:1')
      .max(SMS_DAILY_CAP_MAX, `max_value:${SMS_DAILY_CAP_MAX}`)
      .nullable()
      .default(null),
  ),
});
export type TSmsSettingsFormInput = z.input<typeof ZSmsSettingsForm>;
export type TSmsSettingsForm = z.output<typeof ZSmsSettingsForm>;
