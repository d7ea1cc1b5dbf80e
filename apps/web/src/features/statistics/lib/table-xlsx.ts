import { neutralise, type DataTable } from './table-csv.ts';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A sheet's name: at most 31 characters, none of `[]:*?/\`. */
function sheetName(name: string): string {
  return name.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet';
}

/**
 * The table as an XLSX workbook, written by exceljs (the library of the server's exports), which
 * is downloaded only when a chart is first exported this way: numbers stay numbers, the header
 * row is bold and frozen.
 */
export async function tableToXlsx(table: DataTable, title: string): Promise<Blob> {
  const module = await import('exceljs');
  // The browser build is a UMD bundle: its classes may come as the default export only.
  const ExcelJS = (
    module.Workbook ? module : (module as unknown as { default: typeof module }).default
  ) as typeof module;
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName(title), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.addRow(table.header).font = { bold: true };
  for (const row of table.rows) sheet.addRow(row.map(neutralise));
  sheet.columns.forEach((column, index) => {
    const widest = Math.max(
      ...[table.header, ...table.rows].map((row) => String(row[index] ?? '').length),
    );
    column.width = Math.min(60, Math.max(10, widest + 2));
  });
  const buffer = await workbook.xlsx.writeBuffer();
  return new Blob([buffer], { type: XLSX_TYPE });
}
