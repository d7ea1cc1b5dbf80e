import {
  OFFER_SORTS,
  type TBatchResult,
  type TOfferCreateRequest,
  type TOfferDetail,
  type TOfferListItem,
  type TOfferPage,
  type TOfferUpdateRequest,
} from '@embauche/contracts/offers';
import { PROJECT_TYPES, type TProjectRef } from '@embauche/contracts/projects';
import type { AuthContext } from '../../platform/auth/auth-context.ts';
import { nowIso } from '../../platform/db/database.ts';
import { sanitizeRichText } from '../../platform/html/sanitize.ts';
import { conflict, forbidden, notFound, validationFailed } from '../../platform/http/http-error.ts';
import { parseListQuery } from '../../platform/http/list-query.ts';
import type { ProjectScope, ProjectsService } from '../projects/projects.service.ts';
import {
  changes,
  postingsOnline,
  refusal,
  type ActionInput,
  type OfferAction,
} from './offer-actions.ts';
import { alertWindow, parseOfferFilters } from './offer-filters.ts';
import { toListItem } from './offer-items.ts';
import type { AlertWindow, OfferSource } from './offer-list-filters.ts';
import type { OfferListRepository, OfferListRow } from './offer-list.repository.ts';
import type { OffersRepository } from './offers.repository.ts';
import type { SubsidiariesService } from '../subsidiaries/subsidiaries.service.ts';
import type { CustomFieldsService } from '../custom-fields/custom-fields.service.ts';
import type { JobBoardsService } from '../job-boards/job-boards.service.ts';
import type { OfferImagesService } from '../offer-settings/offer-images.service.ts';
import type { CompanySettingsService } from '../company-settings/company-settings.service.ts';

export type OfferContext = {
  auth: AuthContext;
  scope: ProjectScope;
  window: AlertWindow;
  delayDays: number;
};

/** Offer lists, the offer screen, creation, editing and the life-cycle actions. */
export class OffersService {
  constructor(
    private readonly repo: OffersRepository,
    readonly lists: OfferListRepository,
    readonly projects: ProjectsService,
    private readonly subsidiaries: SubsidiariesService,
    /** The job boards module: which boards of the catalogue the company publishes to. */
    private readonly jobBoards: Pick<JobBoardsService, 'enabledFilter'>,
    /** Custom fields: the offer's values are checked, written, read and filtered there. */
    readonly customFields: CustomFieldsService,
    /** The image bank (modules/offer-settings): an offer's `image_id` must be one of its images. */
    private readonly images: Pick<OfferImagesService, 'check'>,
    /**
     * Company settings: the NonDiscrimination wording checks an offer must pass before it is
     * saved, and what every offer shows besides its own text (company description, mentions).
     */
    private readonly wording: Pick<CompanySettingsService, 'checkOffer' | 'offerExtras'>,
  ) {}

  async context(auth: AuthContext, withForest = true): Promise<OfferContext> {
    const [scope, delay] = await Promise.all([
      this.projects.scope(auth, { withForest }),
      this.repo.alertDelayDays(auth.companyId),
    ]);
    return { auth, scope, window: alertWindow(delay), delayDays: delay };
  }

  /** Every offer the user sees: visible projects' offers and offers granted directly. */
  visibility(scope: ProjectScope): OfferSource {
    return {
      companyId: scope.companyId,
      userId: scope.userId,
      visibleProjects: scope.seeAll ? null : [...scope.visible],
    };
  }

  /** The offers a project id (or special id) of spec section 2 lists. */
  source(scope: ProjectScope, ref: TProjectRef | 'offers' | 'drafts' | 'favorites'): OfferSource {
    const base = this.visibility(scope);
    if (typeof ref === 'number') {
      this.projects.requireProject(scope, ref);
      return { ...base, onlyProjects: scope.forest.subtree(ref) };
    }
    switch (ref) {
      case 'favorites':
      case 'favorites-offers':
        return { ...base, onlyFavorites: true };
      case 'drafts':
      case 'drafts-offers':
        return { ...base, onlyDrafts: true };
      case 'offers-direct-access':
        return { ...base, onlyDirectAccess: true };
      case 'favorites-projects':
        return {
          ...base,
          onlyProjects: [...scope.favorites].flatMap((id) => scope.forest.subtree(id)),
        };
      default:
        return base;
    }
  }

