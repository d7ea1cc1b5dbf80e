/**
 * Workflows and statuses configuration (issue 17 items 2 and 3; spec 2 config `workflow`,
 * `workflow/new` and `status`). Every path is under `/api`. Another company's object is 404.
 *
 * `config.status` (the company's statuses and motifs):
 *   GET    /api/config/statuses            → ZStatusSetting[]: every status of the company (the
 *          defaults, then its own), with its motifs and the count of applications holding it.
 *   POST   /api/config/statuses {name, color?}          → 201 ZStatusSetting (a custom status; it
 *          joins the end of the default workflow).
 *   PUT    /api/config/statuses/{id} {name?, color?, hidden?} → 200 ZStatusSetting. A default
 *          status renamed keeps its global row: the company's own name is stored (`label`); an
 *          empty or null name gives the translated one back. Status 6 stays "recruited" whatever
 *          its name.
 *   DELETE /api/config/statuses/{id}       → 204. A default status: 409 `status_not_deletable`
 *          (hide it instead); held by applications: 409 `status_in_use:{count}`.
 *   POST   /api/config/motifs {name, status_id?}         → 201 ZMotifSetting
 *   PUT    /api/config/motifs/{id} {name?, hidden?}      → 200 ZMotifSetting
 *   DELETE /api/config/motifs/{id}         → 204; default: 409 `motif_not_deletable`; held by
 *          applications: 409 `motif_in_use:{count}`.
 *
 * `config.workflow` (named workflows of ordered statuses):
 *   GET    /api/config/workflows           → ZWorkflow[] (the default first, then by name)
 *   GET    /api/config/workflows/{id}      → ZWorkflow
 *   POST   /api/config/workflows {name, status_ids, is_default?}  → 201 ZWorkflow
 *   PUT    /api/config/workflows/{id} {name, status_ids, is_default?} → 200 ZWorkflow. Making a
 *          workflow the default un-defaults the previous one; the default cannot be un-defaulted
 *          (422 `is_default: invalid`): choose another default instead.
 *   DELETE /api/config/workflows/{id}      → 204; the default: 409 `workflow_is_default`. Offers
 *          and projects that used it follow their project's or the default workflow again.
 *   GET    /api/config/workflow-assignments?kind=project|offer&filter[search]&page&per_page →
 *          ZWorkflowAssignmentPage: one page of the company's projects (type 1) or non-archived
 *          offers with their chosen workflow (null: inherited), searched by name (contains, any
 *          case), by name then id. `kind` defaults to `project`.
 *   PUT    /api/config/workflow-assignments {kind, id, workflow_id} → 204. An offer's workflow
 *          overrides its project's, a project's the company default.
 *
 * 422 codes: `name`: `field_required | max_length:100 | not_unique`; `color`: `invalid`
 * (`#rrggbb`); `status_ids`: `field_required | invalid | duplicate | workflow_required_statuses`
 * (every workflow holds status 1 "new" and 6 "recruited"); `status_id`, `workflow_id`, `id`:
 * `invalid`.
 */
import { z } from 'zod';
import { ZId } from './ids.ts';
import { ZPageQuery, zPaged } from './paging.ts';

export const STATUS_NAME_MAX = 100;
export const WORKFLOW_NAME_MAX = 100;
/** Statuses every workflow holds: applications start at `new`, hiring ends at `recruited`. */
export const WORKFLOW_REQUIRED_STATUS_IDS: readonly number[] = [1, 6];

const name = z
  .string({ error: 'field_required' })
  .trim()
  .min(1, 'field_required')
  .max(STATUS_NAME_MAX, `max_length:${STATUS_NAME_MAX}`);
