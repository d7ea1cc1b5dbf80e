import type { TFunction } from 'i18next';
import { isApiError } from '../../../lib/api-error.ts';
import { translateErrorCode } from '../../../lib/error-message.ts';

/** The translated messages of a failed call's field codes (`file: file_type`, `offers: image_in_use:2`), or none. */
export function fieldMessages(t: TFunction, error: unknown): string[] {
  if (!isApiError(error) || !error.errors) return [];
  return Object.values(error.errors)
    .flat()
    .map((code) => translateErrorCode(t, code));
}
