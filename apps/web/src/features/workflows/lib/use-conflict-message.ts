import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-error.ts';
import { translateErrorCode } from '../../../lib/error-message.ts';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';

/** A refused delete (409 `status_in_use:3`…) told by its code; other failures by the generic message. */
export function useConflictMessage() {
  const { t } = useTranslation('errors');
  const fallback = useApiErrorMessage();
  return (error: unknown): string => {
    const code = isApiError(error) ? Object.values(error.errors ?? {})[0]?.[0] : undefined;
    return code ? translateErrorCode(t, code) : fallback(error);
  };
}
