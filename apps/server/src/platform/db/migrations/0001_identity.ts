import { sql, type Kysely } from 'kysely';
import { schemaHelpers, type Migration } from '../columns.ts';
import type { Dialect } from '../database.ts';

/** Companies, partners, subsidiaries, roles and permissions, users, groups, sessions, login throttling. */
export const identity: Migration = {
  name: '0001_identity',
  async up(db: Kysely<unknown>, dialect: Dialect) {
    const h = schemaHelpers(dialect);
    const ts = h.timestamp;

    await h
      .id(db.schema.createTable('partners'))
      .addColumn('name', 'varchar(255)', (c) => c.notNull())
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute();

    await h
      .id(db.schema.createTable('companies'))
      .addColumn('social_reason', 'varchar(255)', (c) => c.notNull())
      .addColumn('slug', 'varchar(100)', (c) => c.notNull().unique())
      .addColumn('country', 'varchar(2)', (c) => c.notNull())
      .addColumn('organisation_type', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('client_account', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('support_url', 'varchar(2048)')
      .addColumn('sso_login_url', 'varchar(2048)')
      .addColumn('subsidiary_mode', h.boolean, h.falseDefault)
      .addColumn('partner_id', 'integer', (c) => c.references('partners.id').onDelete('set null'))
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('companies_partner_id_idx')
      .on('companies')
      .column('partner_id')
      .execute();

    await db.schema
      .createTable('company_features')
      .addColumn('company_id', 'integer', (c) =>
        c.notNull().references('companies.id').onDelete('cascade'),
      )
      .addColumn('feature', 'varchar(50)', (c) => c.notNull())
      .addPrimaryKeyConstraint('company_features_pk', ['company_id', 'feature'])
      .execute();

    await h
      .id(db.schema.createTable('subsidiaries'))
      .addColumn('company_id', 'integer', (c) =>
        c.notNull().references('companies.id').onDelete('cascade'),
      )
      .addColumn('name', 'varchar(255)', (c) => c.notNull())
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('subsidiaries_company_id_idx')
      .on('subsidiaries')
      .column('company_id')
      .execute();

    await h
      .id(db.schema.createTable('roles'))
      .addColumn('company_id', 'integer', (c) =>
        c.notNull().references('companies.id').onDelete('cascade'),
      )
      .addColumn('name', 'varchar(255)', (c) => c.notNull())
      .addColumn('parent_id', 'integer', (c) => c.references('roles.id').onDelete('cascade'))
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('roles_company_id_idx')
      .on('roles')
      .columns(['company_id', 'parent_id'])
      .execute();

    // A company's roles form one tree: a single root.
    await db.schema
      .createIndex('roles_one_root_idx')
      .on('roles')
      .column('company_id')
      .unique()
      .where(sql.ref('parent_id'), 'is', null)
      .execute();

    await db.schema
      .createTable('role_permissions')
      .addColumn('role_id', 'integer', (c) =>
        c.notNull().references('roles.id').onDelete('cascade'),
      )
      .addColumn('permission', 'varchar(100)', (c) => c.notNull())
      .addPrimaryKeyConstraint('role_permissions_pk', ['role_id', 'permission'])
      .execute();

    await h
      .id(db.schema.createTable('users'))
      .addColumn('company_id', 'integer', (c) =>
        c.notNull().references('companies.id').onDelete('cascade'),
      )
      .addColumn('role_id', 'integer', (c) => c.references('roles.id').onDelete('set null'))
      .addColumn('subsidiary_id', 'integer', (c) =>
        c.references('subsidiaries.id').onDelete('set null'),
      )
      .addColumn('firstname', 'varchar(255)', (c) => c.notNull())
      .addColumn('lastname', 'varchar(255)', (c) => c.notNull())
      .addColumn('email', 'varchar(255)', (c) => c.notNull())
      .addColumn('password_hash', 'varchar(255)')
      .addColumn('img_src', 'varchar(2048)')
      .addColumn('language', 'varchar(5)', (c) => c.notNull().defaultTo('fr'))
      .addColumn('super_admin', h.boolean, h.falseDefault)
      .addColumn('partner_admin', h.boolean, h.falseDefault)
      .addColumn('partner_id', 'integer', (c) => c.references('partners.id').onDelete('set null'))
      .addColumn('active', h.boolean, h.trueDefault)
      .addColumn('totp_secret', 'varchar(255)')
      .addColumn('totp_enabled', h.boolean, h.falseDefault)
      .addColumn('totp_last_used_step', 'bigint')
      .addColumn('last_login_at', ts)
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .addUniqueConstraint('users_company_email_unique', ['company_id', 'email'])
      .execute();
    await db.schema.createIndex('users_email_idx').on('users').column('email').execute();
    await db.schema.createIndex('users_role_id_idx').on('users').column('role_id').execute();

    await h
      .id(db.schema.createTable('user_recovery_codes'))
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
      .addColumn('used_at', ts)
      .execute();
    await db.schema
      .createIndex('user_recovery_codes_user_idx')
      .on('user_recovery_codes')
      .column('user_id')
      .execute();

    await h
      .id(db.schema.createTable('user_groups'))
      .addColumn('company_id', 'integer', (c) =>
        c.notNull().references('companies.id').onDelete('cascade'),
      )
      .addColumn('name', 'varchar(255)', (c) => c.notNull())
      .addColumn('level', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('user_groups_company_id_idx')
      .on('user_groups')
      .column('company_id')
      .execute();

    await db.schema
      .createTable('user_group_members')
      .addColumn('group_id', 'integer', (c) =>
        c.notNull().references('user_groups.id').onDelete('cascade'),
      )
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addPrimaryKeyConstraint('user_group_members_pk', ['group_id', 'user_id'])
      .execute();
    await db.schema
      .createIndex('user_group_members_user_idx')
      .on('user_group_members')
      .column('user_id')
      .execute();

    await db.schema
      .createTable('sessions')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('two_factor_pending', h.boolean, h.falseDefault)
      .addColumn('acting_company_id', 'integer', (c) =>
        c.references('companies.id').onDelete('set null'),
      )
      .addColumn('acting_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('ip', 'varchar(64)')
      .addColumn('user_agent', 'varchar(512)')
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('last_seen_at', ts, (c) => c.notNull())
      .addColumn('expires_at', ts, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute();
    await db.schema
      .createIndex('sessions_expires_at_idx')
      .on('sessions')
      .column('expires_at')
      .execute();

    await db.schema
      .createTable('login_attempts')
      .addColumn('key', 'varchar(320)', (c) => c.primaryKey())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addColumn('window_start', ts, (c) => c.notNull())
      .execute();
  },
};
