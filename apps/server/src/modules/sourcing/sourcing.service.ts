import {
  SOURCING_SORTS,
  ZSourcingFilters,
  ZSourcingQuery,
  type TSourcingFacets,
  type TSourcingFilters,
  type TSourcingPage,
  type TSourcingSort,
} from '@embauche/contracts/sourcing';
import type { AuthContext } from '../../platform/auth/auth-context.ts';
import { searchWords } from '../../platform/db/applicant-search.ts';
import { calendarDay } from '../../platform/http/date-range.ts';
import { forbidden, validationFailed } from '../../platform/http/http-error.ts';
import { filterList, pageOf, parseListQuery } from '../../platform/http/list-query.ts';
import { applicantScope, type ApplicantScope } from '../applicants/applicant-scope.ts';
import { cvHighlights } from './sourcing-highlights.ts';
import type { SourcingCriteria, SourcingRepository } from './sourcing.repository.ts';

/** `filter[…]` (comma-joined values) → checked filters; 422 `invalid` on `filter.<name>`. */
export function parseSourcingFilters(filters: Record<string, string>): TSourcingFilters {
  const raw: Record<string, unknown> = {};
  for (const name of ['tags', 'source', 'job_board', 'last_status'] as const) {
    if (filters[name] !== undefined) raw[name] = filterList(filters[name]);
  }
  if (filters.applied !== undefined) {
    const parts = filters.applied.split(',').map((p) => p.trim());
    const [from = '', to = ''] = parts;
    const ok =
      parts.length <= 2 &&
      (from === '' || calendarDay(from)) &&
      (to === '' || calendarDay(to)) &&
      (from === '' || to === '' || from <= to);
    if (!ok) throw validationFailed({ 'filter.applied': ['invalid'] });
    raw.applied = [from || null, to || null];
  }
  if (filters.has_cv !== undefined) {
    const v = filters.has_cv.toLowerCase();
    if (!['1', '0', 'true', 'false'].includes(v))
      throw validationFailed({ 'filter.has_cv': ['invalid'] });
    raw.has_cv = v === '1' || v === 'true';
  }
  const parsed = ZSourcingFilters.safeParse(raw);
  if (!parsed.success) {
    const field = String(parsed.error.issues[0]?.path[0] ?? 'filter');
    throw validationFailed({ [`filter.${field}`]: ['invalid'] });
  }
  return parsed.data;
}

/**
 * A sourcing search as a selection (issue 42 part 2): how many it holds but `except`, and its ids
 * in id order, a batch at a time after `after` (a keyset walk).
 */
export type SourcingSelected = {
  count(except: number[]): Promise<number>;
  idsAfter(except: number[], after: number, limit: number): Promise<number[]>;
};

/** The day after `yyyy-MM-dd` as an ISO instant (an exclusive upper bound). */
const nextDay = (day: string) => new Date(calendarDay(day)!.getTime() + 86_400_000).toISOString();

/** Issue 15's sourcing search (docs/sourcing.md); contracts/sourcing.ts. */
export class SourcingService {
  constructor(
    private readonly repo: SourcingRepository,
    private readonly projects: () => {
      visibleProjectIds(auth: AuthContext): Promise<number[] | null>;
    },
  ) {}

  /** The search's words and filters once read and resolved (tag names to ids), and the user's sight. */
  private async criteria(
    auth: AuthContext,
    q: string | undefined,
    filters: TSourcingFilters,
  ): Promise<{ scope: ApplicantScope; criteria: SourcingCriteria; words: string[] }> {
    const scope = applicantScope(auth, await this.projects().visibleProjectIds(auth));
    const text = q?.trim() ?? '';
    const criteria: SourcingCriteria = {
      q: text,
      tagIds: filters.tags ? await this.repo.tagIds(auth.companyId, filters.tags) : undefined,
      source: filters.source,
      jobBoard: filters.job_board,
      lastStatus: filters.last_status,
      applied: filters.applied && {
        from: filters.applied[0] ? `${filters.applied[0]}T00:00:00.000Z` : null,
        to: filters.applied[1] ? nextDay(filters.applied[1]) : null,
      },
      hasCv: filters.has_cv,
    };
    return { scope, criteria, words: searchWords(text) };
  }

