import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { schemaHelpers, type Migration } from '../columns.ts';
import type { Dialect } from '../database.ts';

/**
 * SSO domains proved by their owner (issue 33 item 2). `sso_domains` replaces
 * `company_sso_domains`: a company's claim of an e-mail domain, `pending` until it is proved by a
 * DNS TXT record carrying `token` (`_embauche-verification.<domain>`) or approved by a super
 * administrator, then `verified` (`verified_at`, `verified_by`: the user who pressed "verify" or
 * approved; `verified_method`: `dns` or `approval`), or `rejected` by a super administrator.
 * Several companies may claim a domain; one only may hold it verified (a partial unique index,
 * so that two verifications at once cannot both win). The domains already saved become pending
 * claims with fresh tokens: none of them was proved, so none routes sign-ins until it is.
 */
export const ssoDomainVerification: Migration = {
  name: '0039_sso_domain_verification',
  async up(db: Kysely<unknown>, dialect: Dialect) {
    const h = schemaHelpers(dialect);
    await h
      .id(db.schema.createTable('sso_domains'))
      .addColumn('company_id', 'integer', (c) =>
        c.notNull().references('companies.id').onDelete('cascade'),
      )
      .addColumn('domain', 'varchar(253)', (c) => c.notNull())
      .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('pending'))
      .addColumn('token', 'varchar(64)', (c) => c.notNull())
      .addColumn('created_at', h.timestamp, (c) => c.notNull())
      .addColumn('verified_at', h.timestamp)
      .addColumn('verified_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('verified_method', 'varchar(16)')
      .addUniqueConstraint('sso_domains_company_domain_unique', ['company_id', 'domain'])
      .execute();
    await db.schema
      .createIndex('sso_domains_verified_domain_idx')
      .unique()
      .on('sso_domains')
      .column('domain')
      .where(sql.ref('status'), '=', 'verified')
      .execute();
    await db.schema
      .createIndex('sso_domains_domain_idx')
      .on('sso_domains')
      .column('domain')
      .execute();

    const old = await sql<{ company_id: number; domain: string }>`
      select company_id, domain from company_sso_domains order by id`.execute(db);
    const now = new Date().toISOString();
    for (const row of old.rows)
      await db
        .insertInto('sso_domains' as never)
        .values({
          company_id: row.company_id,
          domain: row.domain,
          status: 'pending',
          token: randomBytes(16).toString('hex'),
          created_at: now,
        } as never)
        .execute();
    await db.schema.dropTable('company_sso_domains').execute();
  },
};
