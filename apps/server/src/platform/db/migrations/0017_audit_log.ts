import { sql, type Kysely } from 'kysely';
import { schemaHelpers, type Migration } from '../columns.ts';
import type { Dialect } from '../database.ts';

/**
 * The audit trail (issue 16 part 5): an append-only record of security-relevant acts, listed on the
 * config page `activity-logs`. The user columns carry no foreign key on purpose: an entry keeps
 * the id of whoever acted even once that account is gone, and a "set null" would be an update.
 * Triggers refuse UPDATE and DELETE on both databases, except the DELETE of a company's cascade
 * (the company row is already gone when its entries are deleted), so deleting a company still
 * takes its trail with it.
 */
export const auditLog: Migration = {
  name: '0017_audit_log',
  async up(db: Kysely<unknown>, dialect: Dialect) {
    const h = schemaHelpers(dialect);
    await h
      .id(db.schema.createTable('audit_log'))
      .addColumn('company_id', 'integer', (c) =>
        c.notNull().references('companies.id').onDelete('cascade'),
      )
      // The real person, even while acting as another user or company.
      .addColumn('actor_user_id', 'integer')
      .addColumn('acting_as_user_id', 'integer')
      .addColumn('acting_as_company_id', 'integer')
      .addColumn('action', 'varchar(60)', (c) => c.notNull())
      .addColumn('target_type', 'varchar(40)')
      .addColumn('target_id', 'integer')
      // Small JSON text, never a secret (no password, no token).
      .addColumn('details', 'text')
      .addColumn('ip', 'varchar(64)')
      .addColumn('user_agent', 'varchar(512)')
      .addColumn('created_at', h.timestamp, (c) => c.notNull())
      .execute();
    const index = (name: string, columns: string[]) =>
      db.schema.createIndex(name).on('audit_log').columns(columns).execute();
    // The list, newest first; each filter has its own entry point within the company. The trailing
    // columns make each index covering for the other filters: counting a page reads no table row.
    await index('audit_log_company_created_idx', [
      'company_id',
      'created_at desc',
      'id desc',
      'actor_user_id',
      'action',
    ]);
    await index('audit_log_company_action_idx', [
      'company_id',
      'action',
      'created_at desc',
      'id desc',
      'actor_user_id',
    ]);
    await index('audit_log_company_actor_idx', [
      'company_id',
      'actor_user_id',
      'created_at desc',
      'id desc',
      'action',
    ]);

    if (dialect === 'postgres') {
      await sql`create function audit_log_append_only() returns trigger language plpgsql as $$
        begin
          if tg_op = 'DELETE' and not exists (select 1 from companies where id = old.company_id) then
            return old;
          end if;
          raise exception 'audit_log is append-only' using errcode = '42501';
        end $$`.execute(db);
      await sql`create trigger audit_log_append_only before update or delete on audit_log
        for each row execute function audit_log_append_only()`.execute(db);
    } else {
      await sql`create trigger audit_log_no_update before update on audit_log
        begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
      await sql`create trigger audit_log_no_delete before delete on audit_log
        when exists (select 1 from companies where id = old.company_id)
        begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
    }
  },
};
