/**
 * Onboarding of recruited people (issue 41; spec 1, 2 `/onboarding` with `onboarding.access`,
 * config `onboarding/process`, `onboarding/statuses`, `onboarding/mail-templates` with
 * `config.onboarding`; docs/onboarding.md). Every path is under `/api`, the company is the
 * session's, another company's object answers 404 on every route.
 *
 * Configuration (`config.onboarding`):
 *   GET    /api/onboarding/processes               → ZOnboardingProcess[] (by name). Readable by
 *          any signed-in user: every process with `config.onboarding`, the active ones with
 *          `onboarding.access` (the start dialog), none otherwise.
 *   GET    /api/onboarding/users?search=           → ZOnboardingUsers: active users of the company
 *          by last name, at most ONBOARDING_PICKER_MAX (the manager, owner and responsible
 *          pickers); any signed-in user, none without `onboarding.access` or `config.onboarding`.
 *   POST   /api/onboarding/processes ZOnboardingProcessInput       → 201 ZOnboardingProcess
 *   GET    /api/onboarding/processes/{id}          → ZOnboardingProcess
 *   PUT    /api/onboarding/processes/{id} ZOnboardingProcessInput  → ZOnboardingProcess. Steps
 *          keep their `id` when sent back; a step left out is removed; the order of `steps` is
 *          the order (`position` is written from it). Onboardings already started keep their tasks.
 *   DELETE /api/onboarding/processes/{id}          → 204 (started onboardings keep their tasks).
 *   GET    /api/onboarding/statuses                → ZOnboardingStatus[] in order: the four system
 *          statuses (`system_key`) then the company's own, each ordered by `position`.
 *          (Readable by any signed-in user: the board, the filters, a task owner's view.)
 *   POST   /api/onboarding/statuses {name}         → 201 ZOnboardingStatus (at the end)
 *   PUT    /api/onboarding/statuses/{id} {name?, position?} → ZOnboardingStatus. A system status
 *          may be renamed (null or '' gives the translated name back: web `onboarding:statuses.{key}`);
 *          `position` moves it among all statuses (0-based).
 *   DELETE /api/onboarding/statuses/{id}           → 204; a system status: 409
 *          `status_not_deletable`; held by onboardings: 409 `status_in_use:{count}`.
 *   Mail templates: e-mail models of kind `onboarding` (MAIL_KINDS in ./mail-models.ts, merge
 *   fields `onboarding.start_date`, `onboarding.manager_name`, `onboarding.address`,
 *   `onboarding.first_day_contact` plus candidate/company/offer): the existing
 *   /api/mail-models routes with `filter[kind]=onboarding` (permission `config.emails` there).
 *
 * Records (`onboarding.access`, and the application's project in the user's scope):
 *   GET    /api/onboardings?ZOnboardingListQuery   → ZOnboardingPage (start date, then id)
 *   GET    /api/onboardings/counts?(same filters, no status) → ZOnboardingCounts (the board)
 *   GET    /api/onboardings/{id}                   → ZOnboarding. Signed-in users WITHOUT
 *          `onboarding.access` who own a task of it get the same shape with `limited: true`:
 *          only their own tasks, no documents, no e-mails, no address; anyone else 404.
 *   PUT    /api/onboardings/{id} ZOnboardingUpdate → ZOnboarding. A new `start_date` moves the
 *          due dates of the open tasks (and the dates of e-mails not yet sent) by the same days.
 *   POST   /api/onboardings ZOnboardingCreate      → 201 ZOnboarding. The application must be in
 *          status 6 (recruited): else 422 `application_id: not_recruited`; one open onboarding
 *          per application: 409 `onboarding_exists`.
 *   POST   /api/onboardings/bulk ZOnboardingBulkCreate → 200 ZOnboardingBulkResult (applications
 *          not recruited, not visible, or already onboarding are skipped with a reason).
 *   POST   /api/onboardings/{id}/cancel           → ZOnboarding (status `cancelled`; open tasks
 *          stay as they are but e-mails not sent are cancelled and no overdue notice goes out).
 *   GET    /api/applications/{id}/onboarding      → ZApplicationOnboarding: the application's open
 *          (not cancelled) onboarding or null. Changing an application away from status 6 never
 *          cancels anything: the web reads this and asks "cancel the onboarding?", then calls
 *          POST /api/onboardings/{id}/cancel. (Permission: `onboarding.access`.)
 *
 * Tasks (any signed-in user; the service checks: `onboarding.access` on the onboarding, or the
 * user owns the task):
 *   PUT    /api/onboarding-tasks/{id} ZOnboardingTaskUpdate → ZOnboardingTask. Only users with
 *          `onboarding.access` may reassign (`owner_user_id`) or move `due_date`; a task owner
 *          may tick (`done`). 403 otherwise.
 *   POST   /api/onboarding-tasks/{id}/comments {body} → 201 ZOnboardingTaskComment
 *   GET    /api/onboarding/my-tasks?ZMyTasksQuery → ZMyTaskPage: the signed-in user's tasks across
 *          new hires (cancelled onboardings left out), open first by due date.
 *
 * Statuses move by themselves only between system statuses: the first task ticked moves
 * `not_started` to `in_progress`; all tasks done moves `not_started`/`in_progress` to `done`.
 * A company status set by hand is never changed automatically.
 *
 * 422 codes: `name: field_required | max_length:100`, `steps: max_items:100`,
 * `steps.{i}.title: field_required | max_length:200`, `steps.{i}.responsible.id: field_required`
 * (for user/group/role), `steps.{i}.document_name: field_required` (kind document),
 * `steps.{i}.due_days: min_value:-365 | max_value:365`, `mail_model_id: invalid` (not an
 * `onboarding` model of the company), `start_date: invalid_date`, `manager_id: unknown_user`,
 * `process_id: invalid`, `application_ids: max_items:1000`, `body: field_required | max_length:5000`.
 */
