import {
  PROJECT_TYPES,
  type SpecialProjectId,
  type TAuthorizedUser,
  type TProject,
  type TProjectCreateRequest,
  type TProjectNode,
  type TProjectParent,
  type TProjectTree,
  type TProjectUser,
} from '@embauche/contracts/projects';
import type { AuthContext } from '../../platform/auth/auth-context.ts';
import { conflict, forbidden, notFound, validationFailed } from '../../platform/http/http-error.ts';
import { ProjectForest, type ProjectRow } from './project-forest.ts';
import type { ProjectsRepository } from './projects.repository.ts';
import type { SubsidiariesService } from '../subsidiaries/subsidiaries.service.ts';

/** What one user sees of the company's projects (DESIGN section 9, "who sees what"). */
export type ProjectScope = {
  companyId: number;
  userId: number;
  seeAll: boolean;
  forest: ProjectForest;
  visible: ReadonlySet<number>;
  favorites: ReadonlySet<number>;
};

export class ProjectsService {
  /**
   * The scope read for a request, kept for the rest of it: the auth context is built anew for
   * every request (authenticate.ts), so a scope never outlives its request, and the services that
   * each need it (an offer's check, then the offers the user sees…) read the tree once. A change to
   * the projects, their users or favourites made here drops the request's scope.
   */
  readonly #scopes = new WeakMap<
    AuthContext,
    { full?: Promise<ProjectScope>; light?: Promise<ProjectScope> }
  >();

  constructor(
    private readonly repo: ProjectsRepository,
    private readonly subsidiaries: SubsidiariesService,
  ) {}

  /**
   * With project.see_all every project; otherwise the projects whose users include the user,
   * with everything below them (a folder grant covers its sub-projects).
   */
  scope(auth: AuthContext, options: { withForest?: boolean } = {}): Promise<ProjectScope> {
    const light = auth.permissions.has('project.see_all') && options.withForest === false;
    const kept = this.#scopes.get(auth) ?? {};
    this.#scopes.set(auth, kept);
    // A scope with the tree serves a request that can do without it, not the other way round.
    if (kept.full) return kept.full;
    const key = light ? 'light' : 'full';
    const read = kept[key] ?? this.readScope(auth, options);
    if (!kept[key]) {
      kept[key] = read;
      // A failed read is not kept: the next call reads again.
      read.catch(() => {
        if (kept[key] === read) delete kept[key];
      });
    }
    return read;
  }

  /** The request changed projects, their users or favourites: its next scope is read afresh. */
  private changed(auth: AuthContext): void {
    this.#scopes.delete(auth);
  }

  private async readScope(
    auth: AuthContext,
    options: { withForest?: boolean },
  ): Promise<ProjectScope> {
    const seeAll = auth.permissions.has('project.see_all');
    // With project.see_all an offer list of a special id needs no tree: skip reading it.
    const skipForest = seeAll && options.withForest === false;
    const [rows, favorites] = await Promise.all([
      skipForest ? Promise.resolve([]) : this.repo.all(auth.companyId),
      this.repo.favoriteIds(auth.companyId, auth.userId),
    ]);
    const forest = new ProjectForest(rows);
    let visible: Set<number>;
    if (seeAll) visible = new Set(forest.byId.keys());
    else {
      visible = new Set();
      for (const id of await this.repo.grantedProjectIds(auth.companyId, auth.userId)) {
        if (forest.byId.has(id)) for (const sub of forest.subtree(id)) visible.add(sub);
      }
    }
    return {
      companyId: auth.companyId,
      userId: auth.userId,
      seeAll,
      forest,
      visible,
      favorites: new Set(skipForest ? favorites : favorites.filter((id) => visible.has(id))),
    };
  }

  /**
   * A project id of a path (`/projects/{id}/…`) must name a project the user sees, even when the
   * route does not read it: another company's answers 404. Special ids (all, favorites…) pass.
   */
  async requireRef(auth: AuthContext, ref: number | SpecialProjectId): Promise<void> {
    if (typeof ref === 'number') this.requireProject(await this.scope(auth), ref);
  }

  /** Ids of the projects the user sees (sub-projects included); null with project.see_all. */
  async visibleProjectIds(auth: AuthContext): Promise<number[] | null> {
    if (auth.permissions.has('project.see_all')) return null;
    return [...(await this.scope(auth)).visible];
  }

  /** Another company's project is not found; one of the company that the user may not see is forbidden. */
  requireProject(scope: ProjectScope, id: number): ProjectRow {
    const row = scope.forest.byId.get(id);
    if (!row) throw notFound('Project');
    if (!scope.visible.has(id)) throw forbidden();
    return row;
  }

