import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_LABELS } from '@embauche/contracts/export-labels';
import { localDate } from '../src/platform/export/local-date.ts';
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

describe('local dates', () => {
  it('writes the day in the time zone, in the pattern of the language (dd/MM/yyyy, dd.MM.yyyy in German)', () => {
    // 22:30 UTC on 31 March 2026 is 00:30 on 1 April in Paris (summer time).
    expect(localDate('2026-03-31T22:30:00.000Z', 'fr', 'Europe/Paris')).toBe('01/04/2026');
    expect(localDate('2026-03-31T22:30:00.000Z', 'en', 'Europe/Paris')).toBe('01/04/2026');
    expect(localDate('2026-03-31T22:30:00.000Z', 'de', 'America/New_York')).toBe('31.03.2026');
    // 23:30 UTC on 31 December is already the new year in Paris (winter time, +1).
    expect(localDate('2025-12-31T23:30:00.000Z', 'es', 'Europe/Paris')).toBe('01/01/2026');
    // A calendar date has no time zone.
    expect(localDate('2026-12-31', 'fr', 'Pacific/Kiritimati')).toBe('31/12/2026');
    expect(localDate(null, 'fr', 'Europe/Paris')).toBeNull();
  });
});

describe.each(testDatabases())('offer exports on $dialect', (testDb) => {
  let ctx: TestContext;
  let admin: Api;
  let other: Api;
  let manager: Api;
  let adminCookie: string;
  let ids: number[];
  beforeAll(async () => {
    ctx = await startTestApp(testDb);
    adminCookie = await signIn(ctx.app, 'admin@demo.test');
    admin = apiAs(ctx.app, adminCookie);
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
    expect(csvRows(english.body)[0]![2]).toBe('Job title');
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
    expect(drafts.every((r) => r[4] === 'Brouillon' && r[5] === 'Non' && r[7] === 'CDI')).toBe(
      true,
    );
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

  describe('written for the reader', () => {
    let offerId: number;
    let projectId_: number;
    const cell = (rows: string[][], column: keyof typeof EXPORT_LABELS.fr.columns, lang = 'fr') => {
      const index = rows[0]!.indexOf(EXPORT_LABELS[lang as 'fr'].columns[column]);
      expect(index).toBeGreaterThanOrEqual(0);
      return rows[1]![index];
    };
    const exportOne = async (query = '', headers: Record<string, string> = {}) =>
      csvRows(
        (
          await ctx.app.inject({
            method: 'POST',
            url: `/api/projects/all/offers/export/specific${query}`,
            payload: { format: 'csv', offer_ids: [offerId] },
            headers: { cookie: adminCookie, ...headers },
          })
        ).body,
      );

    beforeAll(async () => {
      projectId_ = await projectId(admin, 'Ressources humaines');
      const res = await admin.post(`/api/projects/${projectId_}/offers`, {
        job_position: 'Juriste droit social',
        contract_type: 'cdd',
        remote: 'partial',
        closing_date: '2026-12-31',
      });
      offerId = res.json().id;
      const url = (action: string) => `/api/projects/${projectId_}/offers/${offerId}/${action}`;
      expect((await admin.put(url('publish'))).statusCode).toBe(200);
      expect((await admin.put(url('archive'), { reason: 'position_filled' })).statusCode).toBe(200);
      await ctx.database.db
        .updateTable('offers')
        .set({ created_at: '2026-03-31T22:30:00.000Z' })
        .where('id', '=', offerId)
        .execute();
    });

    it('writes titles, enumerations, yes/no and local dates in French', async () => {
      const rows = await exportOne();
      expect(rows[0]).toEqual(Object.values(EXPORT_LABELS.fr.columns));
      expect(rows[0]!.slice(0, 5)).toEqual([
        'Identifiant',
        'Référence',
        'Intitulé du poste',
        'Projet',
        'Statut',
      ]);
      expect(cell(rows, 'status')).toBe('Dépubliée');
      expect(cell(rows, 'archived')).toBe('Oui');
      expect(cell(rows, 'archived_reason')).toBe('Poste pourvu');
      expect(cell(rows, 'contract_type')).toBe('CDD');
      expect(cell(rows, 'remote')).toBe('Télétravail partiel');
      expect(cell(rows, 'closing_date')).toBe('31/12/2026');
      expect(cell(rows, 'created_at')).toBe('01/04/2026');
      expect(cell(rows, 'published_at')).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    });

    it('writes them in English with ?lang=en, and in the saved language without it', async () => {
      const rows = await exportOne('?lang=en');
      expect(rows[0]!.slice(0, 3)).toEqual(['Id', 'Reference', 'Job title']);
      expect(cell(rows, 'status', 'en')).toBe('Unpublished');
      expect(cell(rows, 'archived', 'en')).toBe('Yes');
      expect(cell(rows, 'archived_reason', 'en')).toBe('Position filled');
      expect(cell(rows, 'contract_type', 'en')).toBe('Fixed-term');
      expect(cell(rows, 'remote', 'en')).toBe('Hybrid');
      expect(cell(rows, 'created_at', 'en')).toBe('01/04/2026');
      const saved = await admin.put('/api/user_profile/language', { language: 'de' });
      expect(saved.statusCode).toBe(204);
      try {
        const german = await exportOne('', { 'accept-language': 'es-ES' });
        expect(cell(german, 'job_position', 'de')).toBe('Juriste droit social');
        expect(cell(german, 'archived', 'de')).toBe('Ja');
        expect(cell(german, 'remote', 'de')).toBe('Teilweise remote');
        // The screen's language wins over the saved one.
        expect(cell(await exportOne('?lang=es'), 'archived', 'es')).toBe('Sí');
      } finally {
        await admin.put('/api/user_profile/language', { language: 'fr' });
      }
      const xlsx = await admin.post('/api/projects/all/offers/export/specific?lang=en', {
        format: 'xlsx',
        offer_ids: [offerId],
      });
      expect(xlsx.headers['content-disposition']).toMatch(
        /filename="offers-\d{4}-\d{2}-\d{2}\.xlsx"/,
      );
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.getWorksheet('Offers')!;
      expect(sheet.getRow(1).getCell(6).value).toBe('Archived');
      expect(sheet.getRow(2).getCell(6).value).toBe('Yes');
      expect(sheet.getRow(2).getCell(8).value).toBe('Fixed-term');
    });

    it('exports what the offer list shows: its list, its filters, archived offers only on demand', async () => {
      const ids = async (query: string) =>
        csvRows((await admin.get(`/api/projects/all/offers/export/all?format=csv&${query}`)).body)
          .slice(1)
          .map((r) => Number(r[0]));
      const listed = async (ref: string | number, query: string) =>
        (await admin.get(`/api/projects/${ref}/offers?per_page=100&${query}`))
          .json()
          .data.map((o: { id: number }) => o.id)
          .sort((a: number, b: number) => a - b);
      // The list hides archived offers by default, so does its export.
      const active = await ids('project=all');
      expect(active).not.toContain(offerId);
      expect(active.sort((a, b) => a - b)).toEqual(await listed('all', ''));
      const archived = await ids('project=all&filter[archived]=1');
      expect(archived).toContain(offerId);
      expect(archived.sort((a, b) => a - b)).toEqual(await listed('all', 'filter[archived]=1'));
      // The export screen (no list) keeps archived offers unless told otherwise.
      expect(await ids('')).toContain(offerId);
      expect(await ids('filter[archived]=0')).not.toContain(offerId);
      // A project, a search, a status: the same offers as the list.
      const q = 'filter[q]=Juriste&filter[archived]=all';
      expect(await ids(`project=${projectId_}&${q}`)).toEqual([offerId]);
      expect(
        await ids(`project=all&filter[status]=draft&filter[archived]=all&filter[q]=Juriste`),
      ).toEqual([]);
      // A special list: favourites.
      const favorite = (await listed('favorites', '')) as number[];
      expect((await ids('project=favorites')).sort((a, b) => a - b)).toEqual(favorite);
      expect(
        (await admin.get('/api/projects/all/offers/export/all?format=csv&project=nope')).statusCode,
      ).toBe(422);
    });
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
