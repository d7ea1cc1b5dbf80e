import {
  APPLICATION_SORTS,
  type TApplicationDetail,
  type TApplicationItem,
  type TBulkStatusResult,
  type TDuplicateRequest,
  type TStatus,
  type TSummary,
} from '@embauche/contracts/applications';
import type { TManualApplicant, TSourceRequest } from '@embauche/contracts/applicants';
import { STATUS_RECRUITED, STATUSES_NEEDING_MOTIF } from '@embauche/contracts/constants';
import type { TProjectRef } from '@embauche/contracts/projects';
import type { SummaryProvider } from '../../platform/ai/summary-provider.ts';
import type { AuthContext } from '../../platform/auth/auth-context.ts';
import {
  forbidden,
  HttpError,
  notFound,
  validationFailed,
} from '../../platform/http/http-error.ts';
import { parseListQuery } from '../../platform/http/list-query.ts';
import type {
  ApplicantsService,
  StoredFile,
  UploadedFile,
} from '../applicants/applicants.service.ts';
import type { FeedWriter, StatusChangeEvent } from '../activity-feed/feed-writer.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { OffersService } from '../offers/offers.service.ts';
import {
  mergedFilters,
  parseApplicationFilters,
  type ApplicationFilters,
} from './application-filters.ts';
import { toItem } from './application-items.ts';
import type {
  ApplicationRow,
  CardRow,
  ApplicationSort,
  ApplicationsRepository,
} from './applications.repository.ts';
import type { PipelineRepository } from './pipeline.repository.ts';

type StatusChange = {
  application_id: number;
  status_id: number;
  motif_id?: number | null | undefined;
};

/** Applications: offer lists and board, status changes, treatment lists, manual creation, summaries. */
export class ApplicationsService {
  constructor(
    private readonly repo: ApplicationsRepository,
    private readonly pipeline: PipelineRepository,
    private readonly applicants: ApplicantsService,
    private readonly offers: OffersService,
    private readonly summarizer: SummaryProvider,
    /** The activity feed's event writer, looked up when an event happens (registered later). */
    private readonly feed: () => FeedWriter | undefined = () => undefined,
    /** Tells the users whose favourite offers get applications or status changes. */
    private readonly notifications: () => NotificationsService | undefined = () => undefined,
  ) {}

  async statuses(auth: AuthContext): Promise<TStatus[]> {
    return (await this.pipeline.statuses(auth.companyId)).map((s) => ({
      id: s.id,
      name: s.name,
      default_status: Boolean(s.default_status),
      position: s.position,
    }));
  }

  async motifs(auth: AuthContext) {
    return (await this.pipeline.motifs(auth.companyId)).map((m) => ({
      id: m.id,
      name: m.name,
      default_motif: Boolean(m.default_motif),
    }));
  }

  tests(auth: AuthContext) {
    return this.pipeline.tests(auth.companyId);
  }

  /** Rows → items with tags and test counts (two queries per page). */
  async items(companyId: number, rows: CardRow[]): Promise<TApplicationItem[]> {
    const [tags, tests] = await Promise.all([
      this.applicants.tagsOf(companyId, [...new Set(rows.map((r) => r.applicant_id!))]),
      this.repo.testCounts(
        companyId,
        rows.map((r) => r.id),
      ),
    ]);
    return rows.map((r) => toItem(r, tags.get(r.applicant_id!) ?? [], tests.get(r.id) ?? 0));
  }

  private parse(query: Record<string, unknown>) {
    const withOrder = { ...query, sort: query.sort ?? query.order };
    const list = parseListQuery(withOrder, APPLICATION_SORTS);
    const filters = parseApplicationFilters(mergedFilters(query, list.filters));
    const sort = (list.sort ?? { field: 'created_at', direction: 'desc' }) as ApplicationSort;
    return { list, filters, sort, paged: query.page !== undefined && query.page !== '' };
  }

