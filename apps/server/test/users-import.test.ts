import { deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TUserImport, TUserImportReport } from '@embauche/contracts/user-import';
import { UserImportRepository } from '../src/modules/users/user-import.repository.ts';
import { UserImportService } from '../src/modules/users/user-import.service.ts';
import { readSpreadsheet } from '../src/platform/export/spreadsheet-read.ts';
import { queueMails } from '../src/platform/mail/mailer.ts';
import { apiAs, type Api } from './support/api.ts';
import { multipart } from './support/multipart.ts';
import { signIn, startTestApp, type TestContext } from './support/test-app.ts';
import { testDatabases } from './support/test-databases.ts';

const HEADER = 'firstname;lastname;email;role;language;subsidiary;groups';

/** A CSV of these lines under the header. */
const csv = (...lines: string[]) => Buffer.from(`\uFEFF${[HEADER, ...lines].join('\r\n')}\r\n`);

async function xlsx(rows: string[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Users');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A one-entry ZIP whose entry inflates to `size` bytes of zeros (a decompression bomb). */
function zipBomb(size: number): Buffer {
  const data = deflateRawSync(Buffer.alloc(size));
  const name = Buffer.from('xl/worksheets/sheet1.xml');
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(size, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  // It lies about its size: the cap holds while inflating all the same.
  central.writeUInt32LE(1000, 24);
  central.writeUInt16LE(name.length, 28);
  central.writeUInt32LE(0, 42);
  const cdStart = local.length + name.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(cdStart, 16);
  return Buffer.concat([local, name, data, central, name, end]);
}

describe('readSpreadsheet (the upload reading thread)', () => {
  it('reads CSV with quotes and separators, stops a reader past its deadline or heap', async () => {
    expect(await readSpreadsheet(Buffer.from('a,b\r\n"x, ""y""",z\n'), 'f.csv')).toEqual([
      ['a', 'b'],
      ['x, "y"', 'z'],
    ]);
    const sheet = await xlsx([['a'], ['b']]);
    await expect(readSpreadsheet(sheet, 'f.xlsx', { timeoutMs: 1 })).rejects.toMatchObject({
      code: 'file_unreadable',
    });
    const wide = Buffer.from(Array.from({ length: 2000 }, () => 'x;'.repeat(400)).join('\n'));
    await expect(readSpreadsheet(wide, 'f.csv', { maxHeapMb: 4 })).rejects.toMatchObject({
      code: 'file_unreadable',
    });
  });
});

/**
 * Issue 16 item 1: users import from CSV/XLSX (contracts/user-import.ts): the dry run's report,
 * all or nothing, the background job, invitations, audit, limits, other company, permission.
 */
describe.each(testDatabases())('users import on $dialect', (testDb) => {
  let ctx: TestContext;
  let admin: Api;
  let recruiter: Api;
  let other: Api;
  let group: string;
  let subsidiary: string;
  const db = () => ctx.database.db;

  let cookies: Record<string, string>;
  const post = (who: string, file: Buffer, query = '', filename = 'users.csv') => {
    const body = multipart({}, [{ field: 'file', filename, data: file }]);
    return ctx.app.inject({
      method: 'POST',
      url: `/api/users/import${query}`,
      headers: { ...body.headers, cookie: cookies[who]! },
      payload: body.payload,
    });
  };
  const dryRun = async (file: Buffer, filename?: string) => {
    const res = await post('admin', file, '?dry_run=true', filename);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TUserImportReport>();
  };
  const fileCodes = (res: { statusCode: number; body: string; json: <T>() => T }) =>
    res.json<{ errors: Record<string, string[]> }>().errors;
  const emails = async (like: string) =>
    (
      await db()
        .selectFrom('users')
        .select('email')
        .where('email', 'like', like)
        .orderBy('email')
        .execute()
    ).map((r) => r.email);

  beforeAll(async () => {
    ctx = await startTestApp(testDb);
    cookies = {
      admin: await signIn(ctx.app, 'admin@demo.test'),
      recruiter: await signIn(ctx.app, 'recruiter@demo.test'),
      other: await signIn(ctx.app, 'admin@other.test'),
    };
    admin = apiAs(ctx.app, cookies.admin);
    recruiter = apiAs(ctx.app, cookies.recruiter);
    other = apiAs(ctx.app, cookies.other);
    const choices = (await admin.get('/api/users/choices')).json<{
      groups: { name: string }[];
      subsidiaries: { name: string }[];
    }>();
    group = choices.groups[0]!.name;
    subsidiary = choices.subsidiaries[0]!.name;
  }, 60_000);
  afterAll(() => ctx.close());

  it('the dry run reports every bad row with its line, field and specific codes, writing nothing', async () => {
    const report = await dryRun(
      csv(
        `Ana;Lopez;ana.import@valmont.test;Recruteur;es;${subsidiary};${group}`,
        ';Lopez;no-at-sign;Recruteur;it;;',
        `${'x'.repeat(101)};B;recruiter@demo.test;Nobody;fr;Nowhere;${group}, Ghosts`,
        'Dup;One;ANA.import@valmont.test;Recruteur;FR;;',
        ';;;;;;',
        'C;D;c.d@valmont.test;;;;',
      ),
    );
    expect(report.total).toBe(5);
    expect(report.valid).toBe(1);
    const by = (line: number) =>
      Object.fromEntries(
        report.errors.filter((e) => e.line === line).map((e) => [e.field, e.codes]),
      );
    expect(by(2)).toEqual({});
    expect(by(3)).toEqual({
      firstname: ['field_required'],
      email: ['invalid_email'],
      language: ['unknown_language'],
    });
    expect(by(4)).toEqual({
      firstname: ['max_length:100'],
      email: ['email_taken'],
      role: ['unknown_role'],
      subsidiary: ['unknown_subsidiary'],
      groups: ['unknown_group'],
    });
    expect(by(5)).toEqual({ email: ['duplicate_in_file'] });
    // Line 6 is blank: skipped, not counted.
    // No language: the company's default one (company settings), not an error.
    expect(by(7)).toEqual({ role: ['field_required'] });
    expect(await emails('%@valmont.test')).not.toContain('ana.import@valmont.test');
  });

  it('refuses an archived subsidiary as unknown, as the create form does', async () => {
    const res = await admin.post('/api/config/subsidiaries', {
      name: 'Import archivée',
      parent_id: null,
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<{ id: number }>().id;
    const row = csv('Eva;Arch;eva.arch@valmont.test;Recruteur;fr;Import archivée;');
    expect((await dryRun(row)).errors).toEqual([]);
    await admin.put(`/api/config/subsidiaries/${id}/archive`, { archived: true });
    expect((await dryRun(row)).errors).toEqual([
      expect.objectContaining({ line: 2, field: 'subsidiary', codes: ['unknown_subsidiary'] }),
    ]);
  });

  it('reads XLSX too, and the export’s headers in any language', async () => {
    const report = await dryRun(
      await xlsx([
        ['Vorname', 'Nachname', 'E-Mail', 'Rolle', 'Sprache'],
        ['Jo', 'Schmidt', 'jo.x@valmont.test', 'Recruteur', 'de'],
        ['=cmd', 'X', 'bad', 'Recruteur', 'de'],
      ]),
      'users.xlsx',
    );
    expect(report).toEqual({
      total: 2,
      valid: 1,
      errors: [{ line: 3, field: 'email', codes: ['invalid_email'] }],
    });
  });

  it('a file with one bad row imports nothing (422 with line.field codes)', async () => {
    const res = await post(
      'admin',
      csv('Good;Row;good.row@valmont.test;Recruteur;fr;;', 'Bad;Row;bad;Recruteur;fr;;'),
    );
    expect(res.statusCode, res.body).toBe(422);
    expect(fileCodes(res)).toEqual({ '3.email': ['invalid_email'] });
    await ctx.app.worker.drain();
    expect(await emails('%.row@valmont.test')).toEqual([]);
  });

  it('a good file: a job creates the users with roles and groups, invites them, audits', async () => {
    // Bruno's line has no language: he gets the company's default language.
    const valmont = (
      await db()
        .selectFrom('users')
        .select('company_id')
        .where('email', '=', 'admin@demo.test')
        .executeTakeFirstOrThrow()
    ).company_id;
    await db()
      .updateTable('companies')
      .set({ default_language: 'en' })
      .where('id', '=', valmont)
      .execute();
    const res = await post(
      'admin',
      csv(
        `Alba;Import;alba.import@valmont.test;Recruteur;es;${subsidiary};${group}`,
        'Bruno;Import;bruno.import@valmont.test;Administrateur;;;',
      ),
    );
    expect(res.statusCode, res.body).toBe(202);
    const { id, total } = res.json<{ id: number; total: number }>();
    expect(total).toBe(2);
    const queued = (await admin.get(`/api/users/imports/${id}`)).json<TUserImport>();
    expect(queued).toMatchObject({ status: 'queued', total: 2, done: 0, created: 0 });
    await ctx.app.worker.drain();
    const done = (await admin.get(`/api/users/imports/${id}`)).json<TUserImport>();
    expect(done).toMatchObject({ status: 'done', total: 2, done: 2, created: 2, error: null });
    const list = (await admin.get('/api/users?filter[q]=.import%40valmont&per_page=100')).json<{
      data: {
        email: string;
        role: { name: string };
        groups: { name: string }[];
        subsidiary: { name: string } | null;
        language: string;
      }[];
    }>();
    const alba = list.data.find((u) => u.email === 'alba.import@valmont.test')!;
    expect(alba).toMatchObject({
      role: { name: 'Recruteur' },
      language: 'es',
      subsidiary: { name: subsidiary },
    });
    expect(alba.groups.map((g) => g.name)).toEqual([group]);
    expect(list.data.find((u) => u.email === 'bruno.import@valmont.test')).toMatchObject({
      role: { name: 'Administrateur' },
      language: 'en',
    });
    await db()
      .updateTable('companies')
      .set({ default_language: 'fr' })
      .where('id', '=', valmont)
      .execute();
    const invitations = await db()
      .selectFrom('mail_outbox')
      .select('to')
      .where('to', 'like', '%.import@valmont.test')
      .execute();
    expect(invitations.map((m) => m.to).sort()).toEqual([
      'alba.import@valmont.test',
      'bruno.import@valmont.test',
    ]);
    const audit = await db()
      .selectFrom('audit_log')
      .select(['details'])
      .where('action', '=', 'users.imported')
      .execute();
    expect(audit.map((a) => JSON.parse(a.details!))).toContainEqual({ import_id: id, count: 2 });
    // The same file again: every e-mail is taken now.
    const again = await dryRun(csv(`Alba;Import;alba.import@valmont.test;Recruteur;es;;`));
    expect(again.errors).toEqual([{ line: 2, field: 'email', codes: ['email_taken'] }]);
  });

  it('all or nothing: a clash found by the job fails the import and creates nobody', async () => {
    const res = await post(
      'admin',
      csv(
        'Cleo;Late;cleo.late@valmont.test;Recruteur;fr;;',
        'Dan;Late;dan.late@valmont.test;Recruteur;fr;;',
      ),
    );
    const { id } = res.json<{ id: number }>();
    // Someone creates Dan between the check and the job.
    const role = (await admin.get('/api/users/choices'))
      .json<{ roles: { id: number; name: string }[] }>()
      .roles.find((r) => r.name === 'Recruteur')!.id;
    const created = await admin.post('/api/users', {
      firstname: 'Dan',
      lastname: 'Late',
      email: 'dan.late@valmont.test',
      role_id: role,
      language: 'fr',
    });
    expect(created.statusCode).toBe(201);
    await ctx.app.worker.drain();
    const failed = (await admin.get(`/api/users/imports/${id}`)).json<TUserImport>();
    expect(failed).toMatchObject({ status: 'failed', created: 0 });
    expect(failed.error).toContain('dan.late@valmont.test');
    expect(await emails('%.late@valmont.test')).toEqual(['dan.late@valmont.test']);
  });

  it('200 rows: the users and their invitations in one transaction, written in bulk', async () => {
    const lines = Array.from(
      { length: 200 },
      (_, i) =>
        `Bulk${i};Invite;bulk${String(i).padStart(3, '0')}.invite@valmont.test;Recruteur;fr;;`,
    );
    const res = await post('admin', csv(...lines));
    expect(res.statusCode, res.body).toBe(202);
    const { id } = res.json<{ id: number }>();
    // Count the statements the job runs: the invitations are a handful of multi-row inserts.
    const statements: string[] = [];
    const proto = Object.getPrototypeOf(ctx.database.db.getExecutor()) as {
      executeQuery: (this: unknown, query: { sql: string }, ...rest: unknown[]) => unknown;
    };
    const original = proto.executeQuery;
    const spy = vi.spyOn(proto, 'executeQuery').mockImplementation(function (
      this: unknown,
      query,
      ...rest
    ) {
      statements.push(query.sql);
      return original.call(this, query, ...rest);
    });
    try {
      await ctx.app.worker.drain();
    } finally {
      spy.mockRestore();
    }
    const done = (await admin.get(`/api/users/imports/${id}`)).json<TUserImport>();
    expect(done).toMatchObject({ status: 'done', created: 200 });
    const users = await db()
      .selectFrom('users')
      .select(['id', 'email'])
      .where('email', 'like', 'bulk%.invite@valmont.test')
      .execute();
    expect(users).toHaveLength(200);
    const links = await db()
      .selectFrom('password_resets')
      .select('user_id')
      .where(
        'user_id',
        'in',
        users.map((u) => u.id),
      )
      .execute();
    expect(new Set(links.map((l) => l.user_id)).size).toBe(200);
    const mails = await db()
      .selectFrom('mail_outbox')
      .select(['id', 'to', 'subject'])
      .where('to', 'like', 'bulk%.invite@valmont.test')
      .execute();
    expect(mails.map((m) => m.to).sort()).toEqual(users.map((u) => u.email).sort());
    const jobs = await db()
      .selectFrom('jobs')
      .select('payload')
      .where('type', '=', 'mail.send')
      .execute();
    const mailIds = new Set(
      jobs.map((j) => (JSON.parse(j.payload) as { mail_id: number }).mail_id),
    );
    expect(mails.every((m) => mailIds.has(m.id))).toBe(true);
    const inserts = (table: string) =>
      statements.filter((q) => new RegExp(`^insert into "${table}"`, 'i').test(q)).length;
    // The statements the drained jobs ran (the mail jobs send nothing without SMTP_URL).
    expect(inserts('password_resets')).toBe(1);
    expect(inserts('mail_outbox')).toBe(1);
    expect(inserts('jobs')).toBe(1);
  }, 60_000);

  it('all or nothing: an invitation that cannot be written leaves no user and no e-mail', async () => {
    const res = await post(
      'admin',
      csv(
        'Gus;Nomail;gus.nomail@valmont.test;Recruteur;fr;;',
        'Hana;Nomail;hana.nomail@valmont.test;Recruteur;fr;;',
      ),
    );
    const { id } = res.json<{ id: number }>();
    const record = await db()
      .selectFrom('jobs')
      .select(['id', 'payload'])
      .where('type', '=', 'users.import')
      .where('status', '=', 'queued')
      .execute();
    const job = record.find((j) => JSON.parse(j.payload).import_id === id)!;
    // The same job run by a service whose invitations fail after writing some rows.
    const service = new UserImportService(
      new UserImportRepository(db()),
      ctx.database.dialect,
      async () => ({ roles: [], groups: [], subsidiaries: [], defaultLanguage: 'fr' }),
      { record: async () => undefined },
      async (trx, users) => {
        await queueMails(trx, [
          { companyId: null, to: 'gus.nomail@valmont.test', subject: 'x', text: 'x' },
        ]);
        throw new Error(`mail outbox refused ${users.length} invitations`);
      },
    );
    await service.run(JSON.parse(job.payload));
    const failed = (await admin.get(`/api/users/imports/${id}`)).json<TUserImport>();
    expect(failed).toMatchObject({ status: 'failed', created: 0 });
    expect(failed.error).toContain('mail outbox refused 2 invitations');
    expect(await emails('%.nomail@valmont.test')).toEqual([]);
    const mails = await db()
      .selectFrom('mail_outbox')
      .select('to')
      .where('to', 'like', '%.nomail@valmont.test')
      .execute();
    expect(mails).toEqual([]);
    await ctx.app.worker.drain();
    expect(await emails('%.nomail@valmont.test')).toEqual([]);
  });

  it('limits: too big, too many rows, not a spreadsheet, a decompression bomb, no file', async () => {
    const big = await post('admin', Buffer.alloc(5 * 1024 * 1024 + 10, 'a'), '?dry_run=true');
    expect(big.statusCode).toBe(413);
    expect(fileCodes(big)).toEqual({ file: ['file_too_large:5'] });
    const rows = Array.from({ length: 10_001 }, (_, i) => `A;B;r${i}@valmont.test;Recruteur;fr;;`);
    const many = await post('admin', csv(...rows), '?dry_run=true');
    expect(many.statusCode).toBe(422);
    expect(fileCodes(many)).toEqual({ file: ['max_rows:10000'] });
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const notSheet = await post('admin', png, '?dry_run=true', 'photo.png');
    expect(fileCodes(notSheet)).toEqual({ file: ['file_type'] });
    const bomb = await post('admin', zipBomb(300 * 1024 * 1024), '?dry_run=true', 'bomb.xlsx');
    expect(bomb.statusCode).toBe(422);
    expect(fileCodes(bomb)).toEqual({ file: ['file_unreadable'] });
    const missing = await post('admin', Buffer.from('name;mail\r\nA;b\r\n'), '?dry_run=true');
    expect(fileCodes(missing)).toMatchObject({
      firstname: ['missing_column'],
      email: ['missing_column'],
    });
    const empty = await post('admin', csv(), '?dry_run=true');
    expect(fileCodes(empty)).toEqual({ file: ['empty_file'] });
    const none = await admin.post('/api/users/import?dry_run=true', {});
    expect(none.statusCode).toBeGreaterThanOrEqual(400);
  }, 60_000);

  it('another company’s import is 404; without internal.users_list 403', async () => {
    const res = await post('admin', csv('Eve;Other;eve.other@valmont.test;Recruteur;fr;;'));
    const { id } = res.json<{ id: number }>();
    expect((await other.get(`/api/users/imports/${id}`)).statusCode).toBe(404);
    expect((await admin.get(`/api/users/imports/${id + 1000}`)).statusCode).toBe(404);
    expect((await recruiter.get(`/api/users/imports/${id}`)).statusCode).toBe(403);
    expect((await post('recruiter', csv(), '?dry_run=true')).statusCode).toBe(403);
    await ctx.app.worker.drain();
  });
});
