/**
 * Custom fields (issue 17 item 5; spec 2 config `custom-fields`, permission `config.custom_fields`).
 * Typed fields a company adds to its offers, applicants or applications. Every path is under
 * `/api`; another company's field answers 404 on every route.
 *
 *   GET    /api/custom-fields?entity=offer|applicant|application&archived=0|1|all
 *          → ZCustomField[] in their order (`position`), each with its `value_count`. Not paged: a
 *          company has at most CUSTOM_FIELDS_MAX fields per entity. Needs `config.custom_fields`.
 *   GET    /api/custom-fields/active?entity=… → ZCustomField[]: the fields not archived, for the
 *          forms, lists and filters of the product. Needs a signed-in user only (`project.list`).
 *   POST   /api/custom-fields ZCustomFieldCreate → 201 ZCustomField (placed last). An offer's field
 *          keeps `ask_candidates` false whatever is sent (the career site asks candidates only
 *          about themselves and their application).
 *   PUT    /api/custom-fields/{id} ZCustomFieldUpdate → 200 ZCustomField. The entity and the type
 *          never change (values were written for them).
 *   PUT    /api/custom-fields/order {entity, ids} → 204: `ids` (every field of the entity, archived
 *          too) in their new order.
 *   DELETE /api/custom-fields/{id}?force=1 → 204. A field holding values answers 409
 *          `field_has_values` (with `count`) unless `force=1`: the values go with it.
 *   GET    /api/custom-fields/{id} → ZCustomField.
 *   GET    /api/applicants/{id}/custom-fields and /api/applications/{id}/custom-fields
 *          → ZCustomFieldValuesResponse (the offer's values come with the offer, `custom_fields`).
 *   PUT    the same paths {custom_fields} → ZCustomFieldValuesResponse.
 *          Applicant and application values need `project_application.edit` and the applicant
 *          (or application) must be one the user sees.
 *
 * Values travel as `custom_fields: { "<field id>": value }` (offers: in `POST` and `PUT
 * /projects/{id}/offers…`, and in the offer detail). A value by type: text and long_text a string;
 * number a number; currency whole cents of euro (integer); date `yyyy-MM-dd`; single_choice one of
 * the options; multiple_choice an array of options; yes_no a boolean. `null` (or an empty string or
 * array) clears the value. Fields absent from the object keep their values on update.
 *
 * 422 codes, on `custom_fields.<id>`: `field_required` (a required field left empty, on create, or
 * cleared on update), `invalid` (wrong type), `max_length:255` / `max_length:10000`,
 * `min_value:…`/`max_value:…`, `invalid_date`, `unknown_option`, `unknown_field` (not a field of the
 * company for this entity, or archived). Field form: `label` `field_required | max_length:255`,
 * `options` `options_required | max_items:100 | duplicate`, `options.<n>` `field_required |
 * max_length:255`.
 *
 * Offer list filter: `filter[custom_fields][<id>]=value` (or `filter[custom_fields.<id>]`): exact
 * for choices, yes/no (1|0), numbers, currency (cents) and dates; "contains" (case-insensitive) for
 * text. The offers export adds one column per offer field not archived, titled by its label.
 */
import { z } from 'zod';
import { requiredOr } from './errors.ts';
import { ZId } from './ids.ts';

export const CUSTOM_FIELD_TYPES = [
  'text',
  'long_text',
  'number',
  'currency',
  'date',
  'single_choice',
  'multiple_choice',
  'yes_no',
] as const;
export type TCustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];

export const CUSTOM_FIELD_ENTITIES = ['offer', 'applicant', 'application'] as const;
export type TCustomFieldEntity = (typeof CUSTOM_FIELD_ENTITIES)[number];

export const CHOICE_TYPES: readonly TCustomFieldType[] = ['single_choice', 'multiple_choice'];
export const CUSTOM_FIELDS_MAX = 100;
export const CUSTOM_FIELD_OPTIONS_MAX = 100;
export const CUSTOM_FIELD_LABEL_MAX = 255;
export const CUSTOM_TEXT_MAX = 255;
export const CUSTOM_LONG_TEXT_MAX = 10_000;
/** Numbers and amounts stay within ± one thousand billion (cents for currency). */
export const CUSTOM_NUMBER_LIMIT = 1_000_000_000_000;

