import type { Kysely } from 'kysely';
import { schemaHelpers, type Migration } from '../columns.ts';
import type { Dialect } from '../database.ts';

/**
 * OpenID Connect sign-in per company (issue 16 item 4).
 *
 * - `company_sso`: one row per company. `client_secret` is sealed with AES-256-GCM
 *   (platform/crypto/secret-box.ts), never stored or sent in clear.
 * - `company_sso_domains`: the e-mail domains that sign in through a company's provider, lowercase
 *   and unique across companies, so that `/sso/check` finds at most one company for an e-mail.
 * - `sso_logins`: a started sign-in for ten minutes and once (deleted when its answer comes back):
 *   the state's hash, the sealed nonce and PKCE verifier, the company and the redirect URI. In the
 *   database rather than in a cookie because single use must hold across server instances and a
 *   replayed cookie cannot be revoked; the browser also gets the state in an HttpOnly cookie, which
 *   binds the answer to the browser that started it.
 */
export const companySso: Migration = {
  name: '0022_company_sso',
  async up(db: Kysely<unknown>, dialect: Dialect) {
    const h = schemaHelpers(dialect);
    const ts = h.timestamp;

    await h
      .id(db.schema.createTable('company_sso'))
      .addColumn('company_id', 'integer', (c) =>
        c.notNull().references('companies.id').onDelete('cascade'),
      )
      .addColumn('enabled', h.boolean, h.falseDefault)
      .addColumn('issuer_url', 'varchar(2048)', (c) => c.notNull())
      .addColumn('client_id', 'varchar(255)', (c) => c.notNull())
      .addColumn('client_secret', 'text', (c) => c.notNull())
      .addColumn('auto_create_users', h.boolean, h.falseDefault)
      .addColumn('default_role_id', 'integer', (c) => c.references('roles.id').onDelete('set null'))
      .addColumn('default_language', 'varchar(5)', (c) => c.notNull().defaultTo('fr'))
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .addUniqueConstraint('company_sso_company_unique', ['company_id'])
      .execute();

    await h
      .id(db.schema.createTable('company_sso_domains'))
      .addColumn('company_id', 'integer', (c) =>
        c.notNull().references('companies.id').onDelete('cascade'),
      )
      .addColumn('domain', 'varchar(253)', (c) => c.notNull())
      .addUniqueConstraint('company_sso_domains_domain_unique', ['domain'])
      .execute();
    await db.schema
      .createIndex('company_sso_domains_company_idx')
      .on('company_sso_domains')
      .column('company_id')
      .execute();

    await db.schema
      .createTable('sso_logins')
      .addColumn('state_hash', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('company_id', 'integer', (c) =>
        c.notNull().references('companies.id').onDelete('cascade'),
      )
      .addColumn('secrets', 'text', (c) => c.notNull())
      .addColumn('redirect_uri', 'varchar(2048)', (c) => c.notNull())
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('expires_at', ts, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('sso_logins_expires_idx')
      .on('sso_logins')
      .column('expires_at')
      .execute();
  },
};
