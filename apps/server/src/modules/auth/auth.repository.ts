import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import { queueMail, type MailMessage } from '../../platform/mail/mailer.ts';

export type LoginCandidate = {
  id: number;
  company_id: number;
  company_name: string;
  role_name: string | null;
  password_hash: string | null;
  totp_enabled: boolean;
};

export type Identity = {
  id: number;
  firstname: string;
  lastname: string;
  email: string;
  img_src: string | null;
  language: string;
  /** The user's own zone, null for the company's. */
  time_zone: string | null;
  role_id: number | null;
  role_name: string | null;
  super_admin: boolean;
  partner_admin: boolean;
  totp_enabled: boolean;
  company_id: number;
  company_name: string;
  company_slug: string;
  company_country: string;
  organisation_type: number;
  client_account: number;
  support_url: string | null;
  subsidiary_mode: boolean;
  company_time_zone: string;
};

/** Users, companies and roles as sign-in and the session context read them. */
export class AuthRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async findLoginCandidates(email: string): Promise<LoginCandidate[]> {
    const rows = await this.db
      .selectFrom('users')
      .innerJoin('companies', 'companies.id', 'users.company_id')
      .leftJoin('roles', 'roles.id', 'users.role_id')
      .select([
        'users.id',
        'users.company_id',
        'companies.social_reason as company_name',
        'roles.name as role_name',
        'users.password_hash',
        'users.totp_enabled',
      ])
      .where('users.email', '=', email)
      .where('users.active', '=', true)
      .orderBy('users.id')
      .execute();
    return rows.map((r) => ({ ...r, totp_enabled: Boolean(r.totp_enabled) }));
  }

  async findIdentity(userId: number): Promise<Identity | undefined> {
    const row = await this.db
      .selectFrom('users')
      .innerJoin('companies', 'companies.id', 'users.company_id')
      .leftJoin('roles', 'roles.id', 'users.role_id')
      .select([
        'users.id',
        'users.firstname',
        'users.lastname',
        'users.email',
        'users.img_src',
        'users.language',
        'users.time_zone',
        'users.role_id',
        'roles.name as role_name',
        'users.super_admin',
        'users.partner_admin',
        'users.totp_enabled',
        'users.company_id',
        'companies.social_reason as company_name',
        'companies.slug as company_slug',
        'companies.country as company_country',
        'companies.organisation_type',
        'companies.client_account',
        'companies.support_url',
        'companies.subsidiary_mode',
        'companies.time_zone as company_time_zone',
      ])
      .where('users.id', '=', userId)
      .where('users.active', '=', true)
      .executeTakeFirst();
    return (
      row && {
        ...row,
        super_admin: Boolean(row.super_admin),
        partner_admin: Boolean(row.partner_admin),
        totp_enabled: Boolean(row.totp_enabled),
        subsidiary_mode: Boolean(row.subsidiary_mode),
      }
    );
  }

  /** A company as `/api/me` shows it, for a session acting as that company (issue 16 item 3). */
  async findCompanyProfile(companyId: number) {
    const row = await this.db
      .selectFrom('companies')
      .select([
        'id as company_id',
        'social_reason as company_name',
        'slug as company_slug',
        'country as company_country',
        'organisation_type',
        'client_account',
        'support_url',
        'subsidiary_mode',
        'time_zone as company_time_zone',
      ])
      .where('id', '=', companyId)
      .executeTakeFirst();
    return row && { ...row, subsidiary_mode: Boolean(row.subsidiary_mode) };
  }

  async findRole(roleId: number | null): Promise<{ id: number; name: string } | null> {
    if (roleId === null) return null;
    const row = await this.db
      .selectFrom('roles')
      .select(['id', 'name'])
      .where('id', '=', roleId)
      .executeTakeFirst();
    return row ?? null;
  }

  async rolePermissions(roleId: number | null): Promise<string[]> {
    if (roleId === null) return [];
    const rows = await this.db
      .selectFrom('role_permissions')
      .select('permission')
      .where('role_id', '=', roleId)
      .execute();
    return rows.map((r) => r.permission);
  }

  async companyFeatures(companyId: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('company_features')
      .select('feature')
      .where('company_id', '=', companyId)
      .orderBy('feature')
      .execute();
    return rows.map((r) => r.feature);
  }

  async totpState(userId: number) {
    return this.db
      .selectFrom('users')
      .select(['totp_secret', 'totp_enabled', 'totp_last_used_step'])
      .where('id', '=', userId)
      .executeTakeFirst();
  }

  /** Records a used time step; false when that step (or a later one) was used already. */
  async claimTotpStep(userId: number, step: number): Promise<boolean> {
    const result = await this.db
      .updateTable('users')
      .set({ totp_last_used_step: step })
      .where('id', '=', userId)
      .where((eb) =>
        eb.or([eb('totp_last_used_step', 'is', null), eb('totp_last_used_step', '<', step)]),
      )
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Marks an unused recovery code as used; false when none matches. */
  async consumeRecoveryCode(userId: number, codeHash: string, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable('user_recovery_codes')
      .set({ used_at: at })
      .where('user_id', '=', userId)
      .where('code_hash', '=', codeHash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Queues an e-mail (outbox row and send job) in one transaction. */
  async queueMail(message: MailMessage): Promise<void> {
    await this.db.transaction().execute((trx) => queueMail(trx, message));
  }

  async recordLogin(userId: number, at: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ last_login_at: at })
      .where('id', '=', userId)
      .execute();
  }
}
