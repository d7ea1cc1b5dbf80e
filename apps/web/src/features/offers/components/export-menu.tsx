import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { EXPORT_FORMATS } from '@embauche/contracts/offers';
import type { TProjectRef } from '@embauche/contracts/projects';
import { Button } from '../../../components/ui/button.tsx';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from '../../../components/ui/dropdown-menu.tsx';
import { toLanguage } from '../../../lib/language.ts';
import type { FilterValue } from '../../../lib/query-string.ts';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import { useExportOffers, type ExportFormat } from '../api/export-offers.ts';

/** `project` and `filter` are the list's own: the export holds what the list shows. */
type Props = { selectedIds: number[]; project: TProjectRef; filter: Record<string, FilterValue> };

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
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" disabled={exporter.isPending}>
          <Download aria-hidden="true" />
          {t('projects:export.button')}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {selectedIds.length ? (
          <>
            <DropdownMenuLabel>{t('projects:export.selection', { count: selectedIds.length })}</DropdownMenuLabel>
            {EXPORT_FORMATS.map((format) => (
              <DropdownMenuItem key={`s-${format}`} onSelect={() => run(format, true)}>
                {t('projects:export.selection_as', { format: format.toUpperCase() })}
              </DropdownMenuItem>
            ))}
            <DropdownMenuSeparator />
          </>
        ) : null}
        <DropdownMenuLabel>{t('projects:export.all')}</DropdownMenuLabel>
        {EXPORT_FORMATS.map((format) => (
          <DropdownMenuItem key={`a-${format}`} onSelect={() => run(format, false)}>
            {t('projects:export.all_as', { format: format.toUpperCase() })}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
