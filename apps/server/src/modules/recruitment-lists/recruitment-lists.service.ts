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

/**
 * The applicants module's service: which of the ids the user sees (docs/security.md "Who sees which
 * applicants").
 */
type Applicants = { many(auth: AuthContext, ids: number[]): Promise<Map<number, unknown>> };

/** What the caller may do with a list they see. */
type Seen = { row: ListRow; owner: boolean; canAdd: boolean };

/**
 * Recruitment lists (issue 15, docs/recruitment-lists.md): rules and access checks. A private
 * list exists only for its creator; a shared one for its creator and its shared users; only the
 * creator edits or deletes; the creator and, on a collaborative list, its shared users add and
 * remove applicants. Anything of another company is not found.
 */
export class RecruitmentListsService {
  constructor(
    private readonly repo: RecruitmentListsRepository,
    private readonly visibleApplicants: Applicants,
  ) {}

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

  private async full(seen: Seen): Promise<TRecruitmentList> {
    const [users, archived, applicants] = await Promise.all([
      this.repo.sharedUsers([seen.row.id]),
      this.repo.archivedCounts([seen.row.id]),
      this.repo.applicantIds(seen.row.id),
    ]);
    return { ...this.item(seen, users, archived.get(seen.row.id) ?? 0), applicants };
  }

  async get(auth: AuthContext, id: number): Promise<TRecruitmentList> {
    return this.full(await this.seen(auth, id));
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
  private async editable(auth: AuthContext, id: number): Promise<Seen> {
    const seen = await this.seen(auth, id);
    if (!seen.canAdd) throw forbidden();
    return seen;
  }

  /** 422 `unknown_applicant` unless every id is an applicant of the company. */
  private async companyApplicants(auth: AuthContext, ids: number[]): Promise<number[]> {
    const wanted = [...new Set(ids)];
    const found = await this.repo.companyApplicantIds(auth.companyId, wanted);
    if (found.length !== wanted.length)
      throw validationFailed({ applicant_ids: ['unknown_applicant'] });
    return wanted;
  }

  /**
   * Adds applicants the caller sees (another company's, or one outside the caller's scope, is
   * 422 `unknown_applicant`, as one that does not exist: a list never reveals an applicant to
   * someone who could not see it). The list's readers then see every entry: sharing is the
   * creator's choice.
   */
  async addApplicants(auth: AuthContext, id: number, ids: number[]): Promise<TRecruitmentList> {
    const seen = await this.editable(auth, id);
    const wanted = [...new Set(ids)];
    const visible = await this.visibleApplicants.many(auth, wanted);
    if (visible.size !== wanted.length)
      throw validationFailed({ applicant_ids: ['unknown_applicant'] });
    await this.repo.addApplicants(seen.row.id, wanted, auth.userId);
    return this.get(auth, id);
  }

  async removeApplicants(auth: AuthContext, id: number, ids: number[]): Promise<TRecruitmentList> {
    const seen = await this.editable(auth, id);
    await this.repo.removeApplicants(seen.row.id, await this.companyApplicants(auth, ids));
    return this.get(auth, id);
  }

  async applicants(
    auth: AuthContext,
    id: number,
    query: TRecruitmentListSearchQuery,
  ): Promise<TRecruitmentListApplicantPage> {
    const { row } = await this.seen(auth, id);
    const [{ rows, total }, archived] = await Promise.all([
      this.repo.applicants(row.id, query.search || undefined, {
        limit: query.per_page,
        offset: (query.page - 1) * query.per_page,
      }),
      this.repo.archivedCounts([row.id]),
    ]);
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
      archived: archived.get(row.id) ?? 0,
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
