import type {
  TApplicationDetail,
  TApplicationItem,
  TApplicationPage,
  TStatus,
} from '@embauche/contracts/applications';
import type { TSourceRequest } from '@embauche/contracts/applicants';
import type { TProjectRef } from '@embauche/contracts/projects';
import type { AuthContext } from '../../platform/auth/auth-context.ts';
import { forbidden, notFound, validationFailed } from '../../platform/http/http-error.ts';
import type { ApplicantsService } from '../applicants/applicants.service.ts';
import type { CareerSiteAnswersService } from '../career-site/career-site-answers.service.ts';
import type { OffersService } from '../offers/offers.service.ts';
import type { ApplicantApplicationsRepository } from './applicant-applications.repository.ts';
import { parseApplicationQuery } from './application-filters.ts';
import { toItem } from './application-items.ts';
import type { ApplicationTestsRepository } from './application-tests.repository.ts';
import type { ApplicationRow, CardRow, ApplicationsRepository } from './applications.repository.ts';
import type { PipelineRepository } from './pipeline.repository.ts';
import type { WorkflowsService } from '../workflows/workflows.service.ts';

/**
 * Applications: the pipeline, offer lists and board, what the user may see, one application's
 * reads and the applicant screen's. Status changes, treatment lists, manual creation, copies and
 * summaries are their own services (applications.plugin.ts).
 */
export class ApplicationsService {
  constructor(
    private readonly repo: ApplicationsRepository,
    private readonly testRepo: ApplicationTestsRepository,
    private readonly applicantApplications: ApplicantApplicationsRepository,
    private readonly pipeline: PipelineRepository,
    private readonly applicants: ApplicantsService,
    private readonly offers: OffersService,
    /** Workflows and the company's status names (issue 17). */
    private readonly workflows: WorkflowsService,
    /** The answers and consent of applications sent from the career site (its module's table). */
    private readonly careerSite: CareerSiteAnswersService,
  ) {}

  /** Every visible status of the company: its default workflow's order, then the others. */
  async statuses(auth: AuthContext): Promise<TStatus[]> {
    return this.workflows.companyStatuses(auth.companyId);
  }

  /**
   * The workflow statuses of the applications' offers (key null: the default workflow, that
   * spontaneous ones follow), read once for the whole batch whatever its size.
   */
  workflowsOf(companyId: number, offerIds: (number | null)[]) {
    return this.workflows.offersWorkflowStatuses(
      companyId,
      offerIds.filter((id): id is number => id !== null),
    );
  }

  /**
   * The status pickers' lists (`GET /offer-statuses`): each asked offer's workflow statuses, for
   * the offers of the company the user sees (others left out).
   */
  async offerStatuses(auth: AuthContext, offerIds: number[]) {
    const [byOffer, sight] = await Promise.all([
      this.workflowsOf(auth.companyId, offerIds),
      this.sight(auth),
    ]);
    return [...new Set(offerIds)]
      .filter((id) => byOffer.has(id) && sight.sees({ offer_id: id }))
      .map((id) => ({ offer_id: id, statuses: byOffer.get(id)!.statuses }));
  }

  /** The default workflow's statuses, that spontaneous applications follow. */
  async spontaneousStatuses(auth: AuthContext) {
    return (await this.workflowsOf(auth.companyId, [])).get(null)!.statuses;
  }

  /** The visible motifs, a renamed default one by its company's name. */
  async motifs(auth: AuthContext) {
    return this.workflows.visibleMotifs(auth.companyId);
  }

  tests(auth: AuthContext) {
    return this.pipeline.tests(auth.companyId);
  }

  /** Rows → items with tags and test counts (two queries per page). */
  async items(companyId: number, rows: CardRow[]): Promise<TApplicationItem[]> {
    const [tags, tests, names] = await Promise.all([
      this.applicants.tagsOf(companyId, [...new Set(rows.map((r) => r.applicant_id!))]),
      this.testRepo.testCounts(
        companyId,
        rows.map((r) => r.id),
      ),
      // The company's own names of statuses and motifs (issue 17).
      rows.length ? this.workflows.names(companyId) : null,
    ]);
    return rows.map((r) => {
      const item = toItem(r, tags.get(r.applicant_id!) ?? [], tests.get(r.id) ?? 0);
      const status = names?.statuses.get(r.status_id);
      if (status)
        item.status = { id: status.id, name: status.name, default_status: status.default_status };
      const motif = r.motif_id === null ? undefined : names?.motifs.get(r.motif_id);
      if (motif && motif.name !== r.motif_name) item.motif_name = motif.name;
      return item;
    });
  }

