import type { DataTable } from '../lib/table-csv.ts';

/** Cells already formatted for reading (the export keeps the raw numbers). */
export type DisplayTable = DataTable & { display?: string[][] };

/** A chart's figures as a table: the first column names each row (row headers). */
export function DataTableView({ table, caption }: { table: DisplayTable; caption: string }) {
  // Figures line up on the right, words (a motif, an outcome) on the left.
  const numeric = table.header.map(
    (_, c) => c > 0 && table.rows.every((row) => row[c] === null || typeof row[c] === 'number'),
  );
  return (
    <table className="w-full min-w-max border-collapse text-sm print:min-w-0">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-slate-200 text-left text-slate-700">
          {table.header.map((name, i) => (
            <th
              key={name}
              scope="col"
              className={i === 0 ? 'py-2 pr-4 font-medium' : 'px-2 py-2 text-right font-medium'}
            >
              {name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {table.rows.map((row, r) => (
          <tr key={r} className="border-b border-slate-100 last:border-0">
            {row.map((cell, c) => {
              const text = table.display?.[r]?.[c] ?? (cell === null ? '–' : String(cell));
              return c === 0 ? (
                <th
                  key={c}
                  scope="row"
                  className="py-1.5 pr-4 text-left font-normal text-slate-800"
                >
                  {text}
                </th>
              ) : (
                <td
                  key={c}
                  className={
                    numeric[c]
                      ? 'px-2 py-1.5 text-right tabular-nums text-slate-800'
                      : 'px-2 py-1.5 text-slate-800'
                  }
                >
                  {text}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