  /** Rows → list items, with counts, favourite stars and the alert state (two queries per page). */
  async items(ctx: OfferContext, rows: OfferListRow[]): Promise<TOfferListItem[]> {
    const ids = rows.map((r) => r.id);
    const [counts, favorites] = await Promise.all([
      this.repo.applicationCounts(ctx.auth.companyId, ids),
      this.repo.favoriteIds(ctx.auth.companyId, ctx.auth.userId, ids),
    ]);
    return rows.map((r) => toListItem(r, counts.get(r.id), favorites.has(r.id), ctx.window));
  }

  /** Project ids of a `project_id` filter, each with the visible projects below it. */
  expander(scope: ProjectScope) {
    return (ids: number[]) =>
      ids.flatMap((id) => (scope.visible.has(id) ? scope.forest.subtree(id) : []));
  }

  /**
   * What the list of `ref` shows under the query's filters: its source (company, the user's
   * sight, the project or special list) and its filters. The list and "select all that match"
   * (offer-selection.service.ts) read them here, so both hold the same offers.
   */
  async listFilters(auth: AuthContext, ref: TProjectRef, query: Record<string, unknown>) {
    const list = parseListQuery(query, OFFER_SORTS);
    const needsTree =
      typeof ref === 'number' ||
      ref === 'favorites-projects' ||
      list.filters.project_id !== undefined;
    const ctx = await this.context(auth, needsTree);
    const filters = parseOfferFilters(list.filters, ctx.window, this.expander(ctx.scope));
    filters.customFields = await this.customFields.filters(auth.companyId, 'offer', list.filters);
    return { list, ctx, source: this.source(ctx.scope, ref), filters };
  }

  async list(
    auth: AuthContext,
    ref: TProjectRef,
    query: Record<string, unknown>,
  ): Promise<TOfferPage> {
    const { list, ctx, source, filters } = await this.listFilters(auth, ref, query);
    const sort = list.sort ?? { field: 'created_at', direction: 'desc' as const };
    const page = await this.lists.page(source, filters, sort, list.page, list.perPage);
    const ids = page.data.map((r) => r.id);
    // The values of the fields shown in lists (show_in_list): one query for the page.
    const [data, custom] = await Promise.all([
      this.items(ctx, page.data),
      this.customFields.listValues(auth.companyId, [{ entity: 'offer', ids }]),
    ]);
    return { ...page, data: data.map((o) => ({ ...o, custom_fields: custom.of('offer', o.id) })) };
  }

  /** Another company's offer is not found; an offer of the company the user may not see is forbidden. */
  async requireOffer(ctx: OfferContext, ref: TProjectRef, offerId: number): Promise<OfferListRow> {
    const [row] = await this.lists.byIds(this.visibility(ctx.scope), [offerId]);
    // An offer granted to the user (or to one of their groups) opens under its own project even
    // when that project is not theirs: its address names the project.
    if (row && (typeof ref !== 'number' || row.project_id === ref)) return row;
    if (typeof ref === 'number') this.projects.requireProject(ctx.scope, ref);
    if (!row && (await this.repo.exists(ctx.auth.companyId, offerId))) throw forbidden();
    throw notFound('Offer');
  }

  /** Ids of the offers the user sees; null with project.see_all (every offer of the company). */
  async visibleOfferIds(auth: AuthContext): Promise<number[] | null> {
    if (auth.permissions.has('project.see_all')) return null;
    const scope = await this.projects.scope(auth);
    return this.lists.ids(this.visibility(scope));
  }

  /** The offer, if the user sees it: 404 for another company's, 403 for one of theirs not visible. */
  async requireVisibleOffer(auth: AuthContext, ref: TProjectRef, offerId: number) {
    // With project.see_all the project tree is not needed: the offer's own project decides.
    const seeAll = auth.permissions.has('project.see_all');
    const ctx = await this.context(auth, !seeAll);
    if (!seeAll) return this.requireOffer(ctx, ref, offerId);
    const [row] = await this.lists.byIds(this.visibility(ctx.scope), [offerId]);
    if (!row || (typeof ref === 'number' && row.project_id !== ref)) throw notFound('Offer');
    return row;
  }

