import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { Language } from '@embauche/contracts/constants';
import { localDate } from './local-date.ts';

export type Cell = string | number | boolean | null;
export type SpreadsheetFormat = 'csv' | 'xlsx';
/** What an export may be written as: a spreadsheet, or JSON for other programs. */
export type ExportFileFormat = SpreadsheetFormat | 'json';

/**
 * What may precede a formula and stay unseen: whitespace (with NBSP and the BOM), the soft hyphen,
 * zero-width space/non-joiner/joiner, the bidi marks, embeddings, overrides and isolates, the word
 * joiner and the invisible operators, the Mongolian vowel separator. Spreadsheets skip some of them
 * before `=`; a reader never sees them.
 */
const FORMULA_START =
  /^[\s\u00AD\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]*[=+\-@\t\r]/;

/**
 * A text cell that a spreadsheet would read as a formula (`= + - @`, or a leading tab or carriage
 * return, also behind invisible characters) gets a leading apostrophe, so an exported value never
 * runs as a formula (CSV injection).
 */
export function neutralise(value: Cell): Cell {
  if (typeof value !== 'string') return value;
  return FORMULA_START.test(value) ? `'${value}` : value;
}

function csvField(value: Cell): string {
  const text = value === null ? '' : String(neutralise(value));
  return /[;"\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * Streams rows as CSV: UTF-8 with a byte-order mark and `;` separators, which is what Excel in
 * French expects. Rows arrive in batches from `rows`, so the table is never held in memory.
 */
export function csvStream(header: string[], rows: AsyncIterable<Cell[]>): Readable {
  async function* lines() {
    yield `\uFEFF${header.map(csvField).join(';')}\r\n`;
    for await (const row of rows) yield `${row.map(csvField).join(';')}\r\n`;
  }
  return Readable.from(lines());
}

/** Streams rows into an XLSX workbook, committing each row as it comes. */
export function xlsxStream(
  sheetName: string,
  header: string[],
  rows: AsyncIterable<Cell[]>,
): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(sheetName);
  void (async () => {
    const head = sheet.addRow(header);
    head.font = { bold: true };
    head.commit();
    for await (const row of rows) sheet.addRow(row.map(neutralise)).commit();
    sheet.commit();
    await workbook.commit();
  })().catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))));
  return out;
}

/**
 * Streams rows as a JSON array of objects keyed by `keys` (one object per row, one per line), so
 * a program reads the same table a spreadsheet shows. No formula guard: JSON is not opened by a
 * spreadsheet.
 */
export function jsonStream(keys: string[], rows: AsyncIterable<Cell[]>): Readable {
  async function* parts() {
    yield '[';
    let first = true;
    for await (const row of rows) {
      const item = Object.fromEntries(keys.map((k, i) => [k, row[i] ?? null]));
      yield `${first ? '\n' : ',\n'}${JSON.stringify(item)}`;
      first = false;
    }
    yield '\n]\n';
  }
  return Readable.from(parts());
}

export const CONTENT_TYPES: Record<ExportFileFormat, string> = {
  json: 'application/json; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** A download: its name, type and streamed content. */
export type SpreadsheetFile = { filename: string; contentType: string; stream: Readable };

/**
 * An export file of `format`: `<file>-<yyyy-MM-dd>.<format>` (the day in the company's time zone),
 * the header row, then `rows` streamed in batches (the table is never held in memory).
 */
export function spreadsheetFile(
  format: ExportFileFormat,
  labels: { file: string; sheet: string },
  day: { lang: Language; timeZone: string },
  header: string[],
  rows: AsyncIterable<Cell[]>,
  /** JSON only: the objects' keys, one per column (the header's titles otherwise). */
  keys: string[] = header,
): SpreadsheetFile {
  const date = localDate(new Date().toISOString(), day.lang, day.timeZone)!.split('/').reverse();
  return {
    filename: `${labels.file}-${date.join('-')}.${format}`,
    contentType: CONTENT_TYPES[format],
    stream:
      format === 'csv'
        ? csvStream(header, rows)
        : format === 'json'
          ? jsonStream(keys, rows)
          : xlsxStream(labels.sheet, header, rows),
  };
}
