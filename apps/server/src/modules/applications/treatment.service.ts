import type { AuthContext } from '../../platform/auth/auth-context.ts';
import { forbidden } from '../../platform/http/http-error.ts';
import { pageOf, parseListQuery } from '../../platform/http/list-query.ts';
import type { OffersService } from '../offers/offers.service.ts';
import {
  mergedFilters,
  parseApplicationFilters,
  parseApplicationQuery,
  type ApplicationFilters,
} from './application-filters.ts';
import type { ApplicationsRepository } from './applications.repository.ts';
import type { ApplicationsService } from './applications.service.ts';

/** The treatment screen: applications to treat (on offers, or spontaneous) and the offers with some. */
export class TreatmentService {
  constructor(
    private readonly applications: ApplicationsService,
    private readonly repo: ApplicationsRepository,
    private readonly offers: OffersService,
  ) {}

  /** Treatment lists: to treat (status new) unless `statuses` says otherwise; offers the user sees. */
  async treatment(auth: AuthContext, query: Record<string, unknown>, spontaneous: boolean) {
    const { list, sort } = parseApplicationQuery(query);
    const f = await this.treatmentFilters(auth, query, spontaneous);
    const page = await this.repo.page(auth.companyId, f, sort, list.page, list.perPage);
    return { ...page, data: await this.applications.items(auth.companyId, page.data) };
  }

  /**
   * What a treatment list holds under its query's filters: `new` unless `statuses` says otherwise,
   * on the offers the user sees (or spontaneous). The list and its "select all that match" both.
   */
  async treatmentFilters(
    auth: AuthContext,
    query: Record<string, unknown>,
    spontaneous: boolean,
  ): Promise<ApplicationFilters> {
    if (spontaneous && !auth.permissions.has('project_application.see_spontaneous'))
      throw forbidden();
    const { filters } = parseApplicationQuery(query);
    return {
      ...filters,
      statuses: filters.statuses ?? [1],
      spontaneous,
      ...(spontaneous ? {} : { offerIds: await this.offers.visibleOfferIds(auth) }),
    };
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
    return pageOf(rows.map(item), list.page, list.perPage, total);
  }
}
