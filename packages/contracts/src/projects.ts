import { z } from 'zod';
import { PROJECT_SEARCH_MIN_LENGTH } from './constants.ts';
import { ZId, ZIdParam } from './ids.ts';

/** 0 a folder holding sub-projects, 1 a leaf project holding offers, 2 a special list (all, favorites…). */
export const PROJECT_TYPES = { FOLDER: 0, LEAF: 1, SPECIAL: 2 } as const;
export type ProjectType = (typeof PROJECT_TYPES)[keyof typeof PROJECT_TYPES];

/**
 * The special project ids of spec section 2. `all`: every offer the user sees; `favorites` and
 * `favorites-offers`: the user's favourite offers; `favorites-projects`: the favourite projects
 * (their offers for an offer list); `drafts` and `drafts-offers`: draft offers;
 * `offers-direct-access`: offers granted to the user directly.
 */
export const SPECIAL_PROJECT_IDS = [
  'all',
  'favorites',
  'favorites-projects',
  'drafts',
  'drafts-offers',
  'favorites-offers',
  'offers-direct-access',
] as const;
export type SpecialProjectId = (typeof SPECIAL_PROJECT_IDS)[number];

/** A project id in a path: a number or one of the special ids. */
export const ZProjectRef = z.union([z.enum(SPECIAL_PROJECT_IDS), ZIdParam]);
export type TProjectRef = z.infer<typeof ZProjectRef>;

export const ZProject = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.union([z.literal(0), z.literal(1)]),
  parent_id: z.number().int().nullable(),
  subsidiary_id: z.number().int().nullable(),
  is_favorite: z.boolean(),
  /**
   * Application settings: applicants may join documents (a motivation letter…). Spec 5: the
   * application's motivation is fetched only when it is on. Meaningful on leaf projects (type 1).
   */
  documents_enabled: z.boolean(),
  /** Offers not archived, in the project and (for a folder) every project below it. */
  total_offers: z.number().int(),
  /** Direct sub-projects. */
  total_sub_projects: z.number().int(),
  /** Applications still `new` in those offers. */
  total_to_treat: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TProject = z.infer<typeof ZProject>;

/** A project with its sub-projects, nested (`GET /projects?mode=tree`). */
export type TProjectNode = TProject & { children: TProjectNode[] };
export const ZProjectNode: z.ZodType<TProjectNode> = ZProject.extend({
  get children() {
    return z.array(ZProjectNode);
  },
});

/**
 * `GET /projects/{id}/tree`. A folder (type 0) comes with its nested sub-projects; a leaf (type 1)
 * with no children; a special id (type 2, id the special id) with the projects it lists (`all`:
 * every visible top-level project, `favorites`/`favorites-projects`: the favourite projects).
 * `all_ids` holds every project id found in `children`, at any depth, and the root's own id.
 */
export const ZProjectTree = z.object({
  id: z.union([z.number().int(), z.enum(SPECIAL_PROJECT_IDS)]),
  name: z.string(),
  type: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  parent_id: z.number().int().nullable(),
  /** The project's setting (see ZProject); absent for a special id. */
  documents_enabled: z.boolean().optional(),
  total_offers: z.number().int(),
  total_sub_projects: z.number().int(),
  total_to_treat: z.number().int(),
  children: z.array(ZProjectNode),
  all_ids: z.array(z.number().int()),
});
export type TProjectTree = z.infer<typeof ZProjectTree>;

export const ZProjectListQuery = z.object({
  /** `flat` (default): one array with parent ids; `tree`: top-level projects with nested children. */
  mode: z.enum(['flat', 'tree']).default('flat'),
});

const projectName = z.string().trim().min(1, 'field_required').max(255, 'max_length:255');

/** `POST /projects`. A type 0 folder holds sub-projects; a type 1 project holds offers. */
export const ZProjectCreateRequest = z.object({
  name: projectName,
  type: z.union([z.literal(0), z.literal(1)], { message: 'invalid' }),
  /** A folder (type 0) of the company; null or absent for a top-level project. */
  parent_id: ZId.nullable().optional(),
  subsidiary_id: ZId.nullable().optional(),
  /** Applicants may join documents (see ZProject); on when absent at creation, kept when absent at update. */
  documents_enabled: z.boolean().optional(),
});
export type TProjectCreateRequest = z.infer<typeof ZProjectCreateRequest>;

