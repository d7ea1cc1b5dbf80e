/** One chart's data as the table beside it shows it: translated column names, one row per point. */
export type DataTable = {
  /** The file's name without extension ("funnel-2026-09-01-2026-11-29"). */
  name: string;
  header: string[];
  rows: (string | number | null)[][];
};

/**
 * What may precede a formula and stay unseen (the server's spreadsheet writer's rule, kept in step):
 * a text cell a spreadsheet would run as a formula gets a leading apostrophe (CSV injection).
 */
const FORMULA_START =
  /^[\s\u00AD\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]*[=+\-@\t\r]/;

export function neutralise(value: string | number | null): string | number | null {
  return typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : value;
}

function field(value: string | number | null): string {
  if (value === null) return '';
  const text = String(neutralise(value));
  return /[;"\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * The table as CSV the way the app's other exports write it: UTF-8 with a byte-order mark and `;`
 * separators (what Excel in French expects); numbers stay plain numbers, never localised.
 */
export function tableToCsv(table: Pick<DataTable, 'header' | 'rows'>): string {
  return `\uFEFF${[table.header, ...table.rows].map((row) => row.map(field).join(';')).join('\r\n')}\r\n`;
}

/** Hands a text or a blob to the browser as a download named `filename`. */
export function saveFile(
  content: Blob | string,
  filename: string,
  type = 'text/csv;charset=utf-8',
): void {
  const blob = typeof content === 'string' ? new Blob([content], { type }) : content;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
