import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ExportFormatMenu } from '../../../components/export-format-menu.tsx';
import { toLanguage } from '../../../lib/language.ts';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import { useExportUsers } from '../api/export-users.ts';
import type { UsersFilter } from '../api/get-users.ts';

/** What the batch bar's menu exports: the ticked users, or all that match less the unticked. */
export type UsersExportSelection = { ids: number[] } | { except: number[] };

/**
 * CSV or XLSX of the users the list shows (its filters and sort), headers in the screen's language;
 * with `selection`, the batch bar's "export the selection".
 */
export function UsersExportMenu({ filter, selection }: { filter: UsersFilter; selection?: UsersExportSelection }) {
  const { t, i18n } = useTranslation('users');
  const exporter = useExportUsers();
  const errorMessage = useApiErrorMessage();
  return (
    <ExportFormatMenu
      label={selection ? t('users:batch.export') : t('users:export.button')}
      disabled={exporter.isPending}
      size={selection ? 'sm' : undefined}
      sections={[
        {
          key: 'all',
          itemLabel: (format) => t('users:export.as', { format }),
          onSelect: (format) =>
            exporter.mutate(
              { format, filter, lang: toLanguage(i18n.language), ...selection },
              { onError: (error) => toast.error(errorMessage(error)) },
            ),
        },
      ]}
    />
  );
}