  /** Maps rows to answers with their counts, summed over each folder's subtree. */
  async decorator(scope: ProjectScope) {
    const { offers, toTreat } = await this.repo.projectCounts(scope.companyId);
    const totalOffers = scope.forest.subtreeTotals(offers);
    const totalToTreat = scope.forest.subtreeTotals(toTreat);
    const project = (row: ProjectRow): TProject => ({
      id: row.id,
      name: row.name,
      type: row.type === PROJECT_TYPES.FOLDER ? 0 : 1,
      parent_id: row.parent_id,
      subsidiary_id: row.subsidiary_id,
      is_favorite: scope.favorites.has(row.id),
      documents_enabled: row.documents_enabled,
      total_offers: totalOffers(row.id),
      total_sub_projects: scope.forest.childrenOf(row.id).length,
      total_to_treat: totalToTreat(row.id),
      created_at: row.created_at,
      updated_at: row.updated_at,
    });
    const node = (row: ProjectRow): TProjectNode => {
      // The project's own object with its children added (a spread copy cost more than the rest).
      const n = project(row) as TProjectNode;
      n.children = scope.forest
        .childrenOf(row.id)
        .filter((c) => scope.visible.has(c.id))
        .map(node);
      return n;
    };
    return { project, node };
  }

  /** Visible projects whose parent the user does not see: the tops of what the user sees. */
  private roots(scope: ProjectScope): ProjectRow[] {
    // byId is in compareProjects order already.
    return [...scope.forest.byId.values()].filter(
      (r) => scope.visible.has(r.id) && (r.parent_id === null || !scope.visible.has(r.parent_id)),
    );
  }

  async list(auth: AuthContext, mode: 'flat' | 'tree'): Promise<TProject[] | TProjectNode[]> {
    const scope = await this.scope(auth);
    const { project, node } = await this.decorator(scope);
    if (mode === 'tree') return this.roots(scope).map(node);
    return [...scope.forest.byId.values()].filter((r) => scope.visible.has(r.id)).map(project);
  }

  async one(auth: AuthContext, id: number): Promise<TProject> {
    const scope = await this.scope(auth);
    const row = this.requireProject(scope, id);
    return (await this.decorator(scope)).project(row);
  }

  async tree(auth: AuthContext, ref: number | SpecialProjectId): Promise<TProjectTree> {
    const scope = await this.scope(auth);
    const { node } = await this.decorator(scope);
    const allIds = (nodes: TProjectNode[]): number[] =>
      nodes.flatMap((n) => [n.id, ...allIds(n.children)]);
    if (typeof ref === 'number') {
      const root = node(this.requireProject(scope, ref));
      return { ...root, all_ids: [root.id, ...allIds(root.children)] };
    }
    let children: TProjectNode[] = [];
    if (ref === 'all') children = this.roots(scope).map(node);
    if (ref === 'favorites' || ref === 'favorites-projects') {
      children = [...scope.favorites].map((id) => node(scope.forest.byId.get(id)!));
    }
    const sum = (key: 'total_offers' | 'total_to_treat') =>
      children.reduce((total, c) => total + c[key], 0);
    return {
      id: ref,
      name: ref,
      type: PROJECT_TYPES.SPECIAL,
      parent_id: null,
      total_offers: sum('total_offers'),
      total_sub_projects: children.length,
      total_to_treat: sum('total_to_treat'),
      children,
      all_ids: allIds(children),
    };
  }

  /** Folders the user sees, depth first: where a project can be created or moved. */
  async parents(auth: AuthContext): Promise<TProjectParent[]> {
    const scope = await this.scope(auth);
    const out: TProjectParent[] = [];
    const walk = (rows: ProjectRow[], depth: number) => {
      for (const row of rows) {
        if (row.type !== PROJECT_TYPES.FOLDER || !scope.visible.has(row.id)) continue;
        out.push({ id: row.id, name: row.name, parent_id: row.parent_id, depth });
        walk(scope.forest.childrenOf(row.id), depth + 1);
      }
    };
    walk(this.roots(scope), 0);
    return out;
  }

  async favorites(auth: AuthContext): Promise<TProject[]> {
    const scope = await this.scope(auth);
    const { project } = await this.decorator(scope);
    return [...scope.favorites].map((id) => project(scope.forest.byId.get(id)!));
  }

  async setFavorite(auth: AuthContext, id: number, favorite: boolean): Promise<void> {
    this.requireProject(await this.scope(auth), id);
    if (favorite) await this.repo.addFavorite(auth.companyId, auth.userId, id);
    else await this.repo.removeFavorite(auth.companyId, auth.userId, id);
    this.changed(auth);
  }

  /** A parent must be a folder the user sees, and not the project itself or below it. */
  private checkParent(scope: ProjectScope, parentId: number | null, field: string, self?: number) {
    if (parentId === null) return;
    const parent = scope.forest.byId.get(parentId);
    const invalid =
      !parent ||
      !scope.visible.has(parentId) ||
      parent.type !== PROJECT_TYPES.FOLDER ||
      (self !== undefined && scope.forest.subtree(self).includes(parentId));
    if (invalid) throw validationFailed({ [field]: ['invalid'] });
  }

