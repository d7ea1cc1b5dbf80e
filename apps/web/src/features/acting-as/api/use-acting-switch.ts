import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { errorStatus } from '../../../lib/api-error.ts';
import { reloadPage } from './reload-page.ts';

/**
 * A switch or reset (spec 4 "Spoofing"): the page reloads after each success, with the new
 * session; a failure is shown as a toast and nothing reloads (spec 8: the error is rethrown by
 * `mutateAsync` to whoever awaits it).
 */
export function useActingSwitch<T>(call: (value: T) => Promise<void>) {
  const { t } = useTranslation('actingAs');
  return useMutation({
    mutationFn: call,
    onSuccess: () => reloadPage(),
    onError: (error) => {
      toast.error(errorStatus(error) === 403 ? t('common:forbidden_access') : t('actingAs:failed'));
    },
  });
}