/** `PUT /projects/{id}`: the whole project as the spec's save payload; `id`, if sent, is ignored. */
export const ZProjectUpdateRequest = ZProjectCreateRequest.extend({
  id: z.number().int().optional(),
});
export type TProjectUpdateRequest = z.infer<typeof ZProjectUpdateRequest>;

/** `PUT /projects/{id}/move`: `target_project` null moves to the top level. */
export const ZProjectMoveRequest = z.object({
  moving_project: ZId.optional(),
  target_project: ZId.nullable(),
});
export type TProjectMoveRequest = z.infer<typeof ZProjectMoveRequest>;

export const ZProjectParent = z.object({
  id: z.number().int(),
  name: z.string(),
  parent_id: z.number().int().nullable(),
  /** 0 for a top-level folder. */
  depth: z.number().int(),
});
export type TProjectParent = z.infer<typeof ZProjectParent>;

export const PROJECT_SEARCH_SCOPES = ['projects', 'offers'] as const;

export const ZProjectSearchQuery = z.object({
  search: z
    .string()
    .trim()
    .min(PROJECT_SEARCH_MIN_LENGTH, `min_length:${PROJECT_SEARCH_MIN_LENGTH}`)
    .max(255, 'max_length:255'),
  /** Comma-joined: `projects`, `offers` (both when absent). */
  scope: z.string().optional(),
});

export const ZProjectSearchResult = z.object({
  projects: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      type: z.union([z.literal(0), z.literal(1)]),
      parent_id: z.number().int().nullable(),
    }),
  ),
  offers: z.array(
    z.object({
      id: z.number().int(),
      job_position: z.string(),
      reference: z.string().nullable(),
      project_id: z.number().int(),
      status: z.enum(['draft', 'published', 'unpublished']),
      archived: z.boolean(),
    }),
  ),
});
export type TProjectSearchResult = z.infer<typeof ZProjectSearchResult>;

/** `GET /projects/{id}/stats` with id one of offers, drafts, offers_direct_access, favorites, or a project id. */
export const STATS_IDS = ['offers', 'drafts', 'offers_direct_access', 'favorites'] as const;
export const ZProjectStats = z.object({
  total_offers: z.number().int(),
  total_to_treat: z.number().int(),
});
export type TProjectStats = z.infer<typeof ZProjectStats>;

/**
 * `GET /projects/{id}/breadcrumbs?offer_id=`: from the top-level folder to the project, then the
 * offer when asked. A special id gives one `special` crumb whose name is the id (the web translates it).
 */
export const ZBreadcrumb = z.object({
  kind: z.enum(['special', 'project', 'offer']),
  id: z.union([z.number().int(), z.string()]),
  name: z.string(),
  type: z.number().int().nullable(),
});
export type TBreadcrumb = z.infer<typeof ZBreadcrumb>;

export const ZUserSummary = z.object({
  id: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  img_src: z.string().nullable(),
  subsidiary_id: z.number().int().nullable(),
});
export type TUserSummary = z.infer<typeof ZUserSummary>;

/** `GET /projects/{id}/users/authorized`: who sees the project, and why. */
export const ZAuthorizedUser = ZUserSummary.extend({
  /** `see_all`: the role holds project.see_all; `project`: listed in the project's users (or a folder above it). */
  via: z.enum(['see_all', 'project']),
});
export type TAuthorizedUser = z.infer<typeof ZAuthorizedUser>;

/** `GET /projects/{id}/users?subsidiary_id=`: the company's users, each with the project access flag. */
export const ZProjectUser = ZUserSummary.extend({ has_access: z.boolean() });
export type TProjectUser = z.infer<typeof ZProjectUser>;

/** `PUT /projects/{id}/users`: the users listed on the project (replaces the list). */
export const ZProjectUsersRequest = z.object({
  users_ids: z.array(ZId).max(1000, 'invalid'),
});
export type TProjectUsersRequest = z.infer<typeof ZProjectUsersRequest>;
