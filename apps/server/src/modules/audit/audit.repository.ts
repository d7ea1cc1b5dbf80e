import { sql, type Kysely, type SqlBool } from 'kysely';
import { AUDIT_LOG_COUNT_CAP } from '@embauche/contracts/audit';
import type { Paged } from '@embauche/contracts/paging';
import { likePattern } from '../../platform/db/like-pattern.ts';
import type { DB } from '../../platform/db/schema.ts';
import { pageOf } from '../../platform/http/list-query.ts';

export type AuditLogFilters = {
  actions: string[];
  /** The real person's id. */
  userId: number | null;
  /** ISO instants: `from` inclusive, `to` exclusive. */
  from: string | null;
  to: string | null;
  /** Part of the real person's e-mail, first or last name. */
  q: string | null;
};

export type AuditLogRow = {
  id: number;
  action: string;
  created_at: string;
  actor_user_id: number | null;
  actor_firstname: string | null;
  actor_lastname: string | null;
  actor_email: string | null;
  acting_as_user_id: number | null;
  acting_firstname: string | null;
  acting_lastname: string | null;
  acting_email: string | null;
  acting_as_company_id: number | null;
  acting_company_name: string | null;
  target_type: string | null;
  target_id: number | null;
  details: string | null;
  ip: string | null;
  user_agent: string | null;
};

/** Reads the audit trail of one company (the writer is platform/audit). */
export class AuditRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /**
   * A page of the company's entries, newest first. The filters and the order run on `audit_log`
   * alone (indexes of migration 0017); the names are joined to the page's rows only.
   */
  async page(
    companyId: number,
    f: AuditLogFilters,
    page: number,
    perPage: number,
  ): Promise<Paged<AuditLogRow> & { total_capped: boolean }> {
    let base = this.db.selectFrom('audit_log as a').where('a.company_id', '=', companyId);
    if (f.actions.length === 1) base = base.where('a.action', '=', f.actions[0]!);
    else if (f.actions.length > 1) base = base.where('a.action', 'in', f.actions);
    if (f.userId !== null) base = base.where('a.actor_user_id', '=', f.userId);
    if (f.from !== null) base = base.where('a.created_at', '>=', f.from);
    if (f.to !== null) base = base.where('a.created_at', '<', f.to);
    if (f.q) {
      const like = likePattern(f.q);
      base = base.where('a.actor_user_id', 'in', (eb) =>
        eb
          .selectFrom('users as s')
          .select('s.id')
          .where((w) =>
            w.or(
              (['s.email', 's.firstname', 's.lastname'] as const).map(
                (c) => sql<SqlBool>`lower(${w.ref(c)}) like ${like} escape '\\'`,
              ),
            ),
          ),
      );
    }
    // The count reads at most one entry past the cap (contracts/audit.ts AUDIT_LOG_COUNT_CAP).
    const [counted, ids] = await Promise.all([
      this.db
        .selectFrom(
          base
            .select('a.id')
            .limit(AUDIT_LOG_COUNT_CAP + 1)
            .as('capped'),
        )
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
      base
        .select('a.id')
        .orderBy('a.created_at', 'desc')
        .orderBy('a.id', 'desc')
        .limit(perPage)
        .offset((page - 1) * perPage)
        .execute(),
    ]);
    const n = Number(counted.n);
    const total = Math.min(n, AUDIT_LOG_COUNT_CAP);
    return {
      ...pageOf(await this.rows(ids.map((r) => r.id)), page, perPage, total),
      total_capped: n > AUDIT_LOG_COUNT_CAP,
    };
  }

  private async rows(ids: number[]): Promise<AuditLogRow[]> {
    if (!ids.length) return [];
    return this.db
      .selectFrom('audit_log as a')
      .leftJoin('users as actor', 'actor.id', 'a.actor_user_id')
      .leftJoin('users as acting', 'acting.id', 'a.acting_as_user_id')
      .leftJoin('companies as ac', 'ac.id', 'a.acting_as_company_id')
      .where('a.id', 'in', ids)
      .select([
        'a.id',
        'a.action',
        'a.created_at',
        'a.actor_user_id',
        'actor.firstname as actor_firstname',
        'actor.lastname as actor_lastname',
        'actor.email as actor_email',
        'a.acting_as_user_id',
        'acting.firstname as acting_firstname',
        'acting.lastname as acting_lastname',
        'acting.email as acting_email',
        'a.acting_as_company_id',
        'ac.social_reason as acting_company_name',
        'a.target_type',
        'a.target_id',
        'a.details',
        'a.ip',
        'a.user_agent',
      ])
      .orderBy('a.created_at', 'desc')
      .orderBy('a.id', 'desc')
      .execute();
  }
}
