import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { EXPORT_FORMATS } from '@embauche/contracts/offers';
import { Button } from '../../../components/ui/button.tsx';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '../../../components/ui/dropdown-menu.tsx';
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
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" disabled={exporter.isPending}>
          <Download aria-hidden="true" />
          {t('users:export.button')}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {EXPORT_FORMATS.map((format) => (
          <DropdownMenuItem
            key={format}
            onSelect={() =>
              exporter.mutate(
                { format, filter, lang: toLanguage(i18n.language) },
                { onError: (error) => toast.error(errorMessage(error)) },
              )
            }
          >
            {t('users:export.as', { format: format.toUpperCase() })}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