const color = z
  .string({ error: 'invalid' })
  .regex(/^#[0-9a-fA-F]{6}$/, 'invalid')
  .nullable()
  .optional();

export const ZMotifSetting = z.object({
  id: z.number().int(),
  /** The stored name: a key of `config:status.motifs` when `default_motif`. */
  name: z.string(),
  default_motif: z.boolean(),
  /** The company's own name for a default motif, or null. */
  label: z.string().nullable(),
  status_id: z.number().int().nullable(),
  hidden: z.boolean(),
  application_count: z.number().int(),
});
export type TMotifSetting = z.infer<typeof ZMotifSetting>;

export const ZStatusSetting = z.object({
  id: z.number().int(),
  /** The stored name: a key of `config:status.statuses` when `default_status`. */
  name: z.string(),
  default_status: z.boolean(),
  /** The company's own name for a default status, or null (then shown translated). */
  label: z.string().nullable(),
  color: z.string().nullable(),
  hidden: z.boolean(),
  application_count: z.number().int(),
  /** Its motifs (those for any status show under every status that needs one). */
  motifs: z.array(ZMotifSetting),
});
export type TStatusSetting = z.infer<typeof ZStatusSetting>;

export const ZStatusCreate = z.object({ name, color });
export type TStatusCreateInput = z.input<typeof ZStatusCreate>;

export const ZStatusUpdate = z.object({
  /** Empty or null on a default status: back to the translated name. */
  name: z
    .string({ error: 'invalid' })
    .trim()
    .max(STATUS_NAME_MAX, `max_length:${STATUS_NAME_MAX}`)
    .nullable()
    .optional(),
  color,
  hidden: z.boolean({ error: 'invalid' }).optional(),
});
export type TStatusUpdateInput = z.input<typeof ZStatusUpdate>;

export const ZMotifCreate = z.object({ name, status_id: ZId.nullable().optional() });
export type TMotifCreateInput = z.input<typeof ZMotifCreate>;

export const ZMotifUpdate = z.object({
  name: z
    .string({ error: 'invalid' })
    .trim()
    .max(STATUS_NAME_MAX, `max_length:${STATUS_NAME_MAX}`)
    .nullable()
    .optional(),
  hidden: z.boolean({ error: 'invalid' }).optional(),
});
export type TMotifUpdateInput = z.input<typeof ZMotifUpdate>;

export const ZWorkflow = z.object({
  id: z.number().int(),
  name: z.string(),
  is_default: z.boolean(),
  /** Its statuses in order. */
  status_ids: z.array(z.number().int()),
  offer_count: z.number().int(),
  project_count: z.number().int(),
});
export type TWorkflow = z.infer<typeof ZWorkflow>;

/** The create and edit form: the web form validates with this schema too. */
export const ZWorkflowForm = z.object({
  name: z
    .string({ error: 'field_required' })
    .trim()
    .min(1, 'field_required')
    .max(WORKFLOW_NAME_MAX, `max_length:${WORKFLOW_NAME_MAX}`),
  status_ids: z
    .array(ZId, { error: 'field_required' })
    .min(1, 'field_required')
    .max(200, 'max_items:200')
    .refine((ids) => new Set(ids).size === ids.length, 'duplicate')
    .refine(
      (ids) => !ids.length || WORKFLOW_REQUIRED_STATUS_IDS.every((id) => ids.includes(id)),
      'workflow_required_statuses',
    ),
  is_default: z.boolean({ error: 'invalid' }).optional(),
});
export type TWorkflowFormInput = z.input<typeof ZWorkflowForm>;
export type TWorkflowFormValues = z.output<typeof ZWorkflowForm>;

export const WORKFLOW_TARGETS = ['offer', 'project'] as const;

export const ZWorkflowAssignment = z.object({
  kind: z.enum(WORKFLOW_TARGETS, { error: 'invalid' }),
  id: ZId,
  workflow_id: ZId.nullable(),
});
export type TWorkflowAssignment = z.infer<typeof ZWorkflowAssignment>;

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

export const ZWorkflowAssignmentQuery = ZPageQuery.extend({
  kind: z.preprocess(
    emptyToUndefined,
    z.enum(WORKFLOW_TARGETS, { error: 'invalid' }).default('project'),
  ),
  'filter[search]': z.preprocess(
    emptyToUndefined,
    z.string().trim().max(255, 'max_length:255').optional(),
  ),
});
export type TWorkflowAssignmentQuery = z.input<typeof ZWorkflowAssignmentQuery>;
export type TWorkflowAssignmentFilters = z.output<typeof ZWorkflowAssignmentQuery>;

/** A project or an offer (its job position as `name`; `project_id` null for a project). */
export const ZWorkflowTarget = z.object({
  id: z.number().int(),
  name: z.string(),
  project_id: z.number().int().nullable(),
  workflow_id: z.number().int().nullable(),
});
export type TWorkflowTarget = z.infer<typeof ZWorkflowTarget>;

export const ZWorkflowAssignmentPage = zPaged(ZWorkflowTarget);
export type TWorkflowAssignmentPage = z.infer<typeof ZWorkflowAssignmentPage>;
