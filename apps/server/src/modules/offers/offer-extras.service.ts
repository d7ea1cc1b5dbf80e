import type { TJobBoard, TOfferJobBoard } from '@embauche/contracts/offers';
import type {
  TBreadcrumb,
  TProjectRef,
  TProjectSearchResult,
  TProjectStats,
  TUserSummary,
} from '@embauche/contracts/projects';
import type { AuthContext } from '../../platform/auth/auth-context.ts';
import { validationFailed } from '../../platform/http/http-error.ts';
import type { OffersRepository } from './offers.repository.ts';
import type { OffersService } from './offers.service.ts';

const SEARCH_LIMIT = 20;

/** Lower-case without accents: "Île" finds "ile". */
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/** What sits around an offer: job boards, who has access, stats, breadcrumbs, search. */
export class OfferExtrasService {
  constructor(
    private readonly repo: OffersRepository,
    private readonly offers: OffersService,
  ) {}

  /**
   * The job-board catalogue, under a project path the user sees: every board, enabled or not, as
   * applicants' sources and filters name them (the offer's tab lists the enabled ones only).
   */
  async jobBoards(auth: AuthContext, ref: TProjectRef): Promise<TJobBoard[]> {
    await this.offers.projects.requireRef(auth, ref);
    return this.repo.jobBoards();
  }

  async offerJobBoards(
    auth: AuthContext,
    ref: TProjectRef,
    offerId: number,
  ): Promise<TOfferJobBoard[]> {
    await this.offers.requireOffer(await this.offers.context(auth), ref, offerId);
    return this.offers.jobBoardsOf(auth, offerId);
  }

  /**
   * Chooses the job boards among the company's enabled ones; the postings are on-line while the
   * offer is published. Postings on a board since turned off are dropped with the others.
   */
  async setOfferJobBoards(
    auth: AuthContext,
    ref: TProjectRef,
    offerId: number,
    boardIds: number[],
  ) {
    const row = await this.offers.requireOffer(await this.offers.context(auth), ref, offerId);
    const known = new Set((await this.offers.enabledJobBoards(auth)).map((b) => b.id));
    const unique = [...new Set(boardIds)];
    if (unique.some((id) => !known.has(id))) throw validationFailed({ jobboard_ids: ['invalid'] });
    const online = row.status === 'published' && !row.archived;
    await this.repo.setPostings(auth.companyId, offerId, unique, online);
    return this.offers.jobBoardsOf(auth, offerId);
  }

  /** Users who may publish offers (the publisher picker). */
  async usersPublish(auth: AuthContext, ref: TProjectRef): Promise<TUserSummary[]> {
    await this.offers.projects.requireRef(auth, ref);
    const [users, publishers] = await Promise.all([
      this.offers.projects.companyUsers(auth),
      this.offers.projects.userIdsWithPermission(auth, 'project_job_offer.publish'),
    ]);
    return users.filter((u) => publishers.has(u.id));
  }

  /**
   * Users who do not see the project (numeric id) or, with `offer_id`, the offer: neither
   * project.see_all, nor listed on the project or a folder above, nor granted the offer (directly
   * or through a group).
   */
  async usersWithoutAccess(
    auth: AuthContext,
    ref: TProjectRef,
    offerId?: number,
  ): Promise<TUserSummary[]> {
    const ctx = await this.offers.context(auth);
    let projectId = typeof ref === 'number' ? ref : null;
    let granted = new Set<number>();
    if (offerId !== undefined) {
      const row = await this.offers.requireOffer(ctx, ref, offerId);
      projectId = row.project_id;
      const [direct, viaGroups] = await Promise.all([
        this.repo.offerUserIds(auth.companyId, offerId),
        this.repo.groupGrantedUserIds(auth.companyId, offerId),
      ]);
      granted = new Set([...direct, ...viaGroups]);
    } else if (projectId !== null) this.offers.projects.requireProject(ctx.scope, projectId);
    const authorized =
      projectId === null ? [] : await this.offers.projects.authorizedUsers(auth, projectId);
    const seeing = new Set(authorized.map((u) => u.id));
    const seeAll = await this.offers.projects.userIdsWithPermission(auth, 'project.see_all');
    const users = await this.offers.projects.companyUsers(auth);
    return users.filter((u) => !seeing.has(u.id) && !seeAll.has(u.id) && !granted.has(u.id));
  }

