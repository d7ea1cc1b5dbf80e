import type {
  TSubsidiary,
  TSubsidiaryCreateValues,
  TSubsidiaryItem,
  TSubsidiaryTree,
  TSubsidiaryUserFilters,
  TSubsidiaryUserPage,
} from '@embauche/contracts/subsidiaries';
import type { AuditTrail } from '../../platform/audit/audit-trail.ts';
import type { AuthContext } from '../../platform/auth/auth-context.ts';
import { nowIso } from '../../platform/db/database.ts';
import { nameTaken, writeUniqueName } from '../../platform/db/unique-name.ts';
import { notFound, validationFailed } from '../../platform/http/http-error.ts';
import type { SubsidiariesRepository } from './subsidiaries.repository.ts';
import { pageOf } from '../../platform/http/list-query.ts';

type Node = { id: number; parent_id: number | null; name: string; archived: boolean };

/** The subsidiary and every subsidiary under it, the subsidiary first. */
function subtree(all: readonly Node[], rootId: number): Node[] {
  const children = new Map<number, Node[]>();
  for (const s of all)
    if (s.parent_id !== null) children.set(s.parent_id, [...(children.get(s.parent_id) ?? []), s]);
  const found: Node[] = [];
  const seen = new Set<number>();
  const queue = all.filter((s) => s.id === rootId);
  for (let s = queue.shift(); s; s = queue.shift()) {
    if (seen.has(s.id)) continue;
    seen.add(s.id);
    found.push(s);
    queue.push(...(children.get(s.id) ?? []));
  }
  return found;
}

/**
 * The company's subsidiaries: the pickers' list and the checks of the ids other modules store,
 * and the configuration page (issue 17 item 4; contracts/subsidiaries.ts documents the calls).
 */
export class SubsidiariesService {
  constructor(
    private readonly repo: SubsidiariesRepository,
    private readonly audit: Pick<AuditTrail, 'record'>,
  ) {}

  /** The pickers' list: archived subsidiaries are left out. */
  list(auth: AuthContext): Promise<TSubsidiary[]> {
    return this.repo.list(auth.companyId);
  }

  /**
   * Whether a form may hold this subsidiary: one of the company's, not archived unless it is the
   * one the object already holds (`keep`): an archived subsidiary keeps its links.
   */
  async isPickable(companyId: number, id: number, keep?: number | null): Promise<boolean> {
    const row = await this.repo.find(companyId, id);
    return row !== undefined && (!row.archived || id === keep);
  }

  /** A `subsidiary_id` in a payload must be pickable (422 `invalid` otherwise). */
  async check(
    companyId: number,
    id: number | null | undefined,
    keep?: number | null,
  ): Promise<void> {
    if (id != null && !(await this.isPickable(companyId, id, keep))) {
      throw validationFailed({ subsidiary_id: ['invalid'] });
    }
  }

  async tree(auth: AuthContext): Promise<TSubsidiaryTree> {
    const [subsidiaries, mode] = await Promise.all([
      this.repo.all(auth.companyId),
      this.repo.subsidiaryMode(auth.companyId),
    ]);
    return { subsidiary_mode: mode, subsidiaries };
  }

  async get(auth: AuthContext, id: number): Promise<TSubsidiaryItem> {
    const row = (await this.repo.all(auth.companyId)).find((s) => s.id === id);
    if (!row) throw notFound('Subsidiary');
    return row;
  }

  private async find(auth: AuthContext, id: number) {
    const row = await this.repo.find(auth.companyId, id);
    if (!row) throw notFound('Subsidiary');
    return row;
  }

  /** A parent must be one of the company's subsidiaries, not archived. */
  private async checkParent(auth: AuthContext, parentId: number | null) {
    if (parentId === null) return;
    const parent = await this.repo.find(auth.companyId, parentId);
    if (!parent) throw validationFailed({ parent_id: ['invalid'] });
    if (parent.archived) throw validationFailed({ parent_id: ['parent_archived'] });
  }

  async create(auth: AuthContext, input: TSubsidiaryCreateValues): Promise<TSubsidiaryItem> {
    await this.checkParent(auth, input.parent_id);
    if (await this.repo.nameTaken(auth.companyId, input.name)) throw nameTaken();
    const id = await writeUniqueName(() =>
      this.repo.insert(auth.companyId, input.name, input.parent_id, nowIso()),
    );
    await this.audit.record(
      auth,
      'subsidiary.created',
      { type: 'subsidiary', id },
      { name: input.name, parent_id: input.parent_id },
    );
    return this.get(auth, id);
  }

  async rename(auth: AuthContext, id: number, name: string): Promise<TSubsidiaryItem> {
    const row = await this.find(auth, id);
    if (row.name !== name) {
      if (await this.repo.nameTaken(auth.companyId, name, id)) throw nameTaken();
      await writeUniqueName(() => this.repo.update(auth.companyId, id, { name }));
      await this.audit.record(
        auth,
        'subsidiary.renamed',
        { type: 'subsidiary', id },
        { name, previous_name: row.name },
      );
    }
    return this.get(auth, id);
  }