export const ZCustomFieldValue = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.array(z.string()),
  z.null(),
]);
export type TCustomFieldValue = z.infer<typeof ZCustomFieldValue>;

/** `{ "<field id>": value }`; checked by type against the company's fields on the server. */
export const ZCustomFieldValues = z.record(z.string().regex(/^\d+$/, 'invalid'), ZCustomFieldValue);
export type TCustomFieldValues = z.infer<typeof ZCustomFieldValues>;

export const ZCustomField = z.object({
  id: z.number().int(),
  entity: z.enum(CUSTOM_FIELD_ENTITIES),
  type: z.enum(CUSTOM_FIELD_TYPES),
  label: z.string(),
  required: z.boolean(),
  options: z.array(z.string()),
  /** Shown in the entity's form (offer form, applicant screen). */
  show_in_form: z.boolean(),
  /** Shown on the entity's card or list row. */
  show_in_list: z.boolean(),
  /**
   * Asked on the career site's apply form (applicant and application fields; always false for an
   * offer's): the candidate's answer becomes the field's value, `required` applying there too.
   */
  ask_candidates: z.boolean(),
  position: z.number().int(),
  archived: z.boolean(),
  value_count: z.number().int(),
  created_at: z.string(),
});
export type TCustomField = z.infer<typeof ZCustomField>;

export const ZCustomFieldListQuery = z.object({
  entity: z.enum(CUSTOM_FIELD_ENTITIES, { error: requiredOr() }),
  archived: z.enum(['0', '1', 'all']).default('all'),
});
export type TCustomFieldListQuery = z.infer<typeof ZCustomFieldListQuery>;

const option = z.string().trim().min(1, 'field_required').max(255, 'max_length:255');

const fieldSettings = z.object({
  label: z
    .string({ error: requiredOr() })
    .trim()
    .min(1, 'field_required')
    .max(CUSTOM_FIELD_LABEL_MAX, `max_length:${CUSTOM_FIELD_LABEL_MAX}`),
  required: z.boolean().default(false),
  options: z
    .array(option)
    .max(CUSTOM_FIELD_OPTIONS_MAX, `max_items:${CUSTOM_FIELD_OPTIONS_MAX}`)
    .default([]),
  show_in_form: z.boolean().default(true),
  show_in_list: z.boolean().default(false),
  ask_candidates: z.boolean().default(false),
});

function optionsCheck(v: { type?: TCustomFieldType; options?: string[] }, ctx: z.RefinementCtx) {
  const options = v.options ?? [];
  if (v.type && CHOICE_TYPES.includes(v.type) && options.length === 0) {
    ctx.addIssue({ code: 'custom', message: 'options_required', path: ['options'] });
  }
  if (new Set(options).size !== options.length) {
    ctx.addIssue({ code: 'custom', message: 'duplicate', path: ['options'] });
  }
}

export const ZCustomFieldCreate = fieldSettings
  .extend({
    entity: z.enum(CUSTOM_FIELD_ENTITIES, { error: requiredOr() }),
    type: z.enum(CUSTOM_FIELD_TYPES, { error: requiredOr() }),
  })
  .superRefine(optionsCheck);
export type TCustomFieldCreate = z.infer<typeof ZCustomFieldCreate>;

export const ZCustomFieldUpdate = fieldSettings
  .extend({ archived: z.boolean().optional() })
  .superRefine(optionsCheck);
export type TCustomFieldUpdate = z.infer<typeof ZCustomFieldUpdate>;

export const ZCustomFieldOrder = z.object({
  entity: z.enum(CUSTOM_FIELD_ENTITIES, { error: requiredOr() }),
  ids: z.array(ZId).max(CUSTOM_FIELDS_MAX * 2, `max_items:${CUSTOM_FIELDS_MAX * 2}`),
});
export type TCustomFieldOrder = z.infer<typeof ZCustomFieldOrder>;

export const ZCustomFieldDeleteQuery = z.object({ force: z.enum(['0', '1']).optional() });

