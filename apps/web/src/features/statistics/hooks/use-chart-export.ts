import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { ExportFormat } from '../components/chart-card.tsx';
import { saveFile, tableToCsv, type DataTable } from '../lib/table-csv.ts';

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

/** Exports a chart's table: the CSV is written here from the figures on screen. */
export function useChartExport() {
  const { t } = useTranslation('statistics');
  return useCallback(
    (table: DataTable, format: ExportFormat) => {
      const filename = exportFileName(table.name, format);
      saveFile(tableToCsv(table), filename);
      toast.success(t('statistics:chart.exported', { file: filename }));
    },
    [t],
  );
}
