import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from './api-error.ts';

/**
 * Puts a 422 body's `errors` on the form fields: each code becomes its own message.
 * Returns true when at least one field error was applied.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields?: readonly string[],
): boolean {
  if (!isApiError(error) || error.status !== 422 || !error.errors) return false;
  let applied = false;
  for (const [field, codes] of Object.entries(error.errors)) {
    if (!codes.length || (fields && !fields.includes(field))) continue;
    const types = Object.fromEntries(codes.map((code, index) => [`server_${index}`, code]));
    setError(field as Path<T>, { type: 'server', message: codes[0], types }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}