  /** `GET …/offers/{offer_id}/applications`: paged with `page`, the whole list without. */
  async offerList(
    auth: AuthContext,
    ref: TProjectRef,
    offerId: number,
    query: Record<string, unknown>,
  ) {
    await this.offers.requireVisibleOffer(auth, ref, offerId);
    const { list, filters, sort, paged } = this.parse(query);
    const f = { ...filters, offerIds: [offerId] };
    if (!paged) return this.items(auth.companyId, await this.repo.all(auth.companyId, f, sort));
    const page = await this.repo.page(auth.companyId, f, sort, list.page, list.perPage);
    return { ...page, data: await this.items(auth.companyId, page.data) };
  }

  /** The board's columns: every workflow status with its count under the filters but `statuses`. */
  async offerCounts(
    auth: AuthContext,
    ref: TProjectRef,
    offerId: number,
    query: Record<string, unknown>,
  ) {
    await this.offers.requireVisibleOffer(auth, ref, offerId);
    const { filters } = this.parse(query);
    const [statuses, counts] = await Promise.all([
      this.statuses(auth),
      this.repo.countsByStatus(auth.companyId, {
        ...filters,
        statuses: undefined,
        offerIds: [offerId],
      }),
    ]);
    const columns = statuses.map((s) => ({ ...s, count: counts.get(s.id) ?? 0 }));
    return { total: [...counts.values()].reduce((a, b) => a + b, 0), statuses: columns };
  }

  /**
   * Which applications the user sees: those on the offers they reach (null: every offer, with
   * project.see_all), and spontaneous ones with project_application.see_spontaneous.
   */
  private async sight(auth: AuthContext) {
    const offers = await this.offers.visibleOfferIds(auth);
    const spontaneous = auth.permissions.has('project_application.see_spontaneous');
    return {
      offers,
      spontaneous,
      sees: (row: { offer_id: number | null }) =>
        row.offer_id === null ? spontaneous : !offers || offers.includes(row.offer_id),
    };
  }

  /**
   * The application if the user may see it: 404 for another company's, 403 for one on an offer
   * they do not reach or a spontaneous one without project_application.see_spontaneous.
   */
  async require(auth: AuthContext, id: number): Promise<ApplicationRow> {
    const [row] = await this.repo.byIds(auth.companyId, [id]);
    if (!row) throw notFound('Application');
    if (!(await this.sight(auth)).sees(row)) throw forbidden();
    return row;
  }

  async get(auth: AuthContext, id: number): Promise<TApplicationDetail> {
    const row = await this.require(auth, id);
    const [[item], applicant] = await Promise.all([
      this.items(auth.companyId, [row]),
      this.applicants.get(auth, row.applicant_id!),
    ]);
    return { ...item!, applicant };
  }

  /**
   * The application a shared link opens (the shares module checked the link: no user scope), with
   * its motivation (the applicant's when the application has none); undefined when gone.
   */
  async sharedApplication(companyId: number, id: number) {
    const [row] = await this.repo.byIds(companyId, [id]);
    if (!row) return undefined;
    const [item] = await this.items(companyId, [row]);
    return { item: item!, applicantId: row.applicant_id!, motivation: row.motivation };
  }

  async motivation(auth: AuthContext, id: number) {
    const row = await this.require(auth, id);
    if (row.motivation) return { motivation: row.motivation };
    return this.applicants.motivation(auth, row.applicant_id!);
  }

  async documents(auth: AuthContext, id: number) {
    const row = await this.require(auth, id);
    return this.applicants.documents(auth, row.applicant_id!);
  }

  async testsOf(auth: AuthContext, id: number) {
    await this.require(auth, id);
    return this.repo.tests(auth.companyId, id);
  }

