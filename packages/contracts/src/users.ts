/**
 * Users of a company (issue 16 item 1; spec 2 "users/list", 3 "User", 5, 6, 7 "Users"). Every path
 * is under `/api`; every route needs `internal.users_list`. Another company's user is 404.
 *
 *   GET  /api/users?page&per_page&sort&filter[q]&filter[role]&filter[group]&filter[active]&filter[subsidiary]
 *        → ZUserPage. `filter[q]`: part of the name ("first last" or "last first") or of the e-mail;
 *        `filter[role]`, `filter[group]`, `filter[subsidiary]`: comma-joined ids (any of them);
 *        `filter[active]`: `1`/`true` or `0`/`false`. `sort`: USER_SORTS, `-` for descending
 *        (default `lastname`); ties break on first name then id. Never signed in sorts as the
 *        oldest sign-in (first with `last_login_at`, last with `-last_login_at`).
 *   GET  /api/users/all        → ZUserOption[]   every active user of the company (pickers), by name
 *   GET  /api/users/all-mails  → ZUserMail[]     the same users with their e-mail
 *   GET  /api/users/choices    → ZUserChoices    the company's roles, groups and subsidiaries (the
 *        page's filters and the dialog's selects), each by name; archived subsidiaries are left out
 *        (the dialog adds the edited user's own, which the server lets them keep)
 *   GET  /api/users/{id}       → ZUser
 *   POST /api/users {…ZUserForm}        → 201 ZUser (create)
 *   POST /api/users {id, …ZUserForm}    → 200 ZUser (update: spec 7 "create or update on /users";
 *        the id in the body decides, as the project save does)
 *   PUT  /api/users/{id} {…ZUserForm}   → 200 ZUser (update)
 *   PUT  /api/users/account-activation {user_ids, active} → 204. Deactivating ends the users'
 *        sessions at once and refuses their sign-in; a user cannot deactivate themselves
 *        (422 `user_ids: self_deactivation`); an id that is not a user of the company: 422
 *        `user_ids: unknown_user`.
 *   PUT  /api/users/account-activation {selection: {all: {filters, except, count}}, active}
 *        → 200 ZUserActivationResult: "select all N that match" (issue 42 part 2, ZUserSelection).
 *        Every user of the company the list shows under `filters`, less `except`; 409
 *        `selection_changed` (current count in `errors.count[0]`) when that is not `count`; 422
 *        `selection: max_items:500` over USER_ACTIVATION_MAX. The id form's rules hold: the
 *        caller is skipped (`self_deactivation`), as are users already so (`unchanged`).
 *   GET  /api/users/export?format&lang&sort&filter[…]&ids&except (user-import routes): the list's
 *        users under its filters; `ids` (comma-joined): only those; `except`: less those.
 *   PUT  /api/users/groups {user_id, group_id, level} → 204. Puts the user in the group with that
 *        membership level (USER_GROUP_LEVELS); user or group of another company: 404.
 *
 * 422 codes: `firstname`/`lastname`: `field_required | max_length:100`; `email`: `field_required |
 * invalid_email | max_length:255 | email_taken` (unique within the company; another company may
 * hold the same address); `role_id`: `field_required | invalid` (not a role of the company);
 * `language`: `invalid` (left out: the company's default language, company settings, on create;
 * kept on update); `subsidiary_id`: `invalid`; `group_ids`: `invalid`.
 * A created user has no password: they are mailed an invitation whose link (the password-reset
 * page, open for PASSWORD_INVITE_TTL_DAYS) lets them choose one.
 */
import { z } from 'zod';
import { LANGUAGES } from './constants.ts';
import { requiredOr } from './errors.ts';
import { MAX_ID, ZId, ZIdParam } from './ids.ts';
import { ZPageQuery, zPaged } from './paging.ts';
import { SELECTION_MAX_IDS, ZSelectionFilters } from './application-selection.ts';

export const USER_NAME_MAX = 100;
export const USER_EMAIL_MAX = 255;
/** Users activated or deactivated in one call. */
export const USER_ACTIVATION_MAX = 500;
export const USER_GROUPS_MAX = 100;