  /** Users granted the offer directly (`offers-direct-access`). */
  async usersWithOfferAccess(auth: AuthContext, offerId: number): Promise<TUserSummary[]> {
    await this.offers.requireOffer(await this.offers.context(auth), 'all', offerId);
    const [users, granted] = await Promise.all([
      this.offers.projects.companyUsers(auth),
      this.repo.offerUserIds(auth.companyId, offerId),
    ]);
    return users.filter((u) => granted.has(u.id));
  }

  async setUsersWithOfferAccess(auth: AuthContext, offerId: number, userIds: number[]) {
    await this.offers.requireOffer(await this.offers.context(auth), 'all', offerId);
    const unique = [...new Set(userIds)];
    if ((await this.offers.projects.countUsers(auth, unique)) !== unique.length) {
      throw validationFailed({ users_ids: ['invalid'] });
    }
    await this.repo.setOfferUsers(auth.companyId, offerId, unique);
    return this.usersWithOfferAccess(auth, offerId);
  }

  /** `offers` every offer seen, `drafts`, `offers_direct_access`, `favorites`, or a project's. */
  async stats(
    auth: AuthContext,
    id: 'offers' | 'drafts' | 'offers_direct_access' | 'favorites' | number,
  ): Promise<TProjectStats> {
    const ctx = await this.offers.context(auth);
    const ref =
      id === 'offers' ? 'all' : id === 'offers_direct_access' ? 'offers-direct-access' : id;
    return this.offers.lists.stats(this.offers.source(ctx.scope, ref), ctx.window);
  }

  async breadcrumbs(auth: AuthContext, ref: TProjectRef, offerId?: number): Promise<TBreadcrumb[]> {
    const ctx = await this.offers.context(auth);
    const crumbs: TBreadcrumb[] = [];
    if (typeof ref === 'number') {
      this.offers.projects.requireProject(ctx.scope, ref);
      for (const p of ctx.scope.forest.path(ref)) {
        if (ctx.scope.visible.has(p.id))
          crumbs.push({ kind: 'project', id: p.id, name: p.name, type: p.type });
      }
    } else crumbs.push({ kind: 'special', id: ref, name: ref, type: 2 });
    if (offerId !== undefined) {
      const row = await this.offers.requireOffer(ctx, ref, offerId);
      crumbs.push({ kind: 'offer', id: row.id, name: row.job_position, type: null });
    }
    return crumbs;
  }

  async search(
    auth: AuthContext,
    term: string,
    scope: string | undefined,
  ): Promise<TProjectSearchResult> {
    const scopes = new Set((scope ?? 'projects,offers').split(',').map((s) => s.trim()));
    if ([...scopes].some((s) => s !== 'projects' && s !== 'offers'))
      throw validationFailed({ scope: ['invalid'] });
    const ctx = await this.offers.context(auth);
    const needle = fold(term);
    const projects = scopes.has('projects')
      ? [...ctx.scope.forest.byId.values()]
          .filter((p) => ctx.scope.visible.has(p.id) && fold(p.name).includes(needle))
          .slice(0, SEARCH_LIMIT)
          .map((p) => ({
            id: p.id,
            name: p.name,
            type: p.type === 0 ? (0 as const) : (1 as const),
            parent_id: p.parent_id,
          }))
      : [];
    const offers = scopes.has('offers')
      ? (
          await this.offers.lists.page(
            this.offers.visibility(ctx.scope),
            { window: ctx.window, archived: null, q: term },
            { field: 'updated_at', direction: 'desc' },
            1,
            SEARCH_LIMIT,
          )
        ).data.map((o) => ({
          id: o.id,
          job_position: o.job_position,
          reference: o.reference,
          project_id: o.project_id,
          status: o.status as 'draft',
          archived: Boolean(o.archived),
        }))
      : [];
    return { projects, offers };
  }
}
