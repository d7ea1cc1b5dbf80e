import type { Language } from '@embauche/contracts/constants';
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  USER_IMPORT_MAX_ROWS,
  type TUserImport,
  type TUserImportReport,
  type TUserImportStarted,
  type UserImportStatus,
} from '@embauche/contracts/user-import';
import type { AuditActor, AuditTrail } from '../../platform/audit/audit-trail.ts';
import type { AuthContext } from '../../platform/auth/auth-context.ts';
import { nowIso, type Dialect } from '../../platform/db/database.ts';
import { notFound, validationFailed } from '../../platform/http/http-error.ts';
import { readSpreadsheet, SpreadsheetReadError } from '../../platform/export/spreadsheet-read.ts';
import {
  checkImportRows,
  ImportFileError,
  type ImportReferences,
  type ImportRow,
} from './user-import-check.ts';
import type { UserImportRepository } from './user-import.repository.ts';
import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';

export const USER_IMPORT_JOB = 'users.import';
export type UserImportJob = { import_id: number; actor: AuditActor };

/**
 * Writes the invitations of the users created, in the import's transaction (the password-reset
 * service's `inviteAll`): links and e-mails exist exactly when the users do.
 */
export type BulkInviteHook = (trx: Kysely<DB>, users: { id: number }[]) => Promise<void>;

/** The company's roles, groups and subsidiaries by name (the users service's choices). */
export type ReferenceSource = (companyId: number) => Promise<
  Record<'roles' | 'groups' | 'subsidiaries', { id: number; name: string }[]> & {
    /** The company's default language (company settings). */
    defaultLanguage: Language;
  }
>;

type Live = {
  companyId: number;
  status: UserImportStatus;
  total: number;
  done: number;
  createdAt: string;
};

const byName = (list: { id: number; name: string }[]) =>
  new Map(list.map((r) => [r.name.trim().toLowerCase(), r.id]));

/**
 * Users imports from CSV or XLSX (contracts/user-import.ts): a dry run reports every bad row; a
 * run checks again and queues a job that creates every user in one transaction, or none.
 *
 * Progress: what the transaction writes is invisible outside it until it commits, so the rows
 * written so far are reported apart from it. The process running the job keeps them in memory and
 * answers `GET /users/imports/{id}` from there (on SQLite, the only choice: its one connection is
 * held by the transaction, so a read would wait until the commit). On PostgreSQL the count is
 * also written by a short statement of its own on another pooled connection after each batch, so
 * that another instance sees it too.
 */
export class UserImportService {
  readonly #live = new Map<number, Live>();

  constructor(
    private readonly repo: UserImportRepository,
    private readonly dialect: Dialect,
    private readonly references: ReferenceSource,
    private readonly audit: Pick<AuditTrail, 'record'>,
    private readonly invite: BulkInviteHook,
    private readonly maxRows = USER_IMPORT_MAX_ROWS,
  ) {}

  private async check(companyId: number, file: { data: Buffer; filename: string }) {
    let cells: string[][];
    try {
      cells = await readSpreadsheet(file.data, file.filename, { maxRows: this.maxRows });
    } catch (err) {
      if (err instanceof SpreadsheetReadError) throw validationFailed({ file: [err.code] });
      throw err;
    }
    const [refs, emails] = await Promise.all([
      this.references(companyId),
      this.repo.emails(companyId),
    ]);
    const references: ImportReferences = {
      roles: byName(refs.roles),
      groups: byName(refs.groups),
      subsidiaries: byName(refs.subsidiaries),
      emails,
      defaultLanguage: refs.defaultLanguage,
    };
    try {
      return checkImportRows(cells, references);
    } catch (err) {
      if (err instanceof ImportFileError) throw validationFailed(err.errors);
      throw err;
    }
  }

  /** `POST /users/import?dry_run=true`: every bad row, nothing written. */
  async dryRun(
    auth: AuthContext,
    file: { data: Buffer; filename: string },
  ): Promise<TUserImportReport> {
    return (await this.check(auth.companyId, file)).report;
  }

