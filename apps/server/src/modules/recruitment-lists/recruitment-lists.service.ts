import type {
  TRecruitmentList,
  TRecruitmentListApplicantPage,
  TRecruitmentListCreate,
  TRecruitmentListItem,
  TRecruitmentListPage,
  TRecruitmentListQuery,
  TRecruitmentListSearchQuery,
  TRecruitmentListUpdate,
  TRecruitmentListUserPage,
} from '@embauche/contracts/recruitment-lists';
import type { AuthContext } from '../../platform/auth/auth-context.ts';
import { forbidden, notFound, validationFailed } from '../../platform/http/http-error.ts';
import type {
  ListFields,
  ListRow,
  RecruitmentListsRepository,
  SharedUserRow,
} from './recruitment-lists.repository.ts';
import { pageOf } from '../../platform/http/list-query.ts';
import type { ApplicantScope } from '../applicants/applicant-scope.ts';
import type { SelectedApplicants } from './applicant-selection.service.ts';

/**
 * The applicants module's service: what the user sees (docs/security.md "Who sees which
 * applicants").
 */
type Applicants = { scope(auth: AuthContext): Promise<ApplicantScope> };

/** What the caller may do with a list they see. */
type Seen = { row: ListRow; owner: boolean; canAdd: boolean };

/**
 * Recruitment lists (issue 15, docs/recruitment-lists.md): rules and access checks. A private
 * list exists only for its creator; a shared one for its creator and its shared users; only the
 * creator edits or deletes; the creator and, on a collaborative list, its shared users add and
 * remove applicants. Anything of another company is not found.
 *
 * Members (issue 33 item 7): every reader, the creator included, sees in a list only the
 * applicants they see elsewhere (the applicant scope); the others are a count (`hidden`), and an
 * applicant the caller does not see can be neither added nor removed. Sharing a list shares the
 * list, never sight of an applicant.
 */
export class RecruitmentListsService {
  constructor(
    private readonly repo: RecruitmentListsRepository,
    private readonly visibleApplicants: Applicants,
  ) {}

  /**
   * A list's applicants as a selection (issue 42 part 2): those the page shows — the ones the
   * caller sees, named like `filters.search` — for a list the caller sees (404 otherwise).
   */
  async selection(
    auth: AuthContext,
    id: number,
    filters: Record<string, string>,
  ): Promise<SelectedApplicants> {
    const { row } = await this.seen(auth, id);
    const search = filters.search?.trim() || undefined;
    if (search && search.length > 255)
      throw validationFailed({ 'selection.filters.search': ['max_length:255'] });
    const scope = await this.visibleApplicants.scope(auth);
    return {
      count: (except) => this.repo.selectionCount(row.id, scope, search, except),
      idsAfter: (except, after, limit) =>
        this.repo.selectionIdsAfter(row.id, scope, search, except, after, limit),
    };
  }

  /**
   * One batch of a change to "all that match" (issue 42 part 2, ListSelectionService): the ids the
   * caller sees go through the id form's own repository call (one transaction, the counter); the
   * others are told apart by reason — `not_found` (gone, or out of the caller's sight),
   * `already_in_list` (add), `not_in_list` (remove). The list is checked again (404, 403).
   */
  async applyBatch(
    auth: AuthContext,
    id: number,
    action: 'add' | 'remove',
    ids: number[],
  ): Promise<{ changed: number; failed: { reason: string }[] }> {
    const seen = await this.editable(auth, id);
    const wanted = [...new Set(ids)];
    const found = await this.repo.seenApplicantIds(
      await this.visibleApplicants.scope(auth),
      wanted,
    );
    const failed = Array.from({ length: wanted.length - found.length }, () => ({
      reason: 'not_found',
    }));
    if (!found.length) return { changed: 0, failed };
    const changed =
      action === 'add'
        ? await this.repo.addApplicants(seen.row.id, found, auth.userId)
        : await this.repo.removeApplicants(seen.row.id, found);
    const reason = action === 'add' ? 'already_in_list' : 'not_in_list';
    for (let i = changed; i < found.length; i++) failed.push({ reason });
    return { changed, failed };
  }

  /** The list if the caller sees it, with what they may do; 404 otherwise. */
  private async seen(auth: AuthContext, id: number): Promise<Seen> {
    const row = await this.repo.find(auth.companyId, id);
    if (!row) throw notFound('Recruitment list');
    const owner = row.creator_id === auth.userId;
    if (owner) return { row, owner, canAdd: true };
    if (row.private || !(await this.repo.isSharedWith(row.id, auth.userId)))
      throw notFound('Recruitment list');
    return { row, owner, canAdd: Boolean(row.collaborative) };
  }

