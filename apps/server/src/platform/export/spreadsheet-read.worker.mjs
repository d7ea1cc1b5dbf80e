// The spreadsheet reading thread (spreadsheet-read.ts starts one per uploaded file). Plain
// JavaScript: it runs as is from the sources (tsx, Vitest) and bundled as
// dist/spreadsheet-read.worker.mjs by build.mjs, without a TypeScript loader.
import { parentPort, workerData } from 'node:worker_threads';
import ExcelJS from 'exceljs';
import { readZipEntry, zipEntryNames } from '../storage/read-zip-entry.mjs';

/** A refusal with the 422 code the caller answers. */
class ReadError extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

/**
 * An XLSX's entries are inflated here first, each under a cap and all together under another
 * (inflateRawSync stops at the cap, whatever sizes the archive announces): a decompression bomb is
 * refused before ExcelJS, which inflates whole entries, sees it. The rows of the worksheets are
 * counted in their XML, so a sheet over the row limit is refused before it is parsed.
 */
function checkZip(data, limits) {
  let total = 0;
  let rows = 0;
  for (const name of zipEntryNames(data, limits.maxZipEntries)) {
    if (name.endsWith('/')) continue;
    const entry = readZipEntry(data, name, {
      maxBytes: limits.maxInflatedBytes - total,
      maxRatio: limits.maxRatio,
    });
    total += entry?.length ?? 0;
    if (entry && /^xl\/worksheets\/[^/]+\.xml$/.test(name)) {
      rows = Math.max(rows, (entry.toString('latin1').match(/<(?:\w+:)?row[\s>]/g) ?? []).length);
    }
  }
  if (rows > limits.maxRows + 1) throw new ReadError(`max_rows:${limits.maxRows}`, 'too many rows');
}

function cellText(value) {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if (Array.isArray(value.richText)) return value.richText.map((r) => r.text ?? '').join('');
    if ('text' in value) return cellText(value.text);
    if ('result' in value) return cellText(value.result);
    if ('error' in value) return '';
    return '';
  }
  return String(value);
}

async function readXlsx(data, limits) {
  checkZip(data, limits);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(data);
  } catch (err) {
    throw new ReadError('file_unreadable', `unreadable XLSX: ${err?.message ?? err}`);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const rows = [];
  for (let r = 1; r <= sheet.rowCount; r++) {
    if (rows.length > limits.maxRows)
      throw new ReadError(`max_rows:${limits.maxRows}`, 'too many rows');
    const values = sheet.getRow(r).values; // 1-based, index 0 unused
    const cells = [];
    for (let c = 1; c < (Array.isArray(values) ? values.length : 0); c++) {
      cells.push(cellText(values[c]).slice(0, limits.maxCellChars));
    }
    rows.push(cells);
  }
  return rows;
}

/** UTF-8 (with or without its BOM), else Windows-1252: what Excel in French saves CSV as. */
function decodeText(data) {
  if (data.includes(0)) throw new ReadError('file_type', 'binary file');
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(data);
  } catch {
    return new TextDecoder('windows-1252').decode(data);
  }
}

/** The separator of the header line: `;` (Excel in French), `,` or a tab, outside quotes. */
function separatorOf(text) {
  const line = text.slice(0, text.search(/\r?\n|$/));
  const unquoted = line.replace(/"[^"]*"/g, '');
  const counts = [';', ',', '\t'].map((s) => [s, unquoted.split(s).length - 1]);
  counts.sort((a, b) => b[1] - a[1]);
  return counts[0][1] > 0 ? counts[0][0] : ';';
}

/** RFC 4180 CSV (quotes doubled inside quoted fields; CRLF or LF), one array per line. */
function readCsv(data, limits) {
  const text = decodeText(data);
  const sep = separatorOf(text);
  const rows = [];
  let row = [];
  let field = '';
  let quoted = false;
  const endField = () => {
    row.push(field.slice(0, limits.maxCellChars));
    field = '';
  };
  const endRow = () => {
    endField();
    if (rows.length > limits.maxRows)
      throw new ReadError(`max_rows:${limits.maxRows}`, 'too many rows');
    rows.push(row);
    row = [];
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += ch;
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === sep) endField();
    else if (ch === '\n') endRow();
    else if (ch === '\r') {
      if (text[i + 1] !== '\n') endRow();
    } else field += ch;
  }
  if (field !== '' || row.length) endRow();
  return rows;
}

const ZIP_MAGIC = 0x04034b50;

async function read(data, filename, limits) {
  const isZip = data.length >= 4 && data.readUInt32LE(0) === ZIP_MAGIC;
  if (isZip) return readXlsx(data, limits);
  if (/\.(xlsx|xlsm|xls|ods)$/i.test(filename)) throw new ReadError('file_type', 'not an XLSX');
  return readCsv(data, limits);
}

const { bytes, filename, limits } = workerData;
read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), filename, limits).then(
  (rows) => parentPort.postMessage({ kind: 'done', value: rows }),
  (err) => {
    // ExtractionRefused (a bomb) and ExtractionFailed (a damaged archive) alike: unreadable.
    const code = err instanceof ReadError ? err.code : 'file_unreadable';
    parentPort.postMessage({ kind: 'refused', code, message: String(err?.message ?? err) });
  },
);
