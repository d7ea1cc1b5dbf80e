import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, type Api } from './support/api.ts';
import { signIn, startTestApp, type TestContext } from './support/test-app.ts';
import { testDatabases } from './support/test-databases.ts';

/**
 * Issue 16 item 1: `GET /users/export?format` (contracts/user-import.ts): the list's filters, the
 * reader's language, formula-safe cells, the audit trail, the permission.
 */
describe.each(testDatabases())('users export on $dialect', (testDb) => {
  let ctx: TestContext;
  let admin: Api;
  let recruiter: Api;
  const db = () => ctx.database.db;

  beforeAll(async () => {
    ctx = await startTestApp(testDb);
    admin = apiAs(ctx.app, await signIn(ctx.app, 'admin@demo.test'));
    recruiter = apiAs(ctx.app, await signIn(ctx.app, 'recruiter@demo.test'));
    // A name that a spreadsheet would run as a formula.
    await db()
      .updateTable('users')
      .set({ firstname: '=HYPERLINK("http://evil.test")' })
      .where('email', '=', 'recruiter@demo.test')
      .execute();
  }, 60_000);
  afterAll(() => ctx.close());

  const lines = (body: string) =>
    body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');

  it('CSV: headers in the asked language, the company’s users, formula-safe, filters applied', async () => {
    const res = await admin.get('/api/users/export?format=csv&lang=en');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="users-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const [header, ...rows] = lines(res.body);
    expect(header).toBe(
      'First name;Last name;E-mail;Role;Language;Subsidiary;Groups;Active;Last sign-in',
    );
    expect(rows.some((r) => r.includes('admin@other.test'))).toBe(false);
    const recruiterLine = rows.find((r) => r.includes('recruiter@demo.test'))!;
    expect(recruiterLine.startsWith(`"'=HYPERLINK(""http://evil.test"")"`)).toBe(true);
    const filtered = lines(
      (await admin.get('/api/users/export?format=csv&lang=fr&filter[q]=recruiter%40demo')).body,
    );
    expect(filtered[0]!.startsWith('Prénom;Nom;E-mail;Rôle')).toBe(true);
    expect(filtered).toHaveLength(2);
    expect(filtered[1]).toContain('recruiter@demo.test');
    expect(filtered[1]).toContain(';Oui;');
    const audit = await db()
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'export.users')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.details!)).toEqual({ format: 'csv', count: 1 });
  });

  it('XLSX: the same rows, formula-safe', async () => {
    const res = await admin.get('/api/users/export?format=xlsx&lang=de&filter[active]=1');
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Benutzer')!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Vorname');
    const values = (sheet.getSheetValues() as unknown[][]).slice(2).map((r) => r.slice(1));
    const recruiterRow = values.find((r) => r[2] === 'recruiter@demo.test')!;
    expect(recruiterRow[0]).toBe(`'=HYPERLINK("http://evil.test")`);
    expect(recruiterRow[7]).toBe('Ja');
    // No formula anywhere.
    sheet.eachRow((row) =>
      row.eachCell((cell) => expect(cell.type).not.toBe(ExcelJS.ValueType.Formula)),
    );
  });

  it('403 without internal.users_list; 422 without a format', async () => {
    expect((await recruiter.get('/api/users/export?format=csv')).statusCode).toBe(403);
    const res = await admin.get('/api/users/export');
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: object }>().errors).toEqual({ format: ['field_required'] });
  });
});