  /** Applies status changes; each fails alone with its reason. */
  async changeStatuses(
    auth: AuthContext,
    changes: StatusChange[],
    scope?: { offerId?: number; spontaneous?: boolean },
  ) {
    const [statuses, motifs] = await Promise.all([this.statuses(auth), this.motifs(auth)]);
    const statusIds = new Set(statuses.map((s) => s.id));
    const motifIds = new Set(motifs.map((m) => m.id));
    const ids = [...new Set(changes.map((c) => c.application_id))];
    const rows = new Map((await this.repo.byIds(auth.companyId, ids)).map((r) => [r.id, r]));
    const sight = await this.sight(auth);
    const result: TBulkStatusResult = { changed: [], failed: [] };
    const now = new Date().toISOString();
    const events: StatusChangeEvent[] = [];
    for (const c of changes) {
      const row = rows.get(c.application_id);
      const seen =
        row &&
        sight.sees(row) &&
        (scope?.offerId === undefined || row.offer_id === scope.offerId) &&
        (scope?.spontaneous === undefined || (row.offer_id === null) === scope.spontaneous);
      let reason: string | null = null;
      if (!seen) reason = 'not_found';
      else if (!statusIds.has(c.status_id)) reason = 'invalid_status';
      else if (c.motif_id != null && !motifIds.has(c.motif_id)) reason = 'invalid_motif';
      else if (STATUSES_NEEDING_MOTIF.includes(c.status_id) && c.motif_id == null)
        reason = 'motif_required';
      if (reason) {
        result.failed.push({ id: c.application_id, reason });
        continue;
      }
      await this.repo.setStatus(auth.companyId, [c.application_id], {
        status_id: c.status_id,
        motif_id: c.motif_id ?? null,
        recruited_at: c.status_id === STATUS_RECRUITED ? now : null,
      });
      result.changed.push(c.application_id);
      // The feed tells of real changes (a status, or a motif), once per application and change.
      const before = row!;
      if (before.status_id !== c.status_id || before.motif_id !== (c.motif_id ?? null)) {
        events.push({
          applicationId: before.id,
          applicantId: before.applicant_id!,
          offerId: before.offer_id,
          fromStatusId: before.status_id,
          statusId: c.status_id,
          motifId: c.motif_id ?? null,
        });
        rows.set(before.id, { ...before, status_id: c.status_id, motif_id: c.motif_id ?? null });
      }
    }
    await this.feed()?.statusChanged({ companyId: auth.companyId, userId: auth.userId }, events);
    await this.notifications()?.statusesChanged(auth.companyId, auth.userId, events);
    return result;
  }

  /** The single change of the board: the updated item, or 404 / 422 with the field at fault. */
  async changeStatus(auth: AuthContext, ref: TProjectRef, offerId: number, change: StatusChange) {
    await this.offers.requireVisibleOffer(auth, ref, offerId);
    const result = await this.changeStatuses(auth, [change], { offerId });
    const failure = result.failed[0];
    if (failure?.reason === 'not_found') throw notFound('Application');
    if (failure?.reason === 'motif_required')
      throw validationFailed({ motif_id: ['field_required'] });
    if (failure?.reason === 'invalid_motif') throw validationFailed({ motif_id: ['invalid'] });
    if (failure) throw validationFailed({ status_id: ['invalid'] });
    const [row] = await this.repo.byIds(auth.companyId, [change.application_id]);
    return (await this.items(auth.companyId, [row!]))[0]!;
  }

  /** Treatment lists: to treat (status new) unless `statuses` says otherwise; offers the user sees. */
  async treatment(auth: AuthContext, query: Record<string, unknown>, spontaneous: boolean) {
    if (spontaneous && !auth.permissions.has('project_application.see_spontaneous'))
      throw forbidden();
    const { list, filters, sort } = this.parse(query);
    const f: ApplicationFilters = {
      ...filters,
      statuses: filters.statuses ?? [1],
      spontaneous,
      ...(spontaneous ? {} : { offerIds: await this.offers.visibleOfferIds(auth) }),
    };
    const page = await this.repo.page(auth.companyId, f, sort, list.page, list.perPage);
    return { ...page, data: await this.items(auth.companyId, page.data) };
  }