  private async owned(auth: AuthContext, id: number): Promise<Seen> {
    const seen = await this.seen(auth, id);
    if (!seen.owner) throw forbidden();
    return seen;
  }

  private item(seen: Seen, users: SharedUserRow[], archived: number): TRecruitmentListItem {
    const { row } = seen;
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      private: Boolean(row.private),
      collaborative: Boolean(row.collaborative),
      creator: {
        id: row.creator_id,
        firstname: row.creator_firstname,
        lastname: row.creator_lastname,
      },
      shared_users: users
        .filter((u) => u.list_id === row.id)
        .map((u) => ({
          id: u.id,
          firstname: u.firstname,
          lastname: u.lastname,
          img_src: u.img_src,
        })),
      archived_applicants: archived,
      applicant_amount: Number(row.applicant_amount),
      can_add: seen.canAdd,
      is_owner: seen.owner,
      created_at: row.created_at,
      updated_at: row.updated_at,
    };
  }

  /**
   * Entries whose applicant was erased, and those whose applicant the scope does not see (0 with
   * project.see_all): `seen` is how many it sees (of every entry, whatever a search).
   */
  private static apart(
    counts: { entries: number; present: number },
    scope: ApplicantScope,
    seen: number,
  ) {
    return {
      archived: counts.entries - counts.present,
      hidden: scope.visibleProjects === null ? 0 : Math.max(0, counts.present - seen),
    };
  }

  private async full(auth: AuthContext, seen: Seen): Promise<TRecruitmentList> {
    const scope = await this.visibleApplicants.scope(auth);
    const [users, counts, applicants] = await Promise.all([
      this.repo.sharedUsers([seen.row.id]),
      this.repo.entryCounts(seen.row.id),
      this.repo.applicantIds(seen.row.id, scope),
    ]);
    const { archived, hidden } = RecruitmentListsService.apart(counts, scope, applicants.length);
    return { ...this.item(seen, users, archived), applicants, hidden_applicants: hidden };
  }

  async get(auth: AuthContext, id: number): Promise<TRecruitmentList> {
    return this.full(auth, await this.seen(auth, id));
  }

  async page(auth: AuthContext, query: TRecruitmentListQuery): Promise<TRecruitmentListPage> {
    const { rows, total } = await this.repo.page(
      auth.companyId,
      auth.userId,
      { source: query['filter[source]'] ?? query.source, search: query.search || undefined },
      query.sort,
      { limit: query.per_page, offset: (query.page - 1) * query.per_page },
    );
    const ids = rows.map((r) => r.id);
    const [users, archived] = await Promise.all([
      this.repo.sharedUsers(ids),
      this.repo.archivedCounts(ids),
    ]);
    return pageOf(
      rows.map((row) => {
        const owner = row.creator_id === auth.userId;
        const seen = { row, owner, canAdd: owner || Boolean(row.collaborative) };
        return this.item(seen, users, archived.get(row.id) ?? 0);
      }),
      query.page,
      query.per_page,
      total,
    );
  }

  /** The fields to store, and the users to share with (422 `unknown_user` for others). */
  private async fields(
    auth: AuthContext,
    payload: TRecruitmentListCreate,
    creatorId: number,
  ): Promise<{ fields: ListFields; userIds: number[] }> {
    const isPrivate = payload.type === 'private';
    // The creator always sees their list: naming them among the shared users adds nothing.
    const wanted = isPrivate
      ? []
      : [...new Set(payload.shared_user_ids)].filter((id) => id !== creatorId);
    const found = await this.repo.activeUserIds(auth.companyId, wanted);
    if (found.length !== wanted.length)
      throw validationFailed({ shared_user_ids: ['unknown_user'] });
    if (!isPrivate && wanted.length === 0)
      throw validationFailed({ shared_user_ids: ['field_required'] });
    return {
      fields: {
        name: payload.name,
        description: payload.description ?? null,
        private: isPrivate,
        collaborative: !isPrivate && payload.collaborative,
      },
      userIds: wanted,
    };
  }

  async create(auth: AuthContext, payload: TRecruitmentListCreate): Promise<TRecruitmentList> {
    const { fields, userIds } = await this.fields(auth, payload, auth.userId);
    const id = await this.repo.create(auth.companyId, auth.userId, fields, userIds);
    return this.get(auth, id);
  }

  async update(auth: AuthContext, payload: TRecruitmentListUpdate): Promise<TRecruitmentList> {
    const { row } = await this.owned(auth, payload.id);
    const { fields, userIds } = await this.fields(auth, payload, row.creator_id);
    await this.repo.update(auth.companyId, row.id, fields, userIds);
    return this.get(auth, row.id);
  }

  async delete(auth: AuthContext, id: number): Promise<void> {
    const { row } = await this.owned(auth, id);
    await this.repo.delete(auth.companyId, row.id);
  }

  /** The list the caller may add to or remove from: 403 on a read-only shared list. */
  async editable(auth: AuthContext, id: number): Promise<Seen> {
    const seen = await this.seen(auth, id);
    if (!seen.canAdd) throw forbidden();
    return seen;
  }

  /** The distinct ids if the caller sees every one of them; null otherwise. */
  private async allSeen(auth: AuthContext, ids: number[]): Promise<number[] | null> {
    const wanted = [...new Set(ids)];
    const found = await this.repo.seenApplicantIds(
      await this.visibleApplicants.scope(auth),
      wanted,
    );
    return found.length === wanted.length ? wanted : null;
  }

  /**
   * Adds applicants the caller sees (another company's, or one outside the caller's scope, is
   * 422 `unknown_applicant`, as one that does not exist). Each reader of the list then sees
   * those of them that they see themselves.
   */
  async addApplicants(auth: AuthContext, id: number, ids: number[]): Promise<TRecruitmentList> {
    const seen = await this.editable(auth, id);
    // An empty selection (all that match, none did) changes nothing.
    if (!ids.length) return this.get(auth, id);
    const wanted = await this.allSeen(auth, ids);
    if (!wanted) throw validationFailed({ applicant_ids: ['unknown_applicant'] });
    await this.repo.addApplicants(seen.row.id, wanted, auth.userId);
    return this.get(auth, id);
  }

  /**
   * Adds to the list the applicant that `create` makes or finds (a talent community member
   * becoming an applicant, docs/community.md): the list is checked first (403 on a read-only shared
   * list, 404 on one the caller does not see), so nothing is created for a list refused. The
   * applicant is the company's own, just made from a member the caller sees, so the scope check of
   * `addApplicants` (applicants seen through projects) does not apply.
   */
  async addFromCommunity(
    auth: AuthContext,
    id: number,
    create: () => Promise<number>,
  ): Promise<number> {
    const seen = await this.editable(auth, id);
    const applicantId = await create();
    await this.repo.addApplicants(seen.row.id, [applicantId], auth.userId);
    return applicantId;
  }

  /**
   * Removes applicants the caller sees; any other id (hidden from the caller, another company's,
   * unknown) answers 404 and removes nothing, as the applicant routes answer for them.
   */
  async removeApplicants(auth: AuthContext, id: number, ids: number[]): Promise<TRecruitmentList> {
    const seen = await this.editable(auth, id);
    if (!ids.length) return this.get(auth, id);
    const wanted = await this.allSeen(auth, ids);
    if (!wanted) throw notFound('Applicant');
    await this.repo.removeApplicants(seen.row.id, wanted);
    return this.get(auth, id);
  }

  async applicants(
    auth: AuthContext,
    id: number,
    query: TRecruitmentListSearchQuery,
  ): Promise<TRecruitmentListApplicantPage> {
    const { row } = await this.seen(auth, id);
    const scope = await this.visibleApplicants.scope(auth);
    const search = query.search || undefined;
    const [{ rows, total }, counts, seenCount] = await Promise.all([
      this.repo.applicants(row.id, scope, search, {
        limit: query.per_page,
        offset: (query.page - 1) * query.per_page,
      }),
      this.repo.entryCounts(row.id),
      // The page's total is that count unless a search narrows it (the hidden count ignores it).
      search && scope.visibleProjects !== null ? this.repo.seenCount(row.id, scope) : undefined,
    ]);
    const { archived, hidden } = RecruitmentListsService.apart(counts, scope, seenCount ?? total);
    return {
      ...pageOf(
        rows.map((r) => ({
          id: r.id,
          firstname: r.firstname,
          lastname: r.lastname,
          email: r.email,
          img_src: r.img_src,
          added_at: r.added_at,
          added_by:
            r.added_by_id === null
              ? null
              : {
                  id: r.added_by_id,
                  firstname: r.added_by_firstname!,
                  lastname: r.added_by_lastname!,
                },
        })),
        query.page,
        query.per_page,
        total,
      ),
      archived,
      hidden,
    };
  }

  async users(
    auth: AuthContext,
    query: TRecruitmentListSearchQuery,
  ): Promise<TRecruitmentListUserPage> {
    const { rows, total } = await this.repo.users(
      auth.companyId,
      auth.userId,
      query.search || undefined,
      { limit: query.per_page, offset: (query.page - 1) * query.per_page },
    );
    return pageOf(rows, query.page, query.per_page, total);
  }
}
