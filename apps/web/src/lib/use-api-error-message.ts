import { useTranslation } from 'react-i18next';
import { errorStatus, isApiError } from './api-error.ts';

/** The translated message for a failed call that has no field to attach to. */
export function useApiErrorMessage() {
  const { t } = useTranslation('errors');
  return (error: unknown): string => {
    const status = errorStatus(error);
    if (status === 429) return t('errors:too_many_requests');
    // A credential changes only in its owner's own session (issue 33).
    if (status === 403 && isApiError(error) && error.code === 'not_while_acting_as') return t('errors:not_while_acting_as');
    if (status === 403) return t('common:forbidden_access');
    return t('errors:generic');
  };
}