  /**
   * `GET …/offers/{offer_id}/applications`: paged with `page` (or after `cursor`, the
   * `next_cursor` of the page before); without, every application that
   * passes the filters, in batches the route writes as one JSON array as they come (issue 42:
   * no cap, memory of one batch; docs/lists.md).
   */
  async offerList(
    auth: AuthContext,
    ref: TProjectRef,
    offerId: number,
    query: Record<string, unknown>,
  ): Promise<TApplicationPage | AsyncGenerator<TApplicationItem[]>> {
    await this.offers.requireVisibleOffer(auth, ref, offerId);
    const { list, filters, sort, cursor, paged, counted } = parseApplicationQuery(query);
    const f = { ...filters, offerIds: [offerId] };
    if (!paged) return this.allItems(auth.companyId, this.repo.allBatches(auth.companyId, f, sort));
    const page = await this.repo.offerPage(
      auth.companyId,
      f,
      sort,
      list.page,
      list.perPage,
      cursor,
      counted,
    );
    return { ...page, data: await this.listItems(auth.companyId, page.data) };
  }

  /** The unpaged list's items, batch by batch. */
  private async *allItems(companyId: number, batches: AsyncGenerator<CardRow[]>) {
    for await (const rows of batches) yield await this.listItems(companyId, rows);
  }

  /**
   * Items of an offer's list (rows and board cards) with the values of the application's and the
   * applicant's custom fields shown in lists: one more query for the page (issue 17).
   */
  private async listItems(companyId: number, rows: CardRow[]): Promise<TApplicationItem[]> {
    const [items, custom] = await Promise.all([
      this.items(companyId, rows),
      this.offers.customFields.listValues(companyId, [
        { entity: 'application', ids: rows.map((r) => r.id) },
        { entity: 'applicant', ids: [...new Set(rows.map((r) => r.applicant_id!))] },
      ]),
    ]);
    if (custom.none) return items;
    // Set on the items just built (copying 5,000 of them cost more than the values' query).
    for (const item of items)
      item.custom_fields = {
        ...custom.of('applicant', item.applicant_id),
        ...custom.of('application', item.id),
      };
    return items;
  }

  /** The board's columns: every workflow status with its count under the filters but `statuses`. */
  async offerCounts(
    auth: AuthContext,
    ref: TProjectRef,
    offerId: number,
    query: Record<string, unknown>,
  ) {
    await this.offers.requireVisibleOffer(auth, ref, offerId);
    const { filters } = parseApplicationQuery(query);
    const counts = await this.repo.countsByStatus(auth.companyId, {
      ...filters,
      statuses: undefined,
      offerIds: [offerId],
    });
    // The offer's workflow (its own, its project's or the default); a hidden status still held shows.
    const held = new Set([...counts].filter(([, n]) => n > 0).map(([id]) => id));
    const statuses = await this.workflows.offerStatuses(auth.companyId, offerId, held);
    const columns = statuses.map((s) => ({ ...s, count: counts.get(s.id) ?? 0 }));
    return { total: [...counts.values()].reduce((a, b) => a + b, 0), statuses: columns };
  }

  /**
   * Which applications the user sees: those on the offers they reach (null: every offer, with
   * project.see_all), and spontaneous ones with project_application.see_spontaneous.
   */
  async sight(auth: AuthContext) {
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
    return this.testRepo.tests(auth.companyId, id);
  }

  /** The applicant with the number of their applications that the user sees. */
  async applicantDetail(auth: AuthContext, applicantId: number) {
    const sight = await this.sight(auth);
    const count = await this.applicantApplications.applicantApplicationCount(
      auth.companyId,
      applicantId,
      sight,
    );
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
    const [items, fromSite] = await Promise.all([
      this.items(auth.companyId, seen),
      this.careerSite.ofApplications(
        auth.companyId,
        seen.map((r) => r.id),
      ),
    ]);
    return items.map((i) => ({
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
      career_site: fromSite.get(i.id) ?? null,
    }));
  }

  /** `PUT /applicants/source`: one application's job board, or (apply_all) all of them and the applicant's. */
  async setSource(auth: AuthContext, input: TSourceRequest) {
    await this.applicants.require(auth, input.applicant_id);
    await this.applicants.checkJobBoard(input.jobboard_provenance, 'jobboard_provenance');
    let ids: number[];
    if (input.apply_all) {
      ids = (
        await this.applicantApplications.idsOfApplicant(auth.companyId, input.applicant_id)
      ).map((r) => r.id);
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
    await this.applicantApplications.setJobBoard(auth.companyId, ids, input.jobboard_provenance);
    return this.applicants.get(auth, input.applicant_id);
  }
}
