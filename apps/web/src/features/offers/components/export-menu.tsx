import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { TProjectRef } from '@embauche/contracts/projects';
import { ExportFormatMenu, type ExportSection } from '../../../components/export-format-menu.tsx';
import { toLanguage } from '../../../lib/language.ts';
import type { ListFilter } from '../../../lib/query-string.ts';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import { useExportOffers, type ExportFormat } from '../api/export-offers.ts';

/** `project` and `filter` are the list's own: the export holds what the list shows. */
type Props = {
  selectedIds: number[];
  project: TProjectRef;
  filter: ListFilter;
  /** "All that match" selected (issue 42 part 2): the selection is the list's filters less `except`. */
  all?: { count: number; except: number[] };
};

/** CSV or XLSX of the selected offers, or of every offer matching the filters. */
export function ExportMenu({ selectedIds, project, filter, all: allMatching }: Props) {
  const { t, i18n } = useTranslation('projects');
  const exporter = useExportOffers();
  const errorMessage = useApiErrorMessage();
  const lang = toLanguage(i18n.language);
  const run = (format: ExportFormat, selection: boolean) =>
    exporter.mutate(
      selection
        ? allMatching
          ? { kind: 'all', format, project, filter, lang, except: allMatching.except }
          : { kind: 'specific', format, offerIds: selectedIds, lang }
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
    heading: t('projects:export.selection', { count: allMatching ? allMatching.count : selectedIds.length }),
    itemLabel: (format) => t('projects:export.selection_as', { format }),
    onSelect: (format) => run(format, true),
  };
  return (
    <ExportFormatMenu
      label={t('projects:export.button')}
      disabled={exporter.isPending}
      sections={selectedIds.length || allMatching ? [selection, all] : [all]}
    />
  );
}