  /** Moves under another subsidiary (or to the top): never under itself or a descendant. */
  async move(auth: AuthContext, id: number, parentId: number | null): Promise<TSubsidiaryItem> {
    const row = await this.find(auth, id);
    if (row.parent_id !== parentId) {
      await this.checkParent(auth, parentId);
      if (parentId !== null) {
        const parentOf = new Map(
          (await this.repo.parents(auth.companyId)).map((r) => [r.id, r.parent_id]),
        );
        // Walk up from the new parent: meeting the subsidiary itself means a cycle.
        const seen = new Set<number>();
        for (let at: number | null = parentId; at !== null; at = parentOf.get(at) ?? null) {
          if (at === id || seen.has(at))
            throw validationFailed({ parent_id: ['subsidiary_cycle'] });
          seen.add(at);
        }
      }
      await this.repo.update(auth.companyId, id, { parent_id: parentId });
      await this.audit.record(
        auth,
        'subsidiary.moved',
        { type: 'subsidiary', id },
        { parent_id: parentId, previous_parent_id: row.parent_id },
      );
    }
    return this.get(auth, id);
  }

  /**
   * Archiving takes the whole subtree along (the subsidiaries under it not archived yet), in one
   * transaction with one audit row each (`cascade_from`: the subsidiary archived by hand).
   * Restoring restores this one only, and not under an archived parent (422 `parent_archived`).
   */
  async setArchived(auth: AuthContext, id: number, archived: boolean): Promise<TSubsidiaryItem> {
    const row = await this.find(auth, id);
    if (row.archived === archived) return this.get(auth, id);
    const all = await this.repo.parents(auth.companyId);
    if (!archived) {
      const parent = all.find((s) => s.id === row.parent_id);
      if (parent?.archived) throw validationFailed({ archived: ['parent_archived'] });
    }
    const targets = archived
      ? subtree(all, id).filter((s) => s.id === id || !s.archived)
      : [{ id, name: row.name }];
    const now = nowIso();
    await this.repo.transaction(async (trx) => {
      await this.repo.setArchived(
        auth.companyId,
        targets.map((s) => s.id),
        archived ? now : null,
        trx,
      );
      for (const s of targets)
        await this.audit.record(
          auth,
          archived ? 'subsidiary.archived' : 'subsidiary.unarchived',
          { type: 'subsidiary', id: s.id },
          s.id === id ? { name: s.name } : { name: s.name, cascade_from: id },
          trx,
        );
    });
    return this.get(auth, id);
  }

  async setMode(auth: AuthContext, on: boolean): Promise<{ subsidiary_mode: boolean }> {
    if ((await this.repo.subsidiaryMode(auth.companyId)) !== on) {
      await this.repo.setSubsidiaryMode(auth.companyId, on, nowIso());
      await this.audit.record(
        auth,
        'company.subsidiary_mode_changed',
        { type: 'company', id: auth.companyId },
        { subsidiary_mode: on },
      );
    }
    return { subsidiary_mode: on };
  }

  private page(
    rows: TSubsidiaryUserPage['data'],
    total: number,
    f: TSubsidiaryUserFilters,
  ): TSubsidiaryUserPage {
    return pageOf(rows, f.page, f.per_page, total);
  }

  /** The users attached to one subsidiary. */
  async users(
    auth: AuthContext,
    id: number,
    filters: TSubsidiaryUserFilters,
  ): Promise<TSubsidiaryUserPage> {
    await this.find(auth, id);
    const { rows, total } = await this.repo.users(auth.companyId, filters, id);
    return this.page(rows, total, filters);
  }

  /** The company's users (active or not) with their subsidiary: whom the dialog may attach. */
  async companyUsers(
    auth: AuthContext,
    filters: TSubsidiaryUserFilters,
  ): Promise<TSubsidiaryUserPage> {
    const { rows, total } = await this.repo.users(auth.companyId, filters);
    return this.page(rows, total, filters);
  }

  /** Sets the users attached; every id must be a user of the company (active or not). */
  async setUsers(auth: AuthContext, id: number, userIds: number[]): Promise<void> {
    await this.find(auth, id);
    const ids = [...new Set(userIds)];
    const known = await this.repo.userIds(auth.companyId, ids);
    if (known.length !== ids.length) throw validationFailed({ user_ids: ['unknown_user'] });
    const { added, removed } = await this.repo.setUsers(auth.companyId, id, ids, nowIso());
    if (added.length || removed.length)
      await this.audit.record(
        auth,
        'subsidiary.users_changed',
        { type: 'subsidiary', id },
        { added, removed },
      );
  }
}
