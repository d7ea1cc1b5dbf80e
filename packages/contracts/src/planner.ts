/**
 * Planner (issue 39; spec 1 planner/agenda, spec 2 `/planner` and config `appointment-template`
 * with `planner.access`, booking paths outside the authenticated layout; namespaces `planner` and
 * `booking`). Every path is under `/api`. The full list of routes is in docs/planner.md.
 *
 * Times: every instant is an ISO 8601 string in UTC (`2026-03-29T08:00:00.000Z`); the web shows them
 * in the user's time zone. A template's availability is written on its own wall clock
 * (`time_zone`, IANA): weekly hours `HH:mm`, exceptions by calendar day `yyyy-MM-dd`. Appointments
 * start and end on whole minutes; two appointments of one interviewer never overlap (checked in the
 * database, on 5-minute steps: an appointment holds the steps it touches).
 *
 * 422 codes (fields as named): `field_required`, `invalid`, `max_length:{n}`, `min_value:{n}`,
 * `max_value:{n}`, `max_items:{n}`, `unknown_user` (an interviewer or colleague who is not an
 * active user of the company), `unknown_applicant`, `invalid_time_zone`, `invalid_date`.
 * 409 codes (top level `code`): `slot_taken` (the slot is no longer free: another booking won it),
 * `interviewer_busy` (a recruiter's appointment overlaps one of its interviewers' without
 * `allow_conflicts`; `errors.interviewer_ids` lists `busy:{userId}`), `already_booked` (the booking
 * link holds an appointment: reschedule instead). 410 codes: `booking_expired` (the link's time is
 * over, or its appointment has started), `booking_revoked`.
 */
import { z } from 'zod';
import { LANGUAGES } from './constants.ts';
import { requiredOr } from './errors.ts';
import { ZId, ZIdParam } from './ids.ts';
import { ZPageQuery, zPaged } from './paging.ts';

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type TWeekday = (typeof WEEKDAYS)[number];
export const LOCATION_KINDS = ['address', 'phone', 'video'] as const;
export type TLocationKind = (typeof LOCATION_KINDS)[number];
export const AVAILABILITY_MODES = ['shared', 'per_interviewer'] as const;
/** The e-mails a template sends; each may name a model of the company of the matching kind. */
export const TEMPLATE_MAIL_PURPOSES = ['invitation', 'reminder', 'change', 'cancellation'] as const;
export type TTemplateMailPurpose = (typeof TEMPLATE_MAIL_PURPOSES)[number];
/** The mail-model kind (contracts/mail-models.ts MAIL_KINDS) each purpose uses. */
export const TEMPLATE_MAIL_KINDS = {
  invitation: 'interview_invitation',
  reminder: 'interview_reminder',
  change: 'interview_change',
  cancellation: 'interview_cancellation',
} as const;

export const TEMPLATE_NAME_MAX = 100;
export const TEMPLATE_LOCATION_MAX = 500;
export const TEMPLATE_INTERVIEWERS_MAX = 20;
export const TEMPLATE_DURATION_MIN = 5;
export const TEMPLATE_DURATION_MAX = 8 * 60;
export const TEMPLATE_BUFFER_MAX = 240;
export const TEMPLATE_HORIZON_MAX_DAYS = 365;
/** 30 days. */
export const TEMPLATE_NOTICE_MAX_MINUTES = 30 * 24 * 60;
export const TEMPLATE_RANGES_PER_DAY_MAX = 10;
export const TEMPLATE_EXCEPTIONS_MAX = 366;
export const TEMPLATES_MAX = 200;
export const APPOINTMENT_TITLE_MAX = 200;
export const APPOINTMENT_NOTES_MAX = 5000;
/** The longest appointment a recruiter may create (24 hours). */
export const APPOINTMENT_DURATION_MAX = 24 * 60;
/** The widest range of one appointments or slots call (days). */
export const PLANNER_RANGE_MAX_DAYS = 62;
/** Colleagues shown together in the planner (the user included). */
export const PLANNER_USERS_MAX = 20;
/** Appointments one range call answers at most (`truncated` says when more exist). */
export const PLANNER_RANGE_ITEMS_MAX = 2000;
/** Applications one booking-link call sends to. */
export const BOOKING_LINKS_MAX = 500;
export const BOOKING_EXPIRY_DAYS_DEFAULT = 14;
export const BOOKING_EXPIRY_DAYS_MAX = 90;
/** Granularity of the database's no-overlap check (minutes). */
export const PLANNER_STEP_MINUTES = 5;

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Minutes since midnight of `HH:mm` (`24:00` is 1440). */
export function minutesOf(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return h! * 60 + m!;
}