/** Sort columns of the list; `-column` sorts descending. */
export const USER_SORTS = ['lastname', 'email', 'created_at', 'last_login_at'] as const;
export type TUserSortColumn = (typeof USER_SORTS)[number];
export const USER_SORT_VALUES = USER_SORTS.flatMap((s) => [s, `-${s}`] as const);
export type TUserSort = (typeof USER_SORT_VALUES)[number];

/** Membership levels in a group: a plain member, or the group's manager. */
export const USER_GROUP_LEVELS = { member: 0, manager: 1 } as const;
export const USER_GROUP_LEVEL_MAX = 1;

export const ZUserRef = z.object({ id: z.number().int(), name: z.string() });

export const ZUserGroup = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The user's membership level (USER_GROUP_LEVELS). */
  level: z.number().int(),
});
export type TUserGroup = z.infer<typeof ZUserGroup>;

/** Spec 3 "User" as the administration sees it. */
export const ZUser = z.object({
  id: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  img_src: z.string().nullable(),
  language: z.string(),
  active: z.boolean(),
  role_id: z.number().int().nullable(),
  role: ZUserRef.nullable(),
  subsidiary_id: z.number().int().nullable(),
  subsidiary: ZUserRef.nullable(),
  groups: z.array(ZUserGroup),
  /** Last successful sign-in, null when never. */
  last_login_at: z.string().nullable(),
  created_at: z.string(),
});
export type TUser = z.infer<typeof ZUser>;

export const ZUserPage = zPaged(ZUser);
export type TUserPage = z.infer<typeof ZUserPage>;

export const ZUserOption = z.object({
  id: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
});
export type TUserOption = z.infer<typeof ZUserOption>;

export const ZUserMail = ZUserOption.extend({ email: z.string() });
export type TUserMail = z.infer<typeof ZUserMail>;

export const ZUserChoices = z.object({
  roles: z.array(ZUserRef),
  groups: z.array(ZUserRef),
  subsidiaries: z.array(ZUserRef),
});
export type TUserChoices = z.infer<typeof ZUserChoices>;

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** Comma-joined ids (`1,2`), each a valid id; 422 `invalid` otherwise. */
const ZIdList = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .regex(/^\s*\d+(\s*,\s*\d+)*\s*$/, 'invalid')
    .transform((v) => v.split(',').map((x) => Number(x.trim())))
    .pipe(z.array(ZId))
    .optional(),
);

export const ZUserListQuery = ZPageQuery.extend({
  sort: z.preprocess(
    emptyToUndefined,
    z.enum(USER_SORT_VALUES, { error: 'invalid' }).default('lastname'),
  ),
  'filter[q]': z.preprocess(
    emptyToUndefined,
    z.string().trim().max(255, 'max_length:255').optional(),
  ),
  'filter[role]': ZIdList,
  'filter[group]': ZIdList,
  'filter[subsidiary]': ZIdList,
  'filter[active]': z.preprocess(
    emptyToUndefined,
    z
      .enum(['1', '0', 'true', 'false'], { error: 'invalid' })
      .transform((v) => v === '1' || v === 'true')
      .optional(),
  ),
});
export type TUserListQuery = z.input<typeof ZUserListQuery>;
export type TUserListFilters = z.output<typeof ZUserListQuery>;

export const ZUserIdParams = z.object({ id: ZIdParam });

const name = z
  .string({ error: 'field_required' })
  .trim()
  .min(1, 'field_required')
  .max(USER_NAME_MAX, `max_length:${USER_NAME_MAX}`);

/** The create/edit dialog's fields: the web form validates with this schema too. */
export const ZUserForm = z.object({
  firstname: name,
  lastname: name,
  email: z
    .string({ error: 'field_required' })
    .trim()
    .min(1, { message: 'field_required', abort: true })
    .max(USER_EMAIL_MAX, { message: `max_length:${USER_EMAIL_MAX}`, abort: true })
    .pipe(z.email('invalid_email'))
    .transform((v) => v.toLowerCase()),
  role_id: z.preprocess(
    emptyToUndefined,
    z.number({ error: requiredOr() }).min(1, 'invalid').max(MAX_ID, 'invalid').int('invalid'),
  ),
  // Left out (or ''): the company's default language on create, the user's own on update.
  language: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.enum(LANGUAGES, { error: 'invalid' }).optional(),
  ),
  subsidiary_id: z.preprocess((v) => (v === '' || v === undefined ? null : v), ZId.nullable()),
  group_ids: z
    .array(ZId, { error: 'invalid' })
    .max(USER_GROUPS_MAX, `max_items:${USER_GROUPS_MAX}`)
    .default([]),
});
export type TUserFormInput = z.input<typeof ZUserForm>;
export type TUserFormValues = z.output<typeof ZUserForm>;