  /**
   * The offers with applications to treat that the user sees, in job-position order: a page with
   * `page`, every one without (ZTreatmentOfferList); `search` and `offers` narrow them.
   */
  async treatmentOffers(auth: AuthContext, query: Record<string, unknown>) {
    const list = parseListQuery({ page: query.page, per_page: query.per_page });
    const merged = mergedFilters(query, list.filters);
    const { offers: only } = parseApplicationFilters({ offers: merged.offers ?? '' });
    const search = merged.search?.trim();
    const f = { ...(search ? { search } : {}), ...(only ? { only } : {}) };
    const offerIds = await this.offers.visibleOfferIds(auth);
    // Fields copied one by one: a spread of thousands of driver rows costs more than the query.
    const item = (r: {
      id: number;
      project_id: number;
      job_position: string;
      to_treat: number;
    }) => ({
      id: r.id,
      project_id: r.project_id,
      job_position: r.job_position,
      to_treat: Number(r.to_treat),
    });
    if (query.page === undefined || query.page === '')
      return (await this.repo.treatmentOffers(auth.companyId, offerIds, f)).map(item);
    const [total, rows] = await Promise.all([
      this.repo.treatmentOffersCount(auth.companyId, offerIds, f),
      this.repo.treatmentOffers(auth.companyId, offerIds, f, {
        limit: list.perPage,
        offset: (list.page - 1) * list.perPage,
      }),
    ]);
    return {
      data: rows.map(item),
      current_page: list.page,
      last_page: Math.max(1, Math.ceil(total / list.perPage)),
      per_page: list.perPage,
      total,
    };
  }

  /** The applicant with the number of their applications that the user sees. */
  async applicantDetail(auth: AuthContext, applicantId: number) {
    const sight = await this.sight(auth);
    const count = await this.repo.applicantApplicationCount(auth.companyId, applicantId, sight);
    return this.applicants.detail(auth, applicantId, count);
  }

  /** The applicant's applications that the user sees (see `sight`). */
  async overview(auth: AuthContext, applicantId: number, exclude: number[]) {
    await this.applicants.require(auth, applicantId);
    const [rows, sight] = await Promise.all([
      this.repo.ofApplicant(auth.companyId, applicantId, exclude),
      this.sight(auth),
    ]);
    const seen = rows.filter(sight.sees);
    return (await this.items(auth.companyId, seen)).map((i) => ({
      id: i.id,
      offer_id: i.offer_id,
      project_id: i.project_id,
      job_position: i.job_position,
      spontaneous: i.spontaneous,
      documents_enabled: i.documents_enabled,
      status: i.status,
      motif_id: i.motif_id,
      motif_name: i.motif_name,
      recruited_at: i.recruited_at,
      jobboard: i.jobboard,
      created_at: i.created_at,
    }));
  }

  /**
   * Manual applicant (spec section 3 payload): stores the CV (type from its bytes), creates the
   * applicant or joins the one with the same e-mail, and adds the application: on the offer of the
   * path or of `job_offer_id`, spontaneous without one. Applicant, application and CV-text job are
   * written in one transaction.
   */
  async manual(
    auth: AuthContext,
    input: TManualApplicant,
    cvFile: UploadedFile | null,
    path?: { ref: TProjectRef; offerId: number },
  ) {
    const offerId = path?.offerId ?? input.job_offer_id ?? null;
    if (path) await this.offers.requireVisibleOffer(auth, path.ref, path.offerId);
    else if (offerId !== null) {
      // An offer named in the body that the user does not see is a wrong field, not a 404.
      await this.offers.requireVisibleOffer(auth, input.project_id ?? 'all', offerId).catch(() => {
        throw validationFailed({ job_offer_id: ['invalid'] });
      });
    }
    const statusId = input.status_id ?? 1;
    if (!(await this.statuses(auth)).some((s) => s.id === statusId)) {
      throw validationFailed({ status_id: ['invalid'] });
    }
    await this.applicants.checkJobBoard(input.source?.jobboard_id, 'source.jobboard_id');
    const cv: StoredFile | null = cvFile
      ? await this.applicants.storeFile(auth.companyId, cvFile, 'cv')
      : null;
    try {
      const write = () =>
        this.applicants.transaction(async (trx) => {
          const { id, existing } = await this.applicants.createOrJoin(auth, input, cv, trx);
          // A known applicant who already applied to this offer is not added twice (nothing is kept).
          if (existing && offerId !== null) {
            const onOffer = await this.repo.applicantsOnOffer(auth.companyId, offerId, [id], trx);
            if (onOffer.size > 0) throw validationFailed({ email: ['already_applied'] });
          }
          const now = new Date().toISOString();
          const applicationId = await this.repo.insert(
            {
              company_id: auth.companyId,
              offer_id: offerId,
              applicant_id: id,
              status_id: statusId,
              motif_id: null,
              jobboard_id: input.source?.jobboard_id ?? null,
              recruited_at: statusId === STATUS_RECRUITED ? now : null,
              motivation: input.motivation ?? null,
              created_at: now,
              updated_at: now,
            },
            trx,
          );
          await this.feed()?.applicantAdded(
            { companyId: auth.companyId, userId: auth.userId },
            { applicantId: id, offerId, applicationId, existing },
            trx,
          );
          return { applicantId: id, applicationId, existing };
        });
      // Two requests adding the same new e-mail at once: the loser joins the winner's applicant.
      const { applicantId, applicationId, existing } = await write().catch((err: unknown) => {
        if (isUniqueViolation(err)) return write();
        throw err;
      });
      await this.notifications()?.applicationReceived(
        auth.companyId,
        auth.userId,
        applicantId,
        offerId,
      );
      const [row] = await this.repo.byIds(auth.companyId, [applicationId]);
      return {
        applicant: await this.applicants.get(auth, applicantId),
        application: (await this.items(auth.companyId, [row!]))[0]!,
        existing_applicant: existing,
      };
    } catch (err) {
      await this.applicants.discard(cv);
      throw err;
    }
  }