import { z } from 'zod';
import { requiredOr } from './errors.ts';
import { ZId, ZIdParam } from './ids.ts';
import { ZPageQuery, zPaged } from './paging.ts';

export const ONBOARDING_NAME_MAX = 100;
export const ONBOARDING_STEP_TITLE_MAX = 200;
export const ONBOARDING_STEPS_MAX = 100;
export const ONBOARDING_DUE_DAYS_MAX = 365;
export const ONBOARDING_COMMENT_MAX = 5000;
export const ONBOARDING_TEXT_MAX = 500;
export const ONBOARDING_BULK_MAX = 1000;
/** The user pickers answer at most this many. */
export const ONBOARDING_PICKER_MAX = 20;

export const ONBOARDING_STEP_KINDS = ['task', 'document', 'email'] as const;
export type TOnboardingStepKind = (typeof ONBOARDING_STEP_KINDS)[number];

/** Who a step's task goes to: a user, a group's or a role's members (the first active one), the new hire's manager, or the application's recruiter (the offer's owner). */
export const ONBOARDING_RESPONSIBLE_TYPES = [
  'user',
  'group',
  'role',
  'manager',
  'recruiter',
] as const;
export type TOnboardingResponsibleType = (typeof ONBOARDING_RESPONSIBLE_TYPES)[number];

/** The four statuses every company has (renamable, not deletable), in this order. */
export const ONBOARDING_SYSTEM_STATUSES = [
  'not_started',
  'in_progress',
  'done',
  'cancelled',
] as const;
export type TOnboardingSystemStatus = (typeof ONBOARDING_SYSTEM_STATUSES)[number];

/** A calendar day `YYYY-MM-DD` (a date, not an instant: due dates are days in the company's zone). */
export const ZOnboardingDay = z.string({ error: 'field_required' }).refine((v) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}, 'invalid_date');

const name = z
  .string({ error: requiredOr() })
  .trim()
  .min(1, 'field_required')
  .max(ONBOARDING_NAME_MAX, `max_length:${ONBOARDING_NAME_MAX}`);

const optionalText = z
  .string({ error: 'invalid' })
  .trim()
  .max(ONBOARDING_TEXT_MAX, `max_length:${ONBOARDING_TEXT_MAX}`)
  .nullable()
  .optional();

// ---------------------------------------------------------------- processes

export const ZOnboardingResponsible = z
  .object({
    type: z.enum(ONBOARDING_RESPONSIBLE_TYPES, { error: requiredOr() }),
    /** The user, group or role id (for those three types; ignored for manager and recruiter). */
    id: ZId.nullable().optional(),
  })
  .superRefine((r, ctx) => {
    if ((r.type === 'user' || r.type === 'group' || r.type === 'role') && !r.id) {
      ctx.addIssue({ code: 'custom', path: ['id'], message: 'field_required' });
    }
  });
export type TOnboardingResponsible = z.infer<typeof ZOnboardingResponsible>;

