import { useState } from 'react';
import {
  checkCustomValues,
  type TCustomFieldEntity,
  type TCustomFieldValue,
  type TCustomFieldValues,
} from '@embauche/contracts/custom-fields';
import { isApiError } from '../api-error.ts';
import { useActiveCustomFields } from './get-active-custom-fields.ts';

/**
 * The custom fields of a form (offer form, applicant screen): the company's active fields that
 * show in forms (required ones always do), their values, and their errors. `check` runs the
 * contracts' checks before sending (a required field left empty blocks the submit);
 * `serverErrors` puts a 422's `custom_fields.<id>` codes on the fields.
 */
export function useCustomFieldForm(entity: TCustomFieldEntity, initial: TCustomFieldValues | undefined) {
  const query = useActiveCustomFields(entity);
  const fields = (query.data ?? []).filter((f) => f.show_in_form || f.required);
  const [values, setValues] = useState<TCustomFieldValues>(() => ({ ...(initial ?? {}) }));
  const [errors, setErrors] = useState<Record<string, string>>({});

  const setValue = (id: number, value: TCustomFieldValue) => {
    setValues((current) => ({ ...current, [String(id)]: value }));
    setErrors(({ [String(id)]: _cleared, ...rest }) => rest);
  };

  /** What the form sends: every shown field, empty ones as null. */
  const payload = (): TCustomFieldValues =>
    Object.fromEntries(fields.map((f) => [String(f.id), values[String(f.id)] ?? null]));

  /** True when the values pass; otherwise the errors show and the first field takes the focus. */
  const check = (): boolean => {
    const { errors: found } = checkCustomValues(fields, payload(), 'update');
    const codes = Object.fromEntries(
      Object.entries(found).map(([key, list]) => [key.replace(/^custom_fields\./, ''), list[0]!]),
    );
    setErrors(codes);
    return Object.keys(codes).length === 0;
  };

  const serverErrors = (error: unknown): boolean => {
    if (!isApiError(error) || error.status !== 422 || !error.errors) return false;
    const codes: Record<string, string> = {};
    for (const [key, list] of Object.entries(error.errors)) {
      const match = /^custom_fields\.(\d+)$/.exec(key);
      if (match && list[0]) codes[match[1]!] = list[0];
    }
    if (!Object.keys(codes).length) return false;
    setErrors((current) => ({ ...current, ...codes }));
    return true;
  };

  return { fields, values, errors, setValue, payload, check, serverErrors, loading: query.isPending };
}