  /** `POST /users/import`: checks again, then queues the import (422 with the report's codes). */
  async start(
    auth: AuthContext,
    file: { data: Buffer; filename: string },
  ): Promise<TUserImportStarted> {
    const { report, rows } = await this.check(auth.companyId, file);
    if (report.errors.length)
      throw validationFailed(
        Object.fromEntries(report.errors.map((e) => [`${e.line}.${e.field}`, e.codes])),
        'Some rows are invalid: nothing was imported.',
      );
    const actor: AuditActor = {
      companyId: auth.companyId,
      userId: auth.userId,
      realUserId: auth.realUserId,
      actingAsUserId: auth.actingAsUserId,
      actingAsCompanyId: auth.actingAsCompanyId,
      client: auth.client,
    };
    const id = await this.repo.create(
      auth.companyId,
      auth.userId,
      rows,
      {
        type: USER_IMPORT_JOB,
        payload: (importId) => ({ import_id: importId, actor }) satisfies UserImportJob,
      },
      nowIso(),
    );
    return { id, total: rows.length };
  }

  /** `GET /users/imports/{id}`; the running import's progress from memory when it runs here. */
  async status(auth: AuthContext, id: number): Promise<TUserImport> {
    const live = this.#live.get(id);
    if (live && live.companyId === auth.companyId && live.status === 'running') {
      // No database read while the import's transaction holds SQLite's one connection.
      return {
        id,
        status: live.status,
        total: live.total,
        done: live.done,
        created: 0,
        error: null,
        created_at: live.createdAt,
      };
    }
    const row = await this.repo.find(auth.companyId, id);
    if (!row) throw notFound('Import');
    return {
      id: row.id,
      status: row.status as UserImportStatus,
      total: row.total,
      done: row.done,
      created: row.created,
      error: row.error,
      created_at: row.created_at,
    };
  }

  /**
   * The job: every row in one transaction (all or nothing), checked again against what the
   * company holds now, with the users' invitations (their links, outbox e-mails and send jobs,
   * written in bulk): the e-mails leave once it committed, and a failure leaves none of them. A failure leaves nobody created and
   * the import `failed` with its reason. A finished import is left alone (a job may run twice);
   * one left `running` by a worker that died is run again (its transaction was rolled back).
   */
  async run({ import_id: id, actor }: UserImportJob): Promise<void> {
    const record = await this.repo.find(null, id);
    if (!record || record.status === 'done' || record.status === 'failed' || !record.rows) return;
    const rows = JSON.parse(record.rows) as ImportRow[];
    const live: Live = {
      companyId: record.company_id,
      status: 'running',
      total: rows.length,
      done: 0,
      createdAt: record.created_at,
    };
    this.#live.set(id, live);
    await this.repo.set(id, { status: 'running', done: 0 }, nowIso());
    const db = this.repo.db;
    try {
      const taken = await this.repo.emails(record.company_id);
      const clash = rows.find((r) => taken.has(r.fields.email));
      if (clash) throw new Error(`line ${clash.line}: ${clash.fields.email} is already a user`);
      const now = nowIso();
      await db.transaction().execute(async (trx) => {
        const users = await this.repo.insertAll(trx, record.company_id, rows, now, async (done) => {
          live.done = done;
          if (this.dialect === 'postgres') await this.repo.set(id, { done }, nowIso());
          // Lets the event loop answer the progress requests between two batches.
          else await nextTurn();
        });
        await this.invite(trx, users);
        await this.repo.set(
          id,
          { status: 'done', done: rows.length, created: users.length, rows: null },
          nowIso(),
          trx,
        );
        await this.audit.record(
          actor,
          'users.imported',
          null,
          { import_id: id, count: users.length },
          trx,
        );
      });
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      await this.repo.set(
        id,
        { status: 'failed', rows: null, error: reason.slice(0, 1000) },
        nowIso(),
      );
    } finally {
      this.#live.delete(id);
    }
  }
}