export const ZOnboardingStepInput = z
  .object({
    /** An existing step's id (edit); absent for a new step. */
    id: ZId.optional(),
    title: z
      .string({ error: requiredOr() })
      .trim()
      .min(1, 'field_required')
      .max(ONBOARDING_STEP_TITLE_MAX, `max_length:${ONBOARDING_STEP_TITLE_MAX}`),
    kind: z.enum(ONBOARDING_STEP_KINDS, { error: requiredOr() }),
    responsible: ZOnboardingResponsible,
    /** Days from the start date (negative: before it). */
    due_days: z
      .number({ error: requiredOr() })
      .int('invalid')
      .min(-ONBOARDING_DUE_DAYS_MAX, `min_value:-${ONBOARDING_DUE_DAYS_MAX}`)
      .max(ONBOARDING_DUE_DAYS_MAX, `max_value:${ONBOARDING_DUE_DAYS_MAX}`),
    /** Kind `document`: the document asked of the new hire (its name on the upload page). */
    document_name: z
      .string({ error: 'invalid' })
      .trim()
      .max(ONBOARDING_STEP_TITLE_MAX, `max_length:${ONBOARDING_STEP_TITLE_MAX}`)
      .nullable()
      .optional(),
    /** Kind `email`: an e-mail model of kind `onboarding`; null: the company's default onboarding model. */
    mail_model_id: ZId.nullable().optional(),
    /** Ignored on input: the order of `steps` is the order. */
    position: z.number().int().optional(),
  })
  .superRefine((s, ctx) => {
    if (s.kind === 'document' && !s.document_name) {
      ctx.addIssue({ code: 'custom', path: ['document_name'], message: 'field_required' });
    }
  });
export type TOnboardingStepInput = z.input<typeof ZOnboardingStepInput>;

export const ZOnboardingProcessInput = z.object({
  name,
  active: z.boolean({ error: 'invalid' }).default(true),
  steps: z
    .array(ZOnboardingStepInput, { error: 'invalid' })
    .max(ONBOARDING_STEPS_MAX, `max_items:${ONBOARDING_STEPS_MAX}`)
    .default([]),
});
export type TOnboardingProcessInput = z.output<typeof ZOnboardingProcessInput>;
export type TOnboardingProcessFormInput = z.input<typeof ZOnboardingProcessInput>;

export const ZOnboardingStep = z.object({
  id: z.number().int(),
  title: z.string(),
  kind: z.enum(ONBOARDING_STEP_KINDS),
  responsible: z.object({
    type: z.enum(ONBOARDING_RESPONSIBLE_TYPES),
    id: z.number().int().nullable(),
    /** The user's, group's or role's name (null for manager/recruiter, or deleted). */
    name: z.string().nullable(),
  }),
  due_days: z.number().int(),
  document_name: z.string().nullable(),
  mail_model_id: z.number().int().nullable(),
  position: z.number().int(),
});
export type TOnboardingStep = z.infer<typeof ZOnboardingStep>;

export const ZOnboardingProcess = z.object({
  id: z.number().int(),
  name: z.string(),
  active: z.boolean(),
  steps: z.array(ZOnboardingStep),
  /** Onboardings started with it (any status). */
  onboarding_count: z.number().int(),
  updated_at: z.string(),
});
export type TOnboardingProcess = z.infer<typeof ZOnboardingProcess>;

// ---------------------------------------------------------------- statuses

export const ZOnboardingStatus = z.object({
  id: z.number().int(),
  /** One of the four system statuses, or null for the company's own. */
  system_key: z.enum(ONBOARDING_SYSTEM_STATUSES).nullable(),
  /** The company's name; null on a system status not renamed (show `onboarding:statuses.{system_key}`). */
  name: z.string().nullable(),
  position: z.number().int(),
  onboarding_count: z.number().int(),
});
export type TOnboardingStatus = z.infer<typeof ZOnboardingStatus>;

export const ZOnboardingStatusCreate = z.object({ name });
export type TOnboardingStatusCreateInput = z.input<typeof ZOnboardingStatusCreate>;

export const ZOnboardingStatusUpdate = z.object({
  /** '' or null on a system status: back to the translated name; required non-empty on the company's own. */
  name: z
    .string({ error: 'invalid' })
    .trim()
    .max(ONBOARDING_NAME_MAX, `max_length:${ONBOARDING_NAME_MAX}`)
    .nullable()
    .optional(),
  position: z.number({ error: 'invalid' }).int('invalid').min(0, 'min_value:0').optional(),
});
export type TOnboardingStatusUpdateInput = z.input<typeof ZOnboardingStatusUpdate>;

// ---------------------------------------------------------------- records

const ZPersonRef = z.object({ id: z.number().int(), name: z.string() });

export const ZOnboardingStatusRef = z.object({
  id: z.number().int(),
  system_key: z.enum(ONBOARDING_SYSTEM_STATUSES).nullable(),
  name: z.string().nullable(),
});
export type TOnboardingStatusRef = z.infer<typeof ZOnboardingStatusRef>;

