import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import { newUserRow } from '../../platform/db/new-user.ts';
import { replaceDomainClaims } from './sso-domains.repository.ts';

export type SsoSettingsRow = {
  company_id: number;
  enabled: boolean;
  issuer_url: string;
  client_id: string;
  /** Sealed. */
  client_secret: string;
  auto_create_users: boolean;
  default_role_id: number | null;
  default_language: string;
  updated_at: string;
};

export type SsoLoginRow = {
  state_hash: string;
  company_id: number;
  secrets: string;
  redirect_uri: string;
  created_at: string;
  expires_at: string;
};

export type SsoAccount = { id: number; company_id: number; active: boolean };

export type NewSsoUser = {
  company_id: number;
  role_id: number;
  firstname: string;
  lastname: string;
  email: string;
  language: string;
};

/** SSO settings, their domains, started sign-ins and the accounts SSO signs in. */
export class SsoRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async settings(companyId: number): Promise<SsoSettingsRow | undefined> {
    const row = await this.db
      .selectFrom('company_sso')
      .select([
        'company_id',
        'enabled',
        'issuer_url',
        'client_id',
        'client_secret',
        'auto_create_users',
        'default_role_id',
        'default_language',
        'updated_at',
      ])
      .where('company_id', '=', companyId)
      .executeTakeFirst();
    return (
      row && {
        ...row,
        enabled: Boolean(row.enabled),
        auto_create_users: Boolean(row.auto_create_users),
      }
    );
  }

  /** The company's claimed domains (any state), or only those it holds verified. */
  async domains(companyId: number, verifiedOnly = false): Promise<string[]> {
    let query = this.db
      .selectFrom('sso_domains')
      .select('domain')
      .where('company_id', '=', companyId);
    if (verifiedOnly) query = query.where('status', '=', 'verified');
    const rows = await query.orderBy('domain').execute();
    return rows.map((r) => r.domain);
  }

  /** The former per-company SSO address (`companies.sso_login_url`) of an active account. */
  async legacyLoginUrl(email: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('users')
      .innerJoin('companies', 'companies.id', 'users.company_id')
      .select('companies.sso_login_url')
      .where('users.email', '=', email)
      .where('users.active', '=', true)
      .where('companies.sso_login_url', 'is not', null)
      .executeTakeFirst();
    return row?.sso_login_url ?? null;
  }

  async roles(companyId: number): Promise<{ id: number; name: string }[]> {
    return this.db
      .selectFrom('roles')
      .select(['id', 'name'])
      .where('company_id', '=', companyId)
      .orderBy('name')
      .orderBy('id')
      .execute();
  }

  async isRoleOf(companyId: number, roleId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('roles')
      .select('id')
      .where('id', '=', roleId)
      .where('company_id', '=', companyId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Writes the settings and the domains claimed (sso-domains.repository.ts), in one transaction. */
  async save(
    row: Omit<SsoSettingsRow, 'updated_at'>,
    domains: string[],
    now: string,
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('company_sso')
        .set({ ...row, updated_at: now })
        .where('company_id', '=', row.company_id)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0)
        await trx
          .insertInto('company_sso')
          .values({ ...row, created_at: now, updated_at: now })
          .execute();
      await replaceDomainClaims(trx, row.company_id, domains, now);
    });
  }

  async insertLogin(row: SsoLoginRow): Promise<void> {
    await this.db.insertInto('sso_logins').values(row).execute();
    // Sign-ins nobody finished: gone once expired, swept as new ones start.
    await this.db.deleteFrom('sso_logins').where('expires_at', '<', row.created_at).execute();
  }

  /** Takes a started sign-in: answered once, whatever happens next. */
  async takeLogin(stateHash: string): Promise<SsoLoginRow | undefined> {
    return this.db
      .deleteFrom('sso_logins')
      .where('state_hash', '=', stateHash)
      .returningAll()
      .executeTakeFirst();
  }

  async findAccount(companyId: number, email: string): Promise<SsoAccount | undefined> {
    const row = await this.db
      .selectFrom('users')
      .select(['id', 'company_id', 'active'])
      .where('company_id', '=', companyId)
      .where('email', '=', email)
      .executeTakeFirst();
    return row && { ...row, active: Boolean(row.active) };
  }

  async createUser(user: NewSsoUser, now: string): Promise<number> {
    const row = await this.db
      .insertInto('users')
      .values(newUserRow({ ...user, subsidiary_id: null }, now))
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }
}
