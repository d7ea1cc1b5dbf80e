import type {
  TGroup,
  TGroupFormValues,
  TGroupListFilters,
  TGroupMemberFilters,
  TGroupMemberPage,
  TGroupPage,
  TGroupUserPage,
} from '@embauche/contracts/groups';
import type { AuthContext } from '../../platform/auth/auth-context.ts';
import type { AuditTrail } from '../../platform/audit/audit-trail.ts';
import { nowIso } from '../../platform/db/database.ts';
import { nameTaken, writeUniqueName } from '../../platform/db/unique-name.ts';
import { notFound, validationFailed } from '../../platform/http/http-error.ts';
import type { GroupsRepository } from './groups.repository.ts';
import { pageOf } from '../../platform/http/list-query.ts';

/** Groups of the caller's company (issue 16 item 2; contracts/groups.ts documents the calls). */
export class GroupsService {
  constructor(
    private readonly repo: GroupsRepository,
    private readonly audit: Pick<AuditTrail, 'record'>,
  ) {}

  async page(auth: AuthContext, filters: TGroupListFilters): Promise<TGroupPage> {
    const { rows, total } = await this.repo.page(auth.companyId, filters);
    return pageOf(rows, filters.page, filters.per_page, total);
  }

  async get(auth: AuthContext, id: number): Promise<TGroup> {
    const row = await this.repo.find(auth.companyId, id);
    if (!row) throw notFound('Group');
    return row;
  }

  async create(auth: AuthContext, { name }: TGroupFormValues): Promise<TGroup> {
    if (await this.repo.nameTaken(auth.companyId, name)) throw nameTaken();
    const id = await writeUniqueName(() => this.repo.insert(auth.companyId, name, nowIso()));
    await this.audit.record(auth, 'group.created', { type: 'group', id }, { name });
    return this.get(auth, id);
  }

  async rename(auth: AuthContext, id: number, { name }: TGroupFormValues): Promise<TGroup> {
    const group = await this.get(auth, id);
    if (group.name === name) return group;
    if (await this.repo.nameTaken(auth.companyId, name, id)) throw nameTaken();
    await writeUniqueName(() => this.repo.rename(auth.companyId, id, name));
    await this.audit.record(
      auth,
      'group.renamed',
      { type: 'group', id },
      { name, previous_name: group.name },
    );
    return { ...group, name };
  }

  async remove(auth: AuthContext, id: number): Promise<void> {
    const group = await this.get(auth, id);
    await this.repo.delete(auth.companyId, id);
    await this.audit.record(auth, 'group.deleted', { type: 'group', id }, { name: group.name });
  }

  async members(
    auth: AuthContext,
    id: number,
    filters: TGroupMemberFilters,
  ): Promise<TGroupMemberPage> {
    await this.get(auth, id);
    const { rows, total } = await this.repo.members(auth.companyId, id, filters);
    const data = rows.map((r) => ({ ...r, active: Boolean(r.active) }));
    return pageOf(data, filters.page, filters.per_page, total);
  }

  /** The company's users (active or not) whom the members dialog may add. */
  async users(auth: AuthContext, filters: TGroupMemberFilters): Promise<TGroupUserPage> {
    const { rows, total } = await this.repo.users(auth.companyId, filters);
    const data = rows.map((r) => ({ ...r, active: Boolean(r.active) }));
    return pageOf(data, filters.page, filters.per_page, total);
  }

  /** Sets the members; every id must be a user of the company (active or not). */
  async setMembers(auth: AuthContext, id: number, userIds: number[]): Promise<void> {
    await this.get(auth, id);
    const ids = [...new Set(userIds)];
    const known = await this.repo.userIds(auth.companyId, ids);
    if (known.length !== ids.length) throw validationFailed({ user_ids: ['unknown_user'] });
    const { added, removed } = await this.repo.setMembers(id, ids);
    if (added.length || removed.length)
      await this.audit.record(
        auth,
        'group.members_changed',
        { type: 'group', id },
        { added, removed },
      );
  }
}
