/**
 * Subsidiaries (client organisations) of a company (issue 17 item 4; spec 2 config `subsidiaries`).
 * Every path is under `/api`.
 *
 *   GET    /api/subsidiaries → ZSubsidiary[] (every signed-in user): the pickers of offers,
 *          projects, users and feed audiences. The company's subsidiaries that are NOT archived,
 *          by name. An archived subsidiary keeps the offers, projects, users and comments linked
 *          to it; a form that already holds it may keep it (the server accepts the unchanged id).
 *
 * The configuration page; every route needs `config.subsidiaries`, another company's subsidiary is
 * 404 on every route:
 *
 *   GET    /api/config/subsidiaries → ZSubsidiaryTree: the company's subsidiary mode and every
 *          subsidiary (archived ones too), flat, by name; `parent_id` makes the tree.
 *   POST   /api/config/subsidiaries {name, parent_id} → 201 ZSubsidiaryItem
 *   PUT    /api/config/subsidiaries/{id} {name} → 200 ZSubsidiaryItem (rename)
 *   PUT    /api/config/subsidiaries/{id}/move {parent_id} → 200 ZSubsidiaryItem. `null`: top level.
 *   PUT    /api/config/subsidiaries/{id}/archive {archived} → 200 ZSubsidiaryItem. Archiving
 *          archives every subsidiary under it too (they stay where they are in the tree), in one
 *          transaction, one audit row each (`subsidiary.archived`, `cascade_from` the id archived
 *          by hand on the rows of those under it). Restoring restores this one only (those under
 *          it stay archived), never under an archived parent: 422 `archived: parent_archived`.
 *   PUT    /api/config/subsidiary-mode {subsidiary_mode} → 200 {subsidiary_mode}: the company's
 *          subsidiary mode, which `/api/me` carries as `subsidiary_mode`.
 *   GET    /api/config/subsidiaries/{id}/users?page&per_page&filter[search] → ZSubsidiaryUserPage:
 *          the users attached to it, by last name then first name.
 *   GET    /api/config/subsidiaries/users?page&per_page&filter[search] → ZSubsidiaryUserPage: the
 *          company's users (active or not) with their subsidiary, whom the dialog may attach.
 *   PUT    /api/config/subsidiaries/{id}/users {user_ids} → 204. Sets the users attached to it
 *          (`users.subsidiary_id`): listed users move to it from wherever they were, users that
 *          were attached and are not listed are attached to none. Every id must be a user of the
 *          company, else 422 `user_ids: unknown_user`.
 *
 * 422 codes: `name`: `field_required | max_length:255 | not_unique` (unique within the company,
 * ignoring case and surrounding spaces); `parent_id`: `invalid` (not a subsidiary of the company),
 * `parent_archived` (no new child under an archived subsidiary; `archived`: no restoring under
 * one either), `subsidiary_cycle` (a subsidiary
 * cannot move under itself or one of its descendants); `user_ids`: `invalid |
 * max_items:{SUBSIDIARY_USERS_MAX} | unknown_user`; `subsidiary_mode`: `field_required | invalid`.
 */
import { z } from 'zod';
import { ZId } from './ids.ts';
import { ZPageQuery, zPaged } from './paging.ts';

export const SUBSIDIARY_NAME_MAX = 255;
/** Users set in one call. */
export const SUBSIDIARY_USERS_MAX = 1000;

/** A subsidiary as the pickers show it: `GET /subsidiaries`, not archived, by name. */
export const ZSubsidiary = z.object({ id: z.number().int(), name: z.string() });
export type TSubsidiary = z.infer<typeof ZSubsidiary>;

/** A subsidiary as the configuration page shows it. */
export const ZSubsidiaryItem = z.object({
  id: z.number().int(),
  name: z.string(),
  parent_id: z.number().int().nullable(),
  archived: z.boolean(),
  /** Users attached to it (`users.subsidiary_id`). */
  user_count: z.number().int(),
});
export type TSubsidiaryItem = z.infer<typeof ZSubsidiaryItem>;

export const ZSubsidiaryTree = z.object({
  subsidiary_mode: z.boolean(),
  subsidiaries: z.array(ZSubsidiaryItem),
});
export type TSubsidiaryTree = z.infer<typeof ZSubsidiaryTree>;

const ZSubsidiaryName = z
  .string({ error: 'field_required' })
  .trim()
  .min(1, 'field_required')
  .max(SUBSIDIARY_NAME_MAX, `max_length:${SUBSIDIARY_NAME_MAX}`);

const ZParentId = ZId.nullable().default(null);

/** The create dialog: the web form validates with this schema too. */
export const ZSubsidiaryCreate = z.object({ name: ZSubsidiaryName, parent_id: ZParentId });
export type TSubsidiaryCreateInput = z.input<typeof ZSubsidiaryCreate>;
export type TSubsidiaryCreateValues = z.output<typeof ZSubsidiaryCreate>;

/** The rename dialog. */
export const ZSubsidiaryRename = z.object({ name: ZSubsidiaryName });
export type TSubsidiaryRenameInput = z.input<typeof ZSubsidiaryRename>;
export type TSubsidiaryRenameValues = z.output<typeof ZSubsidiaryRename>;

export const ZSubsidiaryMove = z.object({ parent_id: ZId.nullable() });
export type TSubsidiaryMove = z.infer<typeof ZSubsidiaryMove>;

export const ZSubsidiaryArchive = z.object({ archived: z.boolean({ error: 'field_required' }) });
export type TSubsidiaryArchive = z.infer<typeof ZSubsidiaryArchive>;

export const ZSubsidiaryMode = z.object({
  subsidiary_mode: z.boolean({ error: 'field_required' }),
});
export type TSubsidiaryMode = z.infer<typeof ZSubsidiaryMode>;

/** A user of the company as the users dialog shows them, with the subsidiary they belong to. */
export const ZSubsidiaryUser = z.object({
  id: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  active: z.boolean(),
  subsidiary_id: z.number().int().nullable(),
  subsidiary_name: z.string().nullable(),
});
export type TSubsidiaryUser = z.infer<typeof ZSubsidiaryUser>;

export const ZSubsidiaryUserPage = zPaged(ZSubsidiaryUser);
export type TSubsidiaryUserPage = z.infer<typeof ZSubsidiaryUserPage>;

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

export const ZSubsidiaryUserQuery = ZPageQuery.extend({
  'filter[search]': z.preprocess(
    emptyToUndefined,
    z.string().trim().max(255, 'max_length:255').optional(),
  ),
});
export type TSubsidiaryUserQuery = z.input<typeof ZSubsidiaryUserQuery>;
export type TSubsidiaryUserFilters = z.output<typeof ZSubsidiaryUserQuery>;

export const ZSubsidiaryUsersSet = z.object({
  user_ids: z
    .array(ZId, { error: 'invalid' })
    .max(SUBSIDIARY_USERS_MAX, `max_items:${SUBSIDIARY_USERS_MAX}`),
});
export type TSubsidiaryUsersSet = z.infer<typeof ZSubsidiaryUsersSet>;
