import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { tableToCsv } from './table-csv.ts';
import { tableToXlsx } from './table-xlsx.ts';

const TABLE = {
  name: 'sources',
  header: ['Source', 'Candidatures', 'Taux'],
  rows: [
    ['=HYPERLINK("http://x")', 3, 0.25],
    ['A & B <c> "d"\u0007', 1250, null],
    ['Indeed; Pôle emploi', 0, 1],
  ],
};

describe('chart exports', () => {
  it('writes CSV with a BOM, semicolons, quoted fields and formulas neutralised', () => {
    expect(tableToCsv(TABLE).split('\r\n')).toEqual([
      '\uFEFFSource;Candidatures;Taux',
      `"'=HYPERLINK(""http://x"")";3;0.25`,
      '"A & B <c> ""d""\u0007";1250;',
      '"Indeed; Pôle emploi";0;1',
      '',
    ]);
  });

  it('writes an XLSX that a spreadsheet library reads back: numbers as numbers, text escaped, formulas neutralised', async () => {
    const blob = tableToXlsx(TABLE, 'Sources des candidatures: 2026/11');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await blob.arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Sources des candidatures  2026');
    expect(sheet.getRow(1).values).toEqual([undefined, 'Source', 'Candidatures', 'Taux']);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.getRow(2).values).toEqual([undefined, `'=HYPERLINK("http://x")`, 3, 0.25]);
    expect(sheet.getRow(3).values).toEqual([undefined, 'A & B <c> "d"', 1250]);
    expect(sheet.getRow(4).values).toEqual([undefined, 'Indeed; Pôle emploi', 0, 1]);
  });
});