function timeZoneOf(value: string): string | null {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(value)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

const ZTimeZone = z
  .string({ error: 'field_required' })
  .trim()
  .min(1, 'field_required')
  .transform((v, ctx) => {
    const zone = timeZoneOf(v);
    if (zone) return zone;
    ctx.addIssue({ code: 'custom', message: 'invalid_time_zone' });
    return z.NEVER;
  });

const ZCalendarDay = z.string({ error: 'field_required' }).refine((v) => {
  if (!DAY.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}, 'invalid_date');

/** A range of a day on the template's wall clock: `start` < `end`, `HH:mm` (`end` may be 24:00). */
export const ZTimeRange = z
  .object({
    start: z.string({ error: 'field_required' }).regex(HHMM, 'invalid'),
    end: z.string({ error: 'field_required' }).regex(HHMM, 'invalid'),
  })
  .refine(
    (r) => !HHMM.test(r.start) || !HHMM.test(r.end) || minutesOf(r.start) < minutesOf(r.end),
    {
      message: 'invalid',
      path: ['end'],
    },
  );
export type TTimeRange = z.infer<typeof ZTimeRange>;

const ZRanges = z
  .array(ZTimeRange)
  .max(TEMPLATE_RANGES_PER_DAY_MAX, `max_items:${TEMPLATE_RANGES_PER_DAY_MAX}`)
  .default([]);

/** Hours per weekday (Monday first); a day absent or empty is not available. */
export const ZWeeklyHours = z.object(
  Object.fromEntries(WEEKDAYS.map((d) => [d, ZRanges])) as Record<TWeekday, typeof ZRanges>,
);
export type TWeeklyHours = z.infer<typeof ZWeeklyHours>;
export type TWeeklyHoursInput = z.input<typeof ZWeeklyHours>;

/**
 * A day that differs from the weekly hours: `ranges` empty is a day off; otherwise these hours
 * replace the weekly ones that day. `user_id` null: for every interviewer; else for that one.
 */
export const ZAvailabilityException = z.object({
  date: ZCalendarDay,
  user_id: ZId.nullable().default(null),
  ranges: ZRanges,
});
export type TAvailabilityException = z.infer<typeof ZAvailabilityException>;

const ZMinutes = (max: number, min = 0) =>
  z
    .number({ error: 'field_required' })
    .int('invalid')
    .min(min, `min_value:${min}`)
    .max(max, `max_value:${max}`);

/**
 * `POST /api/planner/templates`, `PUT /api/planner/templates/{id}`. With `availability_mode`
 * `shared` the `weekly_hours` apply to every interviewer; with `per_interviewer` each interviewer's
 * `interviewer_hours` entry applies to them (an interviewer without an entry is never available).
 * A slot is free when every interviewer is available and free then (their appointments widened by
 * the buffers), it starts at least `min_notice_minutes` from now and before now + `horizon_days`.
 * Slots start every `slot_step_minutes` from the start of each available range.
 */
export const ZAppointmentTemplateInput = z.object({
  name: z
    .string({ error: 'field_required' })
    .trim()
    .min(1, 'field_required')
    .max(TEMPLATE_NAME_MAX, `max_length:${TEMPLATE_NAME_MAX}`),
  duration_minutes: ZMinutes(TEMPLATE_DURATION_MAX, TEMPLATE_DURATION_MIN).refine(
    (v) => v % PLANNER_STEP_MINUTES === 0,
    'invalid',
  ),
  buffer_before_minutes: ZMinutes(TEMPLATE_BUFFER_MAX).default(0),
  buffer_after_minutes: ZMinutes(TEMPLATE_BUFFER_MAX).default(0),
  /** Empty: the duration. */
  slot_step_minutes: ZMinutes(TEMPLATE_DURATION_MAX, PLANNER_STEP_MINUTES)
    .refine((v) => v % PLANNER_STEP_MINUTES === 0, 'invalid')
    .nullable()
    .default(null),
  location_kind: z.enum(LOCATION_KINDS, { error: requiredOr() }),
  /** The address, the phone number or the video link (https://…), as the kind says. */
  location: z
    .string()
    .trim()
    .max(TEMPLATE_LOCATION_MAX, `max_length:${TEMPLATE_LOCATION_MAX}`)
    .default(''),
  interviewer_ids: z
    .array(ZId)
    .min(1, 'field_required')
    .max(TEMPLATE_INTERVIEWERS_MAX, `max_items:${TEMPLATE_INTERVIEWERS_MAX}`),
  time_zone: ZTimeZone,
  availability_mode: z.enum(AVAILABILITY_MODES, { error: requiredOr() }).default('shared'),
  weekly_hours: ZWeeklyHours.default({
    mon: [],
    tue: [],
    wed: [],
    thu: [],
    fri: [],
    sat: [],
    sun: [],
  }),
  interviewer_hours: z
    .array(z.object({ user_id: ZId, weekly_hours: ZWeeklyHours }))
    .max(TEMPLATE_INTERVIEWERS_MAX, `max_items:${TEMPLATE_INTERVIEWERS_MAX}`)
    .default([]),
  exceptions: z
    .array(ZAvailabilityException)
    .max(TEMPLATE_EXCEPTIONS_MAX, `max_items:${TEMPLATE_EXCEPTIONS_MAX}`)
    .default([]),
  horizon_days: ZMinutes(TEMPLATE_HORIZON_MAX_DAYS, 1).default(30),
  min_notice_minutes: ZMinutes(TEMPLATE_NOTICE_MAX_MINUTES).default(24 * 60),
  /** A model id of the company per purpose (of kind TEMPLATE_MAIL_KINDS[purpose]), null: built-in. */
  mail_models: z
    .object(
      Object.fromEntries(
        TEMPLATE_MAIL_PURPOSES.map((p) => [p, ZId.nullable().default(null)]),
      ) as Record<TTemplateMailPurpose, z.ZodDefault<z.ZodNullable<typeof ZId>>>,
    )
    .default({ invitation: null, reminder: null, change: null, cancellation: null }),
});
export type TAppointmentTemplateInput = z.infer<typeof ZAppointmentTemplateInput>;
export type TAppointmentTemplateFormInput = z.input<typeof ZAppointmentTemplateInput>;

export const ZPlannerPerson = z.object({
  id: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
});
export type TPlannerPerson = z.infer<typeof ZPlannerPerson>;

export const ZAppointmentTemplate = z.object({
  id: z.number().int(),
  name: z.string(),
  duration_minutes: z.number().int(),
  buffer_before_minutes: z.number().int(),
  buffer_after_minutes: z.number().int(),
  slot_step_minutes: z.number().int().nullable(),
  location_kind: z.enum(LOCATION_KINDS),
  location: z.string(),
  interviewers: z.array(ZPlannerPerson),
  time_zone: z.string(),
  availability_mode: z.enum(AVAILABILITY_MODES),
  weekly_hours: ZWeeklyHours,
  interviewer_hours: z.array(z.object({ user_id: z.number().int(), weekly_hours: ZWeeklyHours })),
  exceptions: z.array(
    z.object({
      date: z.string(),
      user_id: z.number().int().nullable(),
      ranges: z.array(ZTimeRange),
    }),
  ),
  horizon_days: z.number().int(),
  min_notice_minutes: z.number().int(),
  mail_models: z.object(
    Object.fromEntries(
      TEMPLATE_MAIL_PURPOSES.map((p) => [p, z.number().int().nullable()]),
    ) as Record<TTemplateMailPurpose, z.ZodNullable<z.ZodNumber>>,
  ),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TAppointmentTemplate = z.infer<typeof ZAppointmentTemplate>;

/** A row of the templates' list. */
export const ZAppointmentTemplateItem = ZAppointmentTemplate.pick({
  id: true,
  name: true,
  duration_minutes: true,
  location_kind: true,
  interviewers: true,
  time_zone: true,
  updated_at: true,
});
export type TAppointmentTemplateItem = z.infer<typeof ZAppointmentTemplateItem>;
export const ZAppointmentTemplatePage = zPaged(ZAppointmentTemplateItem);
export type TAppointmentTemplatePage = z.infer<typeof ZAppointmentTemplatePage>;

export const ZAppointmentTemplateListQuery = ZPageQuery.extend({
  search: z.string().trim().max(100, 'max_length:100').optional(),
});

const ZInstant = z.iso.datetime({ offset: true, error: 'invalid' });

/** `?from&to` of the slots and appointments calls: instants, `to` after `from`, at most 62 days. */
export const ZRangeQuery = z.object({
  from: z.iso.datetime({ offset: true, error: (i) => (i.input ? 'invalid' : 'field_required') }),
  to: z.iso.datetime({ offset: true, error: (i) => (i.input ? 'invalid' : 'field_required') }),
});

/** One free slot: `start_at` to `start_at + duration` (UTC). */
export const ZFreeSlot = z.object({ start_at: z.string(), end_at: z.string() });
export type TFreeSlot = z.infer<typeof ZFreeSlot>;
/** `GET …/slots`: the free slots in the range, in order, and the template's zone. */
export const ZFreeSlots = z.object({
  time_zone: z.string(),
  duration_minutes: z.number().int(),
  slots: z.array(ZFreeSlot),
});
export type TFreeSlots = z.infer<typeof ZFreeSlots>;

export const APPOINTMENT_STATUSES = ['confirmed', 'cancelled'] as const;
export const APPOINTMENT_SOURCES = ['planner', 'booking'] as const;

/**
 * `POST /api/planner/appointments`, `PUT /api/planner/appointments/{id}` (move, resize, edit).
 * `interviewer_ids`: users of the company (the creator is not added by itself). An overlap with an
 * interviewer's appointment is 409 `interviewer_busy` unless `allow_conflicts` (the recruiter saw
 * the conflicts and keeps it: such an appointment is not guarded against overlaps).
 */
export const ZAppointmentInput = z
  .object({
    title: z
      .string({ error: 'field_required' })
      .trim()
      .min(1, 'field_required')
      .max(APPOINTMENT_TITLE_MAX, `max_length:${APPOINTMENT_TITLE_MAX}`),
    start_at: ZInstant,
    end_at: ZInstant,
    template_id: ZId.nullable().default(null),
    location_kind: z.enum(LOCATION_KINDS, { error: requiredOr() }).nullable().default(null),
    location: z
      .string()
      .trim()
      .max(TEMPLATE_LOCATION_MAX, `max_length:${TEMPLATE_LOCATION_MAX}`)
      .default(''),
    interviewer_ids: z
      .array(ZId)
      .min(1, 'field_required')
      .max(TEMPLATE_INTERVIEWERS_MAX, `max_items:${TEMPLATE_INTERVIEWERS_MAX}`),
    applicant_id: ZId.nullable().default(null),
    /** An application of `applicant_id` (its offer is shown). */
    application_id: ZId.nullable().default(null),
    notes: z
      .string()
      .trim()
      .max(APPOINTMENT_NOTES_MAX, `max_length:${APPOINTMENT_NOTES_MAX}`)
      .default(''),
    allow_conflicts: z.boolean().default(false),
    /** E-mail the applicant (invitation or change, with the ICS file). */
    notify_applicant: z.boolean().default(false),
  })
  .refine((v) => Date.parse(v.end_at) > Date.parse(v.start_at), {
    message: 'invalid',
    path: ['end_at'],
  })
  .refine(
    (v) => Date.parse(v.end_at) - Date.parse(v.start_at) <= APPOINTMENT_DURATION_MAX * 60_000,
    { message: `max_value:${APPOINTMENT_DURATION_MAX}`, path: ['end_at'] },
  );
export type TAppointmentInput = z.infer<typeof ZAppointmentInput>;
export type TAppointmentFormInput = z.input<typeof ZAppointmentInput>;

export const ZAppointment = z.object({
  id: z.number().int(),
  title: z.string(),
  start_at: z.string(),
  end_at: z.string(),
  status: z.enum(APPOINTMENT_STATUSES),
  source: z.enum(APPOINTMENT_SOURCES),
  template: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  location_kind: z.enum(LOCATION_KINDS).nullable(),
  location: z.string(),
  interviewers: z.array(ZPlannerPerson),
  applicant: ZPlannerPerson.nullable(),
  application_id: z.number().int().nullable(),
  offer: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  notes: z.string(),
  /** Kept with overlaps that the recruiter accepted. */
  allow_conflicts: z.boolean(),
  created_by: ZPlannerPerson.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TAppointment = z.infer<typeof ZAppointment>;

/**
 * `GET /api/planner/appointments?from&to&user_ids=1,2`: the confirmed appointments of those users
 * (default: the caller) that overlap the range, by start; `truncated` when more than
 * PLANNER_RANGE_ITEMS_MAX exist (narrow the range).
 */
export const ZAppointmentRangeQuery = ZRangeQuery.extend({
  user_ids: z
    .preprocess(
      (v) => (typeof v === 'string' ? (v === '' ? [] : v.split(',')) : Array.isArray(v) ? v : v),
      z.array(ZIdParam).max(PLANNER_USERS_MAX, `max_items:${PLANNER_USERS_MAX}`),
    )
    .optional(),
});
export type TAppointmentRangeQuery = z.infer<typeof ZAppointmentRangeQuery>;
export const ZAppointmentList = z.object({
  data: z.array(ZAppointment),
  truncated: z.boolean(),
  /** The zone to show times in: the caller's own (user settings), else the company's. */
  time_zone: z.string(),
});
export type TAppointmentList = z.infer<typeof ZAppointmentList>;

/** `GET /api/applicants/{id}/appointments?page&per_page`: newest start first. */
export const ZAppointmentPage = zPaged(ZAppointment);
export type TAppointmentPage = z.infer<typeof ZAppointmentPage>;

/**
 * `GET /api/planner/conflicts?start_at&end_at&user_ids=1,2&exclude_id=`: the confirmed appointments
 * of those users overlapping the range (the one being moved excluded): what the planner shows
 * before saving.
 */
export const ZConflictQuery = z.object({
  start_at: ZInstant,
  end_at: ZInstant,
  user_ids: ZAppointmentRangeQuery.shape.user_ids,
  exclude_id: ZIdParam.optional(),
});
export const ZConflicts = z.object({
  conflicts: z.array(
    z.object({
      user: ZPlannerPerson,
      appointment_id: z.number().int(),
      title: z.string(),
      start_at: z.string(),
      end_at: z.string(),
    }),
  ),
});
export type TConflicts = z.infer<typeof ZConflicts>;

export const BOOKING_CHANNELS = ['email', 'sms'] as const;
/**
 * `POST /api/planner/booking-links`: a booking link per application (its applicant), by e-mail
 * and/or by SMS (SMS only where the company has SMS: else 422 `channels: invalid`). The link
 * expires after `expires_in_days` unless an appointment was booked with it (then it stays usable
 * until the appointment starts).
 */
export const ZBookingLinkInput = z.object({
  template_id: ZId,
  application_ids: z
    .array(ZId)
    .min(1, 'field_required')
    .max(BOOKING_LINKS_MAX, `max_items:${BOOKING_LINKS_MAX}`),
  channels: z
    .array(z.enum(BOOKING_CHANNELS, { error: 'invalid' }))
    .min(1, 'field_required')
    .default(['email']),
  expires_in_days: ZMinutes(BOOKING_EXPIRY_DAYS_MAX, 1).default(BOOKING_EXPIRY_DAYS_DEFAULT),
  /** A message added to the e-mail and the SMS (plain text). */
  message: z.string().trim().max(1000, 'max_length:1000').default(''),
});
export type TBookingLinkInput = z.infer<typeof ZBookingLinkInput>;
export type TBookingLinkFormInput = z.input<typeof ZBookingLinkInput>;

export const BOOKING_SKIP_REASONS = ['no_email', 'no_mobile', 'unsubscribed'] as const;
/** 202: links made and messages queued; per application whether e-mail / SMS went or why not. */
export const ZBookingLinkResult = z.object({
  sent: z.number().int(),
  results: z.array(
    z.object({
      application_id: z.number().int(),
      booking_id: z.number().int(),
      email: z.enum(['queued', 'skipped', 'not_asked']),
      sms: z.enum(['queued', 'skipped', 'not_asked']),
      skipped_reason: z.enum(BOOKING_SKIP_REASONS).nullable(),
    }),
  ),
});
export type TBookingLinkResult = z.infer<typeof ZBookingLinkResult>;

/**
 * Public booking page, `/api/booking/{token}` (no session; rate limited per address and token;
 * unknown token 404, expired 410 `booking_expired`):
 *   GET    /api/booking/{token}                    → ZBookingView
 *   GET    /api/booking/{token}/slots?from&to      → ZFreeSlots (from defaults to now, to to from +
 *          14 days; at most 62 days)
 *   POST   /api/booking/{token} ZBookingChoice     → 201 ZBookingView (409 `slot_taken`,
 *          `already_booked`)
 *   PUT    /api/booking/{token} ZBookingChoice     → ZBookingView: moved (409 `slot_taken`)
 *   DELETE /api/booking/{token}                    → ZBookingView: cancelled (the link can book again
 *          until it expires)
 */
export const ZBookingChoice = z.object({ start_at: ZInstant });
export type TBookingChoice = z.infer<typeof ZBookingChoice>;

export const ZBookingSlotsQuery = z.object({
  from: ZInstant.optional(),
  to: ZInstant.optional(),
});

export const ZBookingView = z.object({
  company: z.object({ name: z.string(), logo_src: z.string().nullable() }),
  /** The candidate's language (the page's). */
  language: z.enum(LANGUAGES),
  candidate: z.object({ firstname: z.string() }),
  template: z.object({
    name: z.string(),
    duration_minutes: z.number().int(),
    location_kind: z.enum(LOCATION_KINDS),
    location: z.string(),
    time_zone: z.string(),
  }),
  offer_title: z.string().nullable(),
  /** The booked appointment, null before booking or after cancelling. */
  appointment: z.object({ start_at: z.string(), end_at: z.string() }).nullable(),
  /** Booking, moving or cancelling is still possible. */
  can_change: z.boolean(),
  /** When the link stops working (the appointment's start once booked). */
  expires_at: z.string(),
});
export type TBookingView = z.infer<typeof ZBookingView>;

/**
 * Private ICS feed of the signed-in user's appointments (`planner.access`):
 *   GET    /api/planner/feed  → ZIcsFeed (`url` null: none, or its secret is shown only once)
 *   POST   /api/planner/feed  → 201 ZIcsFeed with `url` (a new secret; any previous one stops)
 *   DELETE /api/planner/feed  → 204 (revoked)
 * `GET /api/planner/feed/{secret}.ics` (public, text/calendar): appointments from 30 days ago to
 * 365 days ahead.
 */
export const ZIcsFeed = z.object({
  active: z.boolean(),
  url: z.string().nullable(),
  created_at: z.string().nullable(),
});
export type TIcsFeed = z.infer<typeof ZIcsFeed>;

/** `?search=` of the planner's pickers (a part of a name or e-mail; empty: the first ones). */
export const ZPlannerSearchQuery = z.object({
  search: z.string().trim().max(100, 'max_length:100').optional(),
});
/** Pickers answer at most this many. */
export const PLANNER_PICKER_MAX = 20;

/**
 * `GET /api/planner/users?search=` (`planner.access`): active users of the company (interviewers,
 * colleagues), by last name, at most PLANNER_PICKER_MAX.
 */
export const ZPlannerUsers = z.array(ZPlannerPerson);
export type TPlannerUsers = z.infer<typeof ZPlannerUsers>;

/**
 * `GET /api/planner/applicants?search=` (`planner.access`): applicants the user sees whose name or
 * e-mail matches, with their applications the user sees (newest first), at most
 * PLANNER_PICKER_MAX.
 */
export const ZPlannerApplicants = z.array(
  ZPlannerPerson.extend({
    email: z.string().nullable(),
    applications: z.array(z.object({ id: z.number().int(), offer_title: z.string().nullable() })),
  }),
);
export type TPlannerApplicants = z.infer<typeof ZPlannerApplicants>;