  async updateManual(
    auth: AuthContext,
    applicantId: number,
    input: TManualApplicant,
    cvFile: UploadedFile | null,
  ) {
    await this.applicants.require(auth, applicantId);
    await this.applicants.checkJobBoard(input.source?.jobboard_id, 'source.jobboard_id');
    const cv = cvFile ? await this.applicants.storeFile(auth.companyId, cvFile, 'cv') : null;
    try {
      await this.applicants.updateManual(auth, applicantId, input, cv);
    } catch (err) {
      await this.applicants.discard(cv);
      throw err;
    }
    return {
      applicant: await this.applicants.get(auth, applicantId),
      application: null,
      existing_applicant: true,
    };
  }

  /** `PUT /applicants/source`: one application's job board, or (apply_all) all of them and the applicant's. */
  async setSource(auth: AuthContext, input: TSourceRequest) {
    await this.applicants.require(auth, input.applicant_id);
    await this.applicants.checkJobBoard(input.jobboard_provenance, 'jobboard_provenance');
    let ids: number[];
    if (input.apply_all) {
      ids = (await this.repo.idsOfApplicant(auth.companyId, input.applicant_id)).map((r) => r.id);
      await this.applicants.setSource(auth, input.applicant_id, {
        jobboard_id: input.jobboard_provenance,
        ...(input.provenance_id !== undefined ? { provenance_id: input.provenance_id } : {}),
      });
    } else {
      if (!input.application_id) throw validationFailed({ application_id: ['field_required'] });
      const row = await this.require(auth, input.application_id);
      if (row.applicant_id !== input.applicant_id) throw notFound('Application');
      ids = [row.id];
    }
    await this.repo.setJobBoard(auth.companyId, ids, input.jobboard_provenance);
    return this.applicants.get(auth, input.applicant_id);
  }