  /** Whether the offer's project takes documents and a motivation (spec 5); check access first. */
  async documentsEnabled(companyId: number, offerId: number): Promise<boolean> {
    return (await this.repo.detailExtras(companyId, offerId)).documents_enabled;
  }

  async detail(auth: AuthContext, ref: TProjectRef, offerId: number): Promise<TOfferDetail> {
    const ctx = await this.context(auth);
    const row = await this.requireOffer(ctx, ref, offerId);
    const [[item], extras, jobboards, custom] = await Promise.all([
      this.items(ctx, [row]),
      this.repo.detailExtras(auth.companyId, offerId),
      this.jobBoardsOf(auth, offerId),
      this.customFields.valuesOf(auth.companyId, 'offer', [offerId]),
    ]);
    if (item!.in_alert) await this.repo.recordAlertView(auth.companyId, auth.userId, offerId);
    const shown = await this.wording.offerExtras(auth.companyId);
    return { ...item!, ...extras, ...shown, jobboards, custom_fields: custom.get(offerId) ?? {} };
  }

  /** The catalogue's boards that the company publishes to (config `jobboards/list`). */
  async enabledJobBoards(auth: AuthContext) {
    const [boards, enabled] = await Promise.all([
      this.repo.jobBoards(),
      this.jobBoards.enabledFilter(auth.companyId),
    ]);
    return boards.filter((b) => enabled(b.id));
  }

  /** The offer's tab: the company's enabled boards, each with the offer's posting on it. */
  async jobBoardsOf(auth: AuthContext, offerId: number) {
    const [boards, postings] = await Promise.all([
      this.enabledJobBoards(auth),
      this.repo.postings(auth.companyId, offerId),
    ]);
    const byBoard = new Map(postings.map((p) => [p.job_board_id, p]));
    return boards.map((b) => {
      const p = byBoard.get(b.id);
      return {
        ...b,
        posted: p !== undefined,
        posted_at: p?.posted_at ?? null,
        removed_at: p?.removed_at ?? null,
      };
    });
  }

  /** Offers live in leaf projects (type 1) that the user sees. */
  private leafProject(scope: ProjectScope, id: number, field: string) {
    const row = scope.forest.byId.get(id);
    if (!row || !scope.visible.has(id) || row.type !== PROJECT_TYPES.LEAF) {
      throw validationFailed({ [field]: ['invalid'] });
    }
  }

  /** `keep`: the subsidiary the offer holds, which stays valid once archived. */
  private async values(auth: AuthContext, input: TOfferUpdateRequest, keep?: number | null) {
    await this.subsidiaries.check(auth.companyId, input.subsidiary_id, keep);
    await this.images.check(auth.companyId, input.image_id);
    const { description, ...rest } = input;
    return {
      ...rest,
      ...(description !== undefined ? { description: sanitizeRichText(description) } : {}),
    };
  }

  async create(
    auth: AuthContext,
    projectId: number,
    input: TOfferCreateRequest,
  ): Promise<TOfferDetail> {
    const scope = await this.projects.scope(auth);
    this.projects.requireProject(scope, projectId);
    this.leafProject(scope, projectId, 'project_id');
    await this.wording.checkOffer(auth.companyId, input);
    const { custom_fields: custom, ...fields } = input;
    const customValues = await this.customFields.check(auth.companyId, 'offer', custom, 'create');
    const id = await this.repo.insert({
      ...(await this.values(auth, fields)),
      company_id: auth.companyId,
      project_id: projectId,
      job_position: input.job_position,
      created_by: auth.userId,
    });
    await this.customFields.write(auth.companyId, id, customValues);
    return this.detail(auth, projectId, id);
  }