export const ZCustomFieldValuesBody = z.object({ custom_fields: ZCustomFieldValues });

/** The values of one applicant or application: `{ custom_fields }`. */
export const ZCustomFieldValuesResponse = z.object({ custom_fields: ZCustomFieldValues });
export type TCustomFieldValuesResponse = z.infer<typeof ZCustomFieldValuesResponse>;

/** A field as the checks below need it. */
export type CustomFieldRule = Pick<TCustomField, 'id' | 'type' | 'required' | 'options' | 'label'>;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function validDate(text: string): boolean {
  if (!DATE.test(text)) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
}

/** Whether a value counts as empty (cleared). */
export function isEmptyValue(value: unknown): boolean {
  return (
    value === null ||
    value === undefined ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}

/**
 * The value normalised for its field, or an error code. Empty values are `null`.
 * Shared by the server (which decides) and the web forms (which warn first).
 */
export function checkCustomValue(
  field: Pick<CustomFieldRule, 'type' | 'options'>,
  value: unknown,
): { value: TCustomFieldValue } | { error: string } {
  if (isEmptyValue(value)) return { value: null };
  switch (field.type) {
    case 'text':
    case 'long_text': {
      if (typeof value !== 'string') return { error: 'invalid' };
      const max = field.type === 'text' ? CUSTOM_TEXT_MAX : CUSTOM_LONG_TEXT_MAX;
      const text = value.trim();
      return text.length > max ? { error: `max_length:${max}` } : { value: text };
    }
    case 'number':
    case 'currency': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return { error: 'invalid' };
      if (field.type === 'currency' && !Number.isInteger(value)) return { error: 'invalid' };
      if (value < -CUSTOM_NUMBER_LIMIT) return { error: `min_value:-${CUSTOM_NUMBER_LIMIT}` };
      if (value > CUSTOM_NUMBER_LIMIT) return { error: `max_value:${CUSTOM_NUMBER_LIMIT}` };
      return { value };
    }
    case 'date':
      if (typeof value !== 'string') return { error: 'invalid' };
      return validDate(value) ? { value } : { error: 'invalid_date' };
    case 'single_choice':
      if (typeof value !== 'string') return { error: 'invalid' };
      return field.options.includes(value) ? { value } : { error: 'unknown_option' };
    case 'multiple_choice': {
      if (!Array.isArray(value) || value.some((v) => typeof v !== 'string'))
        return { error: 'invalid' };
      const list = [...new Set(value as string[])];
      return list.every((v) => field.options.includes(v))
        ? { value: field.options.filter((o) => list.includes(o)) }
        : { error: 'unknown_option' };
    }
    case 'yes_no':
      return typeof value === 'boolean' ? { value } : { error: 'invalid' };
  }
}

/**
 * Checks `input` against the fields: errors keyed `custom_fields.<id>`, and the normalised values.
 * `mode: 'create'` requires every required field; `'update'` only refuses clearing one (fields
 * absent from the input keep their values). Ids that are not among `fields` are `unknown_field`.
 */
export function checkCustomValues(
  fields: readonly CustomFieldRule[],
  input: Record<string, unknown> | undefined,
  mode: 'create' | 'update',
): { values: Map<number, TCustomFieldValue>; errors: Record<string, string[]> } {
  const values = new Map<number, TCustomFieldValue>();
  const errors: Record<string, string[]> = {};
  const byId = new Map(fields.map((f) => [String(f.id), f]));
  const given = input ?? {};
  for (const key of Object.keys(given)) {
    if (!byId.has(key)) errors[`custom_fields.${key}`] = ['unknown_field'];
  }
  for (const field of fields) {
    const key = String(field.id);
    const present = Object.prototype.hasOwnProperty.call(given, key);
    if (!present) {
      if (mode === 'create' && field.required) errors[`custom_fields.${key}`] = ['field_required'];
      continue;
    }
    const checked = checkCustomValue(field, given[key]);
    if ('error' in checked) errors[`custom_fields.${key}`] = [checked.error];
    else if (checked.value === null && field.required)
      errors[`custom_fields.${key}`] = ['field_required'];
    else values.set(field.id, checked.value);
  }
  return { values, errors };
}