  /**
   * Copies applications onto another offer: the given application's applicant and `applicants_ids`;
   * `keep_statuses` keeps each one's status and motif, otherwise they start as new. Applicants
   * already on the target are skipped.
   */
  async duplicate(auth: AuthContext, ref: TProjectRef, offerId: number, input: TDuplicateRequest) {
    await this.offers.requireVisibleOffer(auth, ref, offerId);
    await this.offers.requireVisibleOffer(auth, 'all', input.job_offer_id).catch(() => {
      throw validationFailed({ job_offer_id: ['invalid'] });
    });
    const applicantIds = new Set(input.applicants_ids);
    let source: ApplicationRow | undefined;
    if (input.application_id) {
      source = await this.require(auth, input.application_id);
      if (source.offer_id !== offerId) throw notFound('Application');
      applicantIds.add(source.applicant_id!);
    }
    if (!applicantIds.size) throw validationFailed({ applicants_ids: ['field_required'] });
    const known = await this.applicants.many(auth, [...applicantIds]);
    if (known.size !== applicantIds.size) throw validationFailed({ applicants_ids: ['invalid'] });
    const already = await this.repo.applicantsOnOffer(auth.companyId, input.job_offer_id, [
      ...applicantIds,
    ]);
    // Each applicant's application on this offer (or their latest) gives the status to keep.
    const latest = await this.repo.latestOf(auth.companyId, [...applicantIds]);
    const sources = [...applicantIds]
      .filter((id) => !already.has(id))
      .map((id) => {
        const rows = latest.filter((r) => r.applicant_id === id);
        const r =
          (source?.applicant_id === id ? source : undefined) ??
          rows.find((x) => x.offer_id === offerId) ??
          rows[0];
        return {
          applicant_id: id,
          status_id: r?.status_id ?? 1,
          motif_id: r?.motif_id ?? null,
          jobboard_id: r?.jobboard_id ?? null,
          recruited_at: r?.recruited_at ?? null,
        };
      });
    const created = await this.repo.duplicate(
      auth.companyId,
      input.job_offer_id,
      sources,
      input.keep_statuses,
    );
    return {
      created: created.map((c) => ({ applicant_id: c.applicant_id!, application_id: c.id })),
      skipped: [...already],
    };
  }

  /**
   * The stored summary in that language, or a new one (`regenerate`, or none yet in that language)
   * from the configured provider.
   */
  async summary(
    auth: AuthContext,
    type: 'application' | 'applicant',
    id: number,
    regenerate: boolean,
    language: TSummary['language'],
  ): Promise<TSummary> {
    let applicantId: number;
    let offer: { job_position: string; description: string | null } | null = null;
    if (type === 'application') {
      const row = await this.require(auth, id);
      applicantId = row.applicant_id!;
      if (row.offer_id) {
        const detail = await this.offers.detail(auth, 'all', row.offer_id);
        offer = {
          job_position: detail.job_position,
          description: detail.description?.replace(/<[^>]+>/g, ' ') ?? null,
        };
      }
    } else {
      applicantId = (await this.applicants.require(auth, id)).id;
    }
    if (!regenerate) {
      const stored = await this.repo.latestSummary(auth.companyId, type, id, language);
      if (stored) return toSummary(stored);
    }
    const [applicant, cv, applications] = await Promise.all([
      this.applicants.get(auth, applicantId),
      this.applicants.cvTextOf(auth, applicantId),
      this.overview(auth, applicantId, []),
    ]);
    const result = await this.summarizer
      .summarize({
        language,
        applicant,
        cvText: cv.text,
        motivation: cv.motivation,
        applications: applications.map((a) => ({
          job_position: a.job_position,
          status: a.status.name,
          created_at: a.created_at,
        })),
        offer,
      })
      .catch((err: unknown) => {
        throw new HttpError(
          503,
          `The summary provider failed: ${err instanceof Error ? err.message : String(err)}`,
          'ai_unavailable',
        );
      });
    const row = {
      company_id: auth.companyId,
      subject_type: type,
      subject_id: id,
      text: result.text,
      source: result.source,
      model: result.model,
      language,
      created_at: new Date().toISOString(),
    };
    await this.repo.insertSummary(row);
    return toSummary(row);
  }
}

function toSummary(r: {
  subject_type: string;
  subject_id: number;
  text: string;
  source: string;
  model: string | null;
  language: string | null;
  created_at: string;
}): TSummary {
  return {
    subject_type: r.subject_type as TSummary['subject_type'],
    subject_id: r.subject_id,
    text: r.text,
    source: r.source as TSummary['source'],
    language: r.language as TSummary['language'],
    model: r.model,
    created_at: r.created_at,
  };
}

/** A unique index refused the row (PostgreSQL 23505, SQLite SQLITE_CONSTRAINT_UNIQUE). */
function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: string } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}
