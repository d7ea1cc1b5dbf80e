import { ERROR_CODES } from '@embauche/contracts/errors';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-error.ts';
import { translateErrorCode } from '../../../lib/error-message.ts';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';

/**
 * Spec 8: a failed send shows its message in a toast. A refusal with a reason (422
 * `applicant_without_mobile`, `destination_not_allowed`, `max_length:1071`…) shows that reason;
 * the company's daily cap (429 `sms_daily_cap`) says so; anything else the generic text.
 */
export function useSmsErrorMessage() {
  const { t } = useTranslation(['errors', 'sms']);
  const generic = useApiErrorMessage();
  return (error: unknown): string => {
    if (isApiError(error) && error.code === ERROR_CODES.smsDailyCap) return t('sms:errors.daily_cap');
    if (isApiError(error) && error.errors) {
      const code = Object.values(error.errors).flat()[0];
      if (code) return translateErrorCode(t, code);
    }
    return generic(error);
  };
}