  async update(auth: AuthContext, ref: TProjectRef, offerId: number, input: TOfferUpdateRequest) {
    const ctx = await this.context(auth);
    const row = await this.requireOffer(ctx, ref, offerId);
    const min = input.salary_min !== undefined ? input.salary_min : row.salary_min;
    const max = input.salary_max !== undefined ? input.salary_max : row.salary_max;
    if (min != null && max != null && max < min)
      throw validationFailed({ salary_max: ['invalid'] });
    await this.wording.checkOffer(auth.companyId, input);
    const { custom_fields: custom, ...fields } = input;
    const customValues = await this.customFields.check(auth.companyId, 'offer', custom, 'update');
    await this.repo.update(
      auth.companyId,
      [offerId],
      await this.values(auth, fields, row.subsidiary_id),
    );
    await this.customFields.write(auth.companyId, offerId, customValues);
    return this.detail(auth, ref, offerId);
  }

  async setFavorite(auth: AuthContext, ref: TProjectRef, offerId: number, on: boolean) {
    await this.requireOffer(await this.context(auth), ref, offerId);
    await this.repo.setFavorite(auth.companyId, auth.userId, offerId, on);
  }

  /** A move's target must be a leaf project the user sees (422 `target_project: invalid`). */
  async checkInput(auth: AuthContext, action: OfferAction, input: ActionInput): Promise<void> {
    if (action !== 'move') return;
    const scope = await this.projects.scope(auth);
    this.leafProject(scope, input.targetProject!, 'target_project');
  }

  /**
   * Applies an action to each offer that allows it; answers which changed and which could not,
   * and why (`not_found` for ids the user does not see). A move checks its target first (422).
   */
  async act(
    auth: AuthContext,
    ref: TProjectRef,
    action: OfferAction,
    ids: number[],
    input: ActionInput,
  ): Promise<TBatchResult> {
    const ctx = await this.context(auth);
    if (typeof ref === 'number') this.projects.requireProject(ctx.scope, ref);
    if (action === 'move') this.leafProject(ctx.scope, input.targetProject!, 'target_project');
    const unique = [...new Set(ids)];
    const source = this.source(ctx.scope, ref);
    const found = new Map((await this.lists.byIds(source, unique)).map((r) => [r.id, r]));
    const result: TBatchResult = { changed: [], failed: [] };
    const groups = new Map<string, { values: ReturnType<typeof changes>; ids: number[] }>();
    const online: number[] = [];
    const offline: number[] = [];
    const now = nowIso();
    for (const id of unique) {
      const row = found.get(id);
      const state = row && {
        id,
        status: row.status,
        archived: Boolean(row.archived),
        project_id: row.project_id,
      };
      const why = state ? refusal(action, state, input) : 'not_found';
      if (why || !state) {
        result.failed.push({ id, reason: why ?? 'not_found' });
        continue;
      }
      const values = changes(action, state, input, now);
      const key = JSON.stringify(values);
      const group = groups.get(key) ?? { values, ids: [] };
      group.ids.push(id);
      groups.set(key, group);
      const posting = postingsOnline(action, state);
      if (posting === true) online.push(id);
      if (posting === false) offline.push(id);
      result.changed.push(id);
    }
    for (const { values, ids: groupIds } of groups.values()) {
      await this.repo.update(auth.companyId, groupIds, values);
    }
    await this.repo.setPostingsOnline(auth.companyId, online, true);
    await this.repo.setPostingsOnline(auth.companyId, offline, false);
    return result;
  }

  /** The single-offer form of an action: the updated offer, or 409 with the reason as code. */
  async actOne(
    auth: AuthContext,
    ref: TProjectRef,
    action: OfferAction,
    offerId: number,
    input: ActionInput,
  ) {
    await this.requireOffer(await this.context(auth), ref, offerId);
    const result = await this.act(auth, ref, action, [offerId], input);
    const failure = result.failed[0];
    if (failure) throw conflictFor(failure.reason);
    const detailRef = action === 'move' ? input.targetProject! : ref;
    return this.detail(auth, detailRef, offerId);
  }
}

function conflictFor(reason: string) {
  return conflict(`The offer cannot change: ${reason.replaceAll('_', ' ')}.`, reason);
}