  async create(auth: AuthContext, input: TProjectCreateRequest): Promise<TProject> {
    const scope = await this.scope(auth);
    const parentId = input.parent_id ?? null;
    this.checkParent(scope, parentId, 'parent_id');
    await this.subsidiaries.check(auth.companyId, input.subsidiary_id);
    const id = await this.repo.insert({
      company_id: auth.companyId,
      parent_id: parentId,
      name: input.name,
      type: input.type,
      subsidiary_id: input.subsidiary_id ?? null,
      documents_enabled: input.documents_enabled ?? true,
      created_by: auth.userId,
    });
    // Without project.see_all the creator would lose sight of a new top-level project.
    if (!scope.seeAll && parentId === null) {
      await this.repo.setProjectUsers(auth.companyId, id, [auth.userId]);
    }
    this.changed(auth);
    return this.one(auth, id);
  }

  async update(auth: AuthContext, id: number, input: TProjectCreateRequest): Promise<TProject> {
    const scope = await this.scope(auth);
    const row = this.requireProject(scope, id);
    const parentId = input.parent_id === undefined ? row.parent_id : input.parent_id;
    if (parentId !== row.parent_id) this.checkParent(scope, parentId, 'parent_id', id);
    // An archived subsidiary stays on the project that already holds it.
    await this.subsidiaries.check(auth.companyId, input.subsidiary_id, row.subsidiary_id);
    if (input.type !== row.type) {
      if (input.type === PROJECT_TYPES.LEAF && scope.forest.childrenOf(id).length) {
        throw conflict('The folder still holds projects.', 'project_has_children');
      }
      if (input.type === PROJECT_TYPES.FOLDER && (await this.repo.hasOffers(auth.companyId, id))) {
        throw conflict('The project still holds offers.', 'project_has_offers');
      }
    }
    await this.repo.update(auth.companyId, id, {
      name: input.name,
      type: input.type,
      parent_id: parentId,
      ...(input.subsidiary_id !== undefined ? { subsidiary_id: input.subsidiary_id } : {}),
      ...(input.documents_enabled !== undefined
        ? { documents_enabled: input.documents_enabled }
        : {}),
    });
    this.changed(auth);
    return this.one(auth, id);
  }

  async move(auth: AuthContext, id: number, target: number | null): Promise<TProject> {
    const scope = await this.scope(auth);
    this.requireProject(scope, id);
    this.checkParent(scope, target, 'target_project', id);
    await this.repo.update(auth.companyId, id, { parent_id: target });
    this.changed(auth);
    return this.one(auth, id);
  }

  async delete(auth: AuthContext, id: number): Promise<void> {
    this.requireProject(await this.scope(auth), id);
    const deleted = await this.repo.deleteIfEmpty(auth.companyId, id);
    this.changed(auth);
    if (!deleted) {
      throw conflict('The project still holds projects or offers.', 'project_not_empty');
    }
  }

  /** Who sees the project: holders of project.see_all, and users listed on it or a folder above. */
  async authorizedUsers(auth: AuthContext, id: number): Promise<TAuthorizedUser[]> {
    const scope = await this.scope(auth);
    this.requireProject(scope, id);
    const path = scope.forest.path(id).map((r) => r.id);
    const [users, seeAll, listed] = await Promise.all([
      this.repo.users(auth.companyId),
      this.repo.userIdsWithPermission(auth.companyId, 'project.see_all'),
      this.repo.userIdsOfProjects(auth.companyId, path),
    ]);
    return users
      .filter((u) => seeAll.has(u.id) || listed.has(u.id))
      .map((u) => ({ ...u, via: seeAll.has(u.id) ? ('see_all' as const) : ('project' as const) }));
  }

  /** The company's users (of one subsidiary in subsidiary mode), each with the project flag. */
  async users(auth: AuthContext, id: number, subsidiaryId?: number): Promise<TProjectUser[]> {
    this.requireProject(await this.scope(auth), id);
    const [users, listed] = await Promise.all([
      this.repo.users(auth.companyId, subsidiaryId),
      this.repo.userIdsOfProjects(auth.companyId, [id]),
    ]);
    return users.map((u) => ({ ...u, has_access: listed.has(u.id) }));
  }

  async setUsers(auth: AuthContext, id: number, userIds: number[]): Promise<TProjectUser[]> {
    this.requireProject(await this.scope(auth), id);
    const unique = [...new Set(userIds)];
    if ((await this.repo.countUsers(auth.companyId, unique)) !== unique.length) {
      throw validationFailed({ users_ids: ['invalid'] });
    }
    await this.repo.setProjectUsers(auth.companyId, id, unique);
    this.changed(auth);
    return this.users(auth, id);
  }

  /** Active users of the company (for the offer modules' user pickers). */
  companyUsers(auth: AuthContext) {
    return this.repo.users(auth.companyId);
  }

  userIdsWithPermission(auth: AuthContext, permission: string) {
    return this.repo.userIdsWithPermission(auth.companyId, permission);
  }

  countUsers(auth: AuthContext, ids: number[]) {
    return this.repo.countUsers(auth.companyId, ids);
  }
}