export const ZOnboardingListItem = z.object({
  id: z.number().int(),
  application_id: z.number().int(),
  applicant: z.object({
    id: z.number().int(),
    firstname: z.string(),
    lastname: z.string(),
  }),
  /** The application's offer (null: spontaneous application). */
  offer: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  subsidiary: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  start_date: z.string(),
  manager: ZPersonRef.nullable(),
  status: ZOnboardingStatusRef,
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
  /** Open tasks whose due date is before today (company time zone). */
  overdue_count: z.number().int(),
});
export type TOnboardingListItem = z.infer<typeof ZOnboardingListItem>;

export const ZOnboardingPage = zPaged(ZOnboardingListItem);
export type TOnboardingPage = z.infer<typeof ZOnboardingPage>;

const optionalIdFilter = z
  .preprocess((v) => (v === '' ? undefined : v), ZIdParam.optional())
  .optional();

/** `filter[start_month]`: `YYYY-MM`. */
const optionalMonth = z
  .preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'invalid')
      .optional(),
  )
  .optional();

export const ZOnboardingFilters = z.object({
  'filter[subsidiary_id]': optionalIdFilter,
  'filter[manager_id]': optionalIdFilter,
  'filter[start_month]': optionalMonth,
  'filter[status_id]': optionalIdFilter,
  /** Part of the new hire's name (or e-mail). */
  search: z.string().trim().max(100, 'max_length:100').optional(),
});

export const ZOnboardingListQuery = ZPageQuery.extend(ZOnboardingFilters.shape);
export type TOnboardingListQuery = z.infer<typeof ZOnboardingListQuery>;

/** Counts per status for the board (the list's filters except `filter[status_id]`). */
export const ZOnboardingCounts = z.array(
  z.object({ status_id: z.number().int(), count: z.number().int() }),
);
export type TOnboardingCounts = z.infer<typeof ZOnboardingCounts>;

export const ZOnboardingTaskComment = z.object({
  id: z.number().int(),
  body: z.string(),
  author: ZPersonRef.nullable(),
  created_at: z.string(),
});
export type TOnboardingTaskComment = z.infer<typeof ZOnboardingTaskComment>;

export const ZOnboardingTask = z.object({
  id: z.number().int(),
  onboarding_id: z.number().int(),
  title: z.string(),
  kind: z.enum(ONBOARDING_STEP_KINDS),
  position: z.number().int(),
  /** The user who owns it (null: nobody could be resolved; a user with `onboarding.access` assigns one). */
  owner: ZPersonRef.nullable(),
  due_date: z.string(),
  done: z.boolean(),
  done_at: z.string().nullable(),
  done_by: ZPersonRef.nullable(),
  overdue: z.boolean(),
  document_name: z.string().nullable(),
  comments: z.array(ZOnboardingTaskComment),
});
export type TOnboardingTask = z.infer<typeof ZOnboardingTask>;

export const ZOnboardingDocument = z.object({
  task_id: z.number().int(),
  name: z.string(),
  /** When the upload link went to the new hire (null: not yet; it is sent by a job just after the onboarding starts). */
  requested_at: z.string().nullable(),
  received_at: z.string().nullable(),
  /** The applicant document that arrived (in the new hire's documents). */
  document_id: z.number().int().nullable(),
});
export type TOnboardingDocument = z.infer<typeof ZOnboardingDocument>;

export const ONBOARDING_EMAIL_STATES = ['scheduled', 'sent', 'failed', 'cancelled'] as const;

export const ZOnboardingEmail = z.object({
  task_id: z.number().int(),
  title: z.string(),
  mail_model_id: z.number().int().nullable(),
  /** The day it goes out (company time zone). */
  send_date: z.string(),
  state: z.enum(ONBOARDING_EMAIL_STATES),
  sent_at: z.string().nullable(),
});
export type TOnboardingEmail = z.infer<typeof ZOnboardingEmail>;

export const ZOnboarding = ZOnboardingListItem.extend({
  process: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  applicant: z.object({
    id: z.number().int(),
    firstname: z.string(),
    lastname: z.string(),
    /** null in a limited view. */
    email: z.string().nullable(),
    /**
     * The language the new hire's e-mails are written in: theirs (career-site application, else
     * talent community), else the company's. null in a limited view.
     */
    language: z.string().nullable(),
  }),
  address: z.string().nullable(),
  first_day_contact: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  created_at: z.string(),
  /** True for a task owner without `onboarding.access`: only their tasks, no documents or e-mails. */
  limited: z.boolean(),
  tasks: z.array(ZOnboardingTask),
  documents: z.array(ZOnboardingDocument),
  emails: z.array(ZOnboardingEmail),
});
export type TOnboarding = z.infer<typeof ZOnboarding>;