/** `POST /users`: the form, with the id of the user to update (absent: create). */
export const ZUserSave = ZUserForm.extend({ id: ZId.optional() });
export type TUserSave = z.input<typeof ZUserSave>;

/**
 * "Select all N that match" on the users list (issue 42 part 2, docs/bulk-actions.md): every user
 * the list shows under `filters` — the list route's own query parameters (`filter[q]`,
 * `filter[role]`, `filter[group]`, `filter[subsidiary]`, `filter[active]`; page, per_page and sort
 * ignored), read by ZUserListQuery — less `except` (unticked after choosing "all"). `count`: how
 * many the user was shown; another number now: 409 `selection_changed`, nothing changed.
 */
export const ZUserSelection = z.object({
  all: z.object({
    filters: ZSelectionFilters.default({}),
    except: z.array(ZId).max(SELECTION_MAX_IDS, 'invalid').default([]),
    count: z.number().int().min(0),
  }),
});
export type TUserSelection = z.infer<typeof ZUserSelection>;
export type TUserSelectionInput = z.input<typeof ZUserSelection>;

/** Either `user_ids` (the ticked users) or `selection` (all that match), with `active`. */
export const ZUserActivation = z
  .object({
    user_ids: z
      .array(ZId, { error: 'field_required' })
      .min(1, 'field_required')
      .max(USER_ACTIVATION_MAX, `max_items:${USER_ACTIVATION_MAX}`)
      .optional(),
    selection: ZUserSelection.optional(),
    active: z.boolean({ error: 'field_required' }),
  })
  .superRefine((v, ctx) => {
    if (!v.user_ids && !v.selection)
      ctx.addIssue({ code: 'custom', path: ['user_ids'], message: 'field_required' });
    if (v.user_ids && v.selection)
      ctx.addIssue({ code: 'custom', path: ['selection'], message: 'invalid' });
    // Applied during the request: a company rarely holds more users than the id form's cap.
    if (v.selection && v.selection.all.count > USER_ACTIVATION_MAX)
      ctx.addIssue({
        code: 'custom',
        path: ['selection'],
        message: `max_items:${USER_ACTIVATION_MAX}`,
      });
  });
export type TUserActivation = z.input<typeof ZUserActivation>;

/** Why a selected user was left as they were. */
export const USER_ACTIVATION_SKIPS = ['self_deactivation', 'unchanged'] as const;
export type TUserActivationSkip = (typeof USER_ACTIVATION_SKIPS)[number];

/** The answer to an activation of all that match: how many there were, changed, skipped by reason. */
export const ZUserActivationResult = z.object({
  total: z.number().int(),
  changed: z.number().int(),
  skipped: z.record(z.string(), z.number().int()),
});
export type TUserActivationResult = z.infer<typeof ZUserActivationResult>;

/** `GET /users/export`: the list's query, with `ids` (only those) or `except` (less those). */
export const ZUserExportSelection = z.object({
  ids: ZIdList.pipe(z.array(ZId).max(SELECTION_MAX_IDS, 'invalid').optional()),
  except: ZIdList.pipe(z.array(ZId).max(SELECTION_MAX_IDS, 'invalid').optional()),
});

export const ZUserGroupLevel = z.object({
  user_id: ZId,
  group_id: ZId,
  level: z
    .number({ error: 'field_required' })
    .int('invalid')
    .min(0, 'min_value:0')
    .max(USER_GROUP_LEVEL_MAX, `max_value:${USER_GROUP_LEVEL_MAX}`),
});
export type TUserGroupLevel = z.infer<typeof ZUserGroupLevel>;