  /**
   * "All that match" (issue 42 part 2, docs/sourcing.md): the search a selection names by its
   * query parameters (`q`, `filter[…]`; page, per_page and sort ignored), read with the same
   * parsers as `search`, for the user's company and sight. Every applicant the search matches is
   * in it — its `total` — not only the best-ranked ones. Needs `sourcing.access` (403).
   */
  async selection(auth: AuthContext, params: Record<string, string>): Promise<SourcingSelected> {
    if (!auth.permissions.has('sourcing.access')) throw forbidden();
    const q = ZSourcingQuery.shape.q.safeParse(params.q);
    if (!q.success) throw validationFailed({ 'selection.filters.q': ['max_length:200'] });
    const only = Object.fromEntries(
      Object.entries(params).filter(([k]) => k.startsWith('filter[')),
    );
    const filters = parseSourcingFilters(parseListQuery(only).filters);
    const { scope, criteria } = await this.criteria(auth, q.data, filters);
    return {
      count: (except) => this.repo.selectionCount(scope, criteria, except),
      idsAfter: (except, after, limit) =>
        this.repo.selectionIdsAfter(scope, criteria, except, after, limit),
    };
  }

  async search(
    auth: AuthContext,
    q: string | undefined,
    sortParam: TSourcingSort | undefined,
    query: Record<string, unknown>,
  ): Promise<TSourcingPage> {
    const list = parseListQuery(query, SOURCING_SORTS);
    const filters = parseSourcingFilters(list.filters);
    const { scope, criteria, words } = await this.criteria(auth, q, filters);
    const sort = sortParam ?? (words.length ? 'relevance' : 'date_desc');
    const { total, page, counts } = await this.repo.search(
      scope,
      criteria,
      sort,
      list.perPage,
      (list.page - 1) * list.perPage,
    );
    const facetIds = (facet: string) =>
      counts.filter((c) => c.facet === facet && c.value !== null).map((c) => c.value!);
    const ids = page.map((p) => p.id);
    const [applicants, applications, tagNames, boards] = await Promise.all([
      this.repo.applicants(auth.companyId, ids),
      this.repo.applications(
        auth.companyId,
        page.flatMap((p) => (p.applicationId === null ? [] : [p.applicationId])),
      ),
      this.repo.tagNames(auth.companyId, facetIds('tags')),
      this.repo.jobBoardNames(facetIds('job_board')),
    ]);
    const rows = new Map(applicants.rows.map((r) => [r.id, r]));
    const apps = new Map(applications.map((a) => [a.id, a]));
    const tagsOf = new Map<number, string[]>();
    for (const t of applicants.tags)
      tagsOf.set(t.applicant_id, [...(tagsOf.get(t.applicant_id) ?? []), t.name]);
    const data = page.flatMap(({ id, applicationId }) => {
      const r = rows.get(id);
      if (!r) return [];
      const a = applicationId === null ? undefined : apps.get(applicationId);
      return [
        {
          id: r.id,
          firstname: r.firstname,
          lastname: r.lastname,
          email: r.email,
          img_src: r.img_src,
          tags: tagsOf.get(r.id) ?? [],
          has_cv: r.cv_key !== null,
          provenance_id: r.provenance_id,
          jobboard_id: r.jobboard_id,
          last_application: a
            ? {
                id: a.id,
                offer_id: a.offer_id,
                offer_name: a.offer_name ?? null,
                status_id: a.status_id,
                created_at: a.created_at,
              }
            : null,
          highlights: cvHighlights(r.cv_text, words),
        },
      ];
    });
    return {
      ...pageOf(data, list.page, list.perPage, total),
      facets: this.facets(counts, tagNames, boards),
    };
  }

  private facets(
    counts: { facet: string; value: number | null; count: number }[],
    tagNames: { id: number; name: string }[],
    boards: { id: number; name: string }[],
  ): TSourcingFacets {
    const of = (facet: string) =>
      counts
        .filter((c) => c.facet === facet)
        .sort((a, b) => b.count - a.count || (a.value ?? 0) - (b.value ?? 0));
    const tag = new Map(tagNames.map((t) => [t.id, t.name]));
    const board = new Map(boards.map((b) => [b.id, b.name]));
    const cv = of('has_cv');
    return {
      tags: of('tags')
        .flatMap((c) => (tag.has(c.value!) ? [{ name: tag.get(c.value!)!, count: c.count }] : []))
        .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)),
      source: of('source').map((c) => ({ id: c.value, count: c.count })),
      job_board: of('job_board').map((c) => ({
        id: c.value,
        name: c.value === null ? null : (board.get(c.value) ?? null),
        count: c.count,
      })),
      last_status: of('last_status').map((c) => ({ id: c.value, count: c.count })),
      has_cv: {
        yes: cv.find((c) => c.value === 1)?.count ?? 0,
        no: cv.find((c) => c.value === 0)?.count ?? 0,
      },
    };
  }
}