export const ZOnboardingCreate = z.object({
  application_id: ZId,
  process_id: ZId,
  start_date: ZOnboardingDay,
  manager_id: ZId,
  first_day_contact: optionalText,
  address: optionalText,
});
export type TOnboardingCreateInput = z.input<typeof ZOnboardingCreate>;

export const ZOnboardingBulkCreate = z.object({
  application_ids: z
    .array(ZId, { error: requiredOr() })
    .min(1, 'field_required')
    .max(ONBOARDING_BULK_MAX, `max_items:${ONBOARDING_BULK_MAX}`),
  process_id: ZId,
  start_date: ZOnboardingDay,
  manager_id: ZId.nullable().optional(),
});
export type TOnboardingBulkCreateInput = z.input<typeof ZOnboardingBulkCreate>;

export const ONBOARDING_SKIP_REASONS = ['not_found', 'not_recruited', 'onboarding_exists'] as const;

export const ZOnboardingBulkResult = z.object({
  created: z.number().int(),
  /** The ids of the onboardings created, in the order of `application_ids`. */
  onboarding_ids: z.array(z.number().int()),
  skipped: z.array(
    z.object({ application_id: z.number().int(), reason: z.enum(ONBOARDING_SKIP_REASONS) }),
  ),
});
export type TOnboardingBulkResult = z.infer<typeof ZOnboardingBulkResult>;

export const ZOnboardingUpdate = z.object({
  status_id: ZId.optional(),
  start_date: ZOnboardingDay.optional(),
  manager_id: ZId.nullable().optional(),
  first_day_contact: optionalText,
  address: optionalText,
});
export type TOnboardingUpdateInput = z.input<typeof ZOnboardingUpdate>;

export const ZApplicationOnboarding = z.object({
  onboarding: z
    .object({
      id: z.number().int(),
      status: ZOnboardingStatusRef,
      start_date: z.string(),
      progress: z.object({ done: z.number().int(), total: z.number().int() }),
    })
    .nullable(),
});
export type TApplicationOnboarding = z.infer<typeof ZApplicationOnboarding>;

// ---------------------------------------------------------------- tasks

export const ZOnboardingTaskUpdate = z.object({
  done: z.boolean({ error: 'invalid' }).optional(),
  owner_user_id: ZId.optional(),
  due_date: ZOnboardingDay.optional(),
});
export type TOnboardingTaskUpdateInput = z.input<typeof ZOnboardingTaskUpdate>;

export const ZOnboardingCommentInput = z.object({
  body: z
    .string({ error: requiredOr() })
    .trim()
    .min(1, 'field_required')
    .max(ONBOARDING_COMMENT_MAX, `max_length:${ONBOARDING_COMMENT_MAX}`),
});
export type TOnboardingCommentInput = z.input<typeof ZOnboardingCommentInput>;

const optionalBoolFilter = z
  .preprocess(
    (v) => (v === '' || v === undefined ? undefined : v === '1' || v === 'true' || v === true),
    z.boolean().optional(),
  )
  .optional();

/** `filter[done]` (0/1; absent: open and done, open first). */
export const ZMyTasksQuery = ZPageQuery.extend({ 'filter[done]': optionalBoolFilter });
export type TMyTasksQuery = z.infer<typeof ZMyTasksQuery>;

export const ZMyTask = ZOnboardingTask.omit({ comments: true }).extend({
  comment_count: z.number().int(),
  onboarding: z.object({
    id: z.number().int(),
    applicant: z.object({ firstname: z.string(), lastname: z.string() }),
    offer_title: z.string().nullable(),
    start_date: z.string(),
  }),
});
export type TMyTask = z.infer<typeof ZMyTask>;

export const ZMyTaskPage = zPaged(ZMyTask);
export type TMyTaskPage = z.infer<typeof ZMyTaskPage>;

/** `?search=` of `GET /api/onboarding/users` (a part of a name or e-mail; empty: the first ones). */
export const ZOnboardingUsersQuery = z.object({
  search: z.string().trim().max(100, 'max_length:100').optional(),
});
/** `GET /api/onboarding/users`: at most ONBOARDING_PICKER_MAX. */
export const ZOnboardingUsers = z.array(z.object({ id: z.number().int(), name: z.string() }));
export type TOnboardingUsers = z.infer<typeof ZOnboardingUsers>;
