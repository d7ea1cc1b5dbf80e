import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { TProjectRef } from '@embauche/contracts/projects';
import { ExportFormatMenu, type ExportSection } from '../../../components/export-format-menu.tsx';
import { toLanguage } from '../../../lib/language.ts';
import type { ListFilter } from '../../../lib/query-string.ts';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import { useExportOffers, type ExportFormat } from '../api/export-offers.ts';

/** `project` and `filter` are the list's own: the export holds what the list shows. */
type Props = { selectedIds: number[]; project: TProjectRef; filter: ListFilter };

/** CSV or XLSX of the selected offers, or of every offer matching the filters. */
export function ExportMenu({ selectedIds, project, filter }: Props) {
  const { t, i18n } = useTranslation('projects');
  const exporter = useExportOffers();
  const errorMessage = useApiErrorMessage();
  const lang = toLanguage(i18n.language);
  const run = (format: ExportFormat, selection: boolean) =>
    exporter.mutate(
      selection
        ? { kind: 'specific', format, offerIds: selectedIds, lang }
        : { kind: 'all', format, project, filter, lang },
      { onError: (error) => toast.error(errorMessage(error)) },
    );
  const all: ExportSection = {
    key: 'all',
    heading: t('projects:export.all'),
    itemLabel: (format) => t('projects:export.all_as', { format }),
    onSelect: (format) => run(format, false),
  };
  const selection: ExportSection = {
    key: 'selection',
    heading: t('projects:export.selection', { count: selectedIds.length }),
    itemLabel: (format) => t('projects:export.selection_as', { format }),
    onSelect: (format) => run(format, true),
  };
  return (
    <ExportFormatMenu
      label={t('projects:export.button')}
      disabled={exporter.isPending}
      sections={selectedIds.length ? [selection, all] : [all]}
    />
  );
}
