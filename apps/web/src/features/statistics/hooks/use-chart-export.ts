import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { ExportFormat } from '../components/chart-card.tsx';
import { saveFile, tableToCsv, type DataTable } from '../lib/table-csv.ts';
import { tableToXlsx } from '../lib/table-xlsx.ts';

/** File names keep letters, digits and dashes: "entonnoir-2026-09-01-2026-11-29.csv". */
export function exportFileName(name: string, format: ExportFormat): string {
  const base = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${base || 'statistics'}.${format}`;
}

/**
 * Exports a chart's table from the figures on screen, as CSV or XLSX, written in the browser. A
 * failure says so instead of leaving the click unanswered.
 */
export function useChartExport() {
  const { t } = useTranslation('statistics');
  return useCallback(
    (table: DataTable, format: ExportFormat, title: string) => {
      const filename = exportFileName(table.name, format);
      try {
        if (format === 'xlsx') saveFile(tableToXlsx(table, title), filename);
        else saveFile(tableToCsv(table), filename);
        toast.success(t('statistics:chart.exported', { file: filename }));
      } catch {
        toast.error(t('statistics:chart.export_failed'));
      }
    },
    [t],
  );
}
