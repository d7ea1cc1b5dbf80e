import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { SsoDomainStatus, TSsoPendingDomain } from '@embauche/contracts/sso';
import type { DB } from '../../platform/db/schema.ts';

export type SsoDomainRow = {
  id: number;
  company_id: number;
  domain: string;
  status: SsoDomainStatus;
  token: string;
  verified_at: string | null;
  verified_method: 'dns' | 'approval' | null;
};

/** The company that holds an e-mail domain verified, with SSO enabled. */
export type DomainOwner = {
  company_id: number;
  auto_create_users: boolean;
  default_role_id: number | null;
};

const newToken = () => randomBytes(16).toString('hex');

/** SSO domains: each company's claims, their proof, and who holds a domain (migration 0039). */
export class SsoDomainsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  private rows() {
    return this.db
      .selectFrom('sso_domains')
      .select(['id', 'company_id', 'domain', 'status', 'token', 'verified_at', 'verified_method']);
  }

  async ofCompany(companyId: number): Promise<SsoDomainRow[]> {
    const rows = await this.rows().where('company_id', '=', companyId).orderBy('domain').execute();
    return rows.map(toRow);
  }

  async claim(companyId: number, domain: string): Promise<SsoDomainRow | undefined> {
    const row = await this.rows()
      .where('company_id', '=', companyId)
      .where('domain', '=', domain)
      .executeTakeFirst();
    return row && toRow(row);
  }

  async byId(id: number): Promise<SsoDomainRow | undefined> {
    const row = await this.rows().where('id', '=', id).executeTakeFirst();
    return row && toRow(row);
  }

  /** Of these domains, those another company holds verified. */
  async verifiedByOthers(companyId: number, domains: string[]): Promise<string[]> {
    if (domains.length === 0) return [];
    const rows = await this.db
      .selectFrom('sso_domains')
      .select('domain')
      .where('domain', 'in', domains)
      .where('status', '=', 'verified')
      .where('company_id', '<>', companyId)
      .execute();
    return rows.map((r) => r.domain);
  }

  /** The company whose verified domain this is, when its SSO is enabled. */
  async owner(domain: string): Promise<DomainOwner | undefined> {
    const row = await this.db
      .selectFrom('sso_domains')
      .innerJoin('company_sso', 'company_sso.company_id', 'sso_domains.company_id')
      .select([
        'sso_domains.company_id',
        'company_sso.auto_create_users',
        'company_sso.default_role_id',
      ])
      .where('sso_domains.domain', '=', domain)
      .where('sso_domains.status', '=', 'verified')
      .where('company_sso.enabled', '=', true)
      .executeTakeFirst();
    return row && { ...row, auto_create_users: Boolean(row.auto_create_users) };
  }

  /** The companies where an account has this e-mail (active or not). */
  async companiesWithUser(email: string): Promise<number[]> {
    const rows = await this.db
      .selectFrom('users')
      .select('company_id')
      .where('email', '=', email)
      .execute();
    return rows.map((r) => r.company_id);
  }

  /**
   * Marks the claim verified and deletes the other companies' claims of its domain, in one
   * transaction. False when another company holds it verified already (the partial unique index
   * decides between two verifications at once).
   */
  async markVerified(
    row: SsoDomainRow,
    by: { userId: number | null; method: 'dns' | 'approval' },
    now: string,
  ): Promise<{ verified: boolean; dropped: { id: number; company_id: number }[] }> {
    try {
      return await this.db.transaction().execute(async (trx) => {
        const taken = await trx
          .selectFrom('sso_domains')
          .select('id')
          .where('domain', '=', row.domain)
          .where('status', '=', 'verified')
          .where('company_id', '<>', row.company_id)
          .executeTakeFirst();
        if (taken) return { verified: false, dropped: [] };
        await trx
          .updateTable('sso_domains')
          .set({
            status: 'verified',
            verified_at: now,
            verified_by: by.userId,
            verified_method: by.method,
          })
          .where('id', '=', row.id)
          .execute();
        const dropped = await trx
          .deleteFrom('sso_domains')
          .where('domain', '=', row.domain)
          .where('company_id', '<>', row.company_id)
          .returning(['id', 'company_id'])
          .execute();
        return { verified: true, dropped };
      });
    } catch (error) {
      if (await this.verifiedByOthers(row.company_id, [row.domain]).then((d) => d.length > 0))
        return { verified: false, dropped: [] };
      throw error;
    }
  }

  /** Rejects a pending claim; false unless it was pending. */
  async reject(id: number): Promise<boolean> {
    const res = await this.db
      .updateTable('sso_domains')
      .set({ status: 'rejected' })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  /** Every company's pending claims, oldest first. */
  async pending(limit: number): Promise<TSsoPendingDomain[]> {
    const rows = await this.db
      .selectFrom('sso_domains')
      .innerJoin('companies', 'companies.id', 'sso_domains.company_id')
      .select([
        'sso_domains.id',
        'sso_domains.domain',
        'sso_domains.company_id',
        'companies.social_reason as company_name',
        'sso_domains.created_at',
      ])
      .where('sso_domains.status', '=', 'pending')
      .orderBy('sso_domains.created_at')
      .orderBy('sso_domains.id')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ ...r, created_at: iso(r.created_at) }));
  }
}

/**
 * Makes the company's claims exactly `domains` (in the settings' transaction): kept ones keep their
 * state and token, removed ones are deleted, new ones are pending with a token of their own.
 */
export async function replaceDomainClaims(
  trx: Kysely<DB>,
  companyId: number,
  domains: string[],
  now: string,
): Promise<void> {
  const existing = await trx
    .selectFrom('sso_domains')
    .select(['id', 'domain'])
    .where('company_id', '=', companyId)
    .execute();
  const removed = existing.filter((r) => !domains.includes(r.domain)).map((r) => r.id);
  if (removed.length) await trx.deleteFrom('sso_domains').where('id', 'in', removed).execute();
  const kept = new Set(existing.map((r) => r.domain));
  const added = domains.filter((d) => !kept.has(d));
  if (added.length)
    await trx
      .insertInto('sso_domains')
      .values(
        added.map((domain) => ({
          company_id: companyId,
          domain,
          status: 'pending' as const,
          token: newToken(),
          created_at: now,
        })),
      )
      .execute();
}

const iso = (value: string | Date): string =>
  value instanceof Date ? value.toISOString() : new Date(value).toISOString();

function toRow(row: {
  id: number;
  company_id: number;
  domain: string;
  status: SsoDomainStatus;
  token: string;
  verified_at: string | Date | null;
  verified_method: 'dns' | 'approval' | null;
}): SsoDomainRow {
  return { ...row, verified_at: row.verified_at === null ? null : iso(row.verified_at) };
}
