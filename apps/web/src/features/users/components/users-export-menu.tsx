import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ExportFormatMenu } from '../../../components/export-format-menu.tsx';
import { toLanguage } from '../../../lib/language.ts';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import { useExportUsers } from '../api/export-users.ts';
import type { UsersFilter } from '../api/get-users.ts';

/** CSV or XLSX of the users the list shows (its filters and sort), headers in the screen's language. */
export function UsersExportMenu({ filter }: { filter: UsersFilter }) {
  const { t, i18n } = useTranslation('users');
  const exporter = useExportUsers();
  const errorMessage = useApiErrorMessage();
  return (
    <ExportFormatMenu
      label={t('users:export.button')}
      disabled={exporter.isPending}
      sections={[
        {
          key: 'all',
          itemLabel: (format) => t('users:export.as', { format }),
          onSelect: (format) =>
            exporter.mutate(
              { format, filter, lang: toLanguage(i18n.language) },
              { onError: (error) => toast.error(errorMessage(error)) },
            ),
        },
      ]}
    />
  );
}
