import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { neutralise } from '../src/platform/export/spreadsheet.ts';
import { apiAs, projectId, type Api } from './support/api.ts';
import { signIn, startTestApp, type TestContext } from './support/test-app.ts';
import { testDatabases } from './support/test-databases.ts';

/** Characters a reader does not see in front of a formula. */
const INVISIBLE = [
  ' ',
  '\u00A0',
  '\u3000',
  '\u00AD',
  '\u200B',
  '\u200C',
  '\u200D',
  '\u200E',
  '\u200F',
  '\u202A',
  '\u202B',
  '\u202C',
  '\u202D',
  '\u202E',
  '\u2060',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\uFEFF',
];
const DANGEROUS = [
  '=HYPERLINK("http://x")',
  '+33 1 02',
  '-2+3',
  '@SUM(A1)',
  '\tTab',
  '\rRetour',
  '\u200B\u2060=1+1',
  '\uFEFF @SUM(A1)',
  '\u202E\tTab',
];

function csvRows(body: string): string[][] {
  // Enough of a CSV reader for our output: `;` separators, quoted fields with doubled quotes.
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const text = body.replace(/^\uFEFF/, '');
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ';') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  return rows;
}

describe('formula neutralisation', () => {
  it('prefixes a cell that a spreadsheet would run', () => {
    for (const v of DANGEROUS) expect(neutralise(v)).toBe(`'${v}`);
    expect(neutralise('Cariste')).toBe('Cariste');
  });

  it('sees formulas behind invisible characters', () => {
    for (const prefix of INVISIBLE) {
      for (const v of [`${prefix}=1+1`, `${prefix}${prefix}+1`, `${prefix}-1`, `${prefix}@A1`])
        expect(neutralise(v)).toBe(`'${v}`);
      expect(neutralise(`${prefix}Cariste`)).toBe(`${prefix}Cariste`);
    }
    expect(neutralise('\u200B\t=1+1')).toBe("'\u200B\t=1+1");
    expect(neutralise('\u200B\r=1+1')).toBe("'\u200B\r=1+1");
    expect(neutralise('Chef =1+1')).toBe('Chef =1+1');
    expect(neutralise(-5)).toBe(-5);
    expect(neutralise(null)).toBeNull();
  });
});

describe.each(testDatabases())('offer exports on $dialect', (testDb) => {
  let ctx: TestContext;
  let admin: Api;
  let other: Api;
  let manager: Api;
  let ids: number[];
  beforeAll(async () => {
    ctx = await startTestApp(testDb);
    admin = apiAs(ctx.app, await signIn(ctx.app, 'admin@demo.test'));
    other = apiAs(ctx.app, await signIn(ctx.app, 'admin@other.test'));
    manager = apiAs(ctx.app, await signIn(ctx.app, 'manager@demo.test'));
    const rh = await projectId(admin, 'Ressources humaines');
    ids = [];
    for (const job of DANGEROUS) {
      const res = await admin.post(`/api/projects/${rh}/offers`, {
        job_position: job,
        location: job,
      });
      ids.push(res.json().id);
      // The API trims text; a value with a leading tab or carriage return can still come from
      // elsewhere (imports, older data), so it is written directly.
      await ctx.database.db
        .updateTable('offers')
        .set({ job_position: job, location: job })
        .where('id', '=', res.json().id)
        .execute();
    }
  });
  afterAll(() => ctx.close());

  it('exports chosen offers as CSV with formulas neutralised', async () => {
    const theirs = (await other.get('/api/projects/all/offers')).json().data[0].id;
    const res = await admin.post('/api/projects/all/offers/export/specific', {
      format: 'csv',
      offer_ids: [...ids, theirs],
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="offres-.*\.csv"$/);
    const [header, ...rows] = csvRows(res.body);
    expect(header![2]).toBe('Intitulé du poste');
    expect(rows).toHaveLength(DANGEROUS.length);
    expect(rows.map((r) => r[2])).toEqual(DANGEROUS.map((v) => `'${v}`));
    expect(rows.map((r) => r[8])).toEqual(DANGEROUS.map((v) => `'${v}`));
    const english = await admin.post('/api/projects/all/offers/export/specific?lang=en', {
      format: 'csv',
      offer_ids: ids,
    });
    expect(csvRows(english.body)[0]![2]).toBe('Job position');
  });

  it('exports chosen offers as XLSX with formulas neutralised', async () => {
    const res = await admin.post('/api/projects/all/offers/export/specific', {
      format: 'xlsx',
      offer_ids: ids,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(DANGEROUS.length + 1);
    const jobs = [];
    for (let r = 2; r <= sheet.rowCount; r++) jobs.push(sheet.getRow(r).getCell(3).value);
    // XML readers turn a carriage return into a line feed; the apostrophe is what matters.
    expect(jobs).toEqual(DANGEROUS.map((v) => `'${v}`.replace('\r', '\n')));
    expect(sheet.getRow(2).getCell(1).value).toBe(ids[0]);
  });

  it('exports every offer that passes the filters', async () => {
    const all = await admin.get('/api/projects/all/offers/export/all?format=csv');
    const rows = csvRows(all.body).slice(1);
    const visible = (await admin.get('/api/projects/all/offers?filter[archived]=all')).json().total;
    expect(rows).toHaveLength(visible);
    const drafts = csvRows(
      (
        await admin.get(
          '/api/projects/all/offers/export/all?format=csv&filter[offer_status]=draft&filter[archived]=0&filter[contract_type]=cdi',
        )
      ).body,
    ).slice(1);
    expect(drafts.length).toBeGreaterThan(0);
    expect(drafts.every((r) => r[4] === 'draft' && r[5] === '0' && r[7] === 'cdi')).toBe(true);
    const day = new Date().toISOString().slice(0, 10);
    const today = csvRows(
      (
        await admin.get(
          `/api/projects/all/offers/export/all?format=csv&filter[created_at_start]=${day}&filter[created_at_end]=${day}`,
        )
      ).body,
    ).slice(1);
    expect(today.map((r) => Number(r[0])).sort()).toEqual([...ids].sort());
    const xlsx = await admin.get(
      '/api/projects/all/offers/export/all?format=xlsx&filter[departments]=69 - Rhône',
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]!.rowCount).toBeGreaterThan(1);
    expect((await admin.get('/api/projects/all/offers/export/all?format=pdf')).statusCode).toBe(
      422,
    );
    expect((await admin.get('/api/projects/all/offers/export/all')).statusCode).toBe(422);
  });

  it('refuses users without the export permission and keeps companies apart', async () => {
    const denied = await manager.post('/api/projects/all/offers/export/specific', {
      format: 'csv',
      offer_ids: ids,
    });
    expect(denied.statusCode).toBe(403);
    expect((await manager.get('/api/projects/all/offers/export/all?format=csv')).statusCode).toBe(
      403,
    );
    const theirs = await other.post('/api/projects/all/offers/export/specific', {
      format: 'csv',
      offer_ids: ids,
    });
    expect(csvRows(theirs.body).slice(1)).toEqual([]);
    const bad = await admin.post('/api/projects/all/offers/export/specific', {
      format: 'ods',
      offer_ids: [],
    });
    expect(bad.json().errors).toEqual({ format: ['invalid'], offer_ids: ['field_required'] });
  });
});
