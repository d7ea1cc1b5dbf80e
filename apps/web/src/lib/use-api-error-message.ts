import { useTranslation } from 'react-i18next';
import { errorStatus } from './api-error.ts';

/** The translated message for a failed call that has no field to attach to. */
export function useApiErrorMessage() {
  const { t } = useTranslation('errors');
  return (error: unknown): string => {
    const status = errorStatus(error);
    if (status === 429) return t('errors:too_many_requests');
    if (status === 403) return t('common:forbidden_access');
    return t('errors:generic');
  };
}
