import {
  CUSTOM_LONG_TEXT_MAX,
  CUSTOM_TEXT_MAX,
  type TCustomField,
} from '@embauche/contracts/custom-fields';
import { h } from './career-site-html.ts';
import type { FormParts } from './career-site-apply-form.ts';
import type { ApplyTexts } from './career-site-apply-texts.ts';

/** A custom field the apply form asks (`ask_candidates`, docs/career-site.md "Applying"). */
export type AskedField = Pick<
  TCustomField,
  'id' | 'entity' | 'type' | 'label' | 'required' | 'options'
>;

/** The answers as typed, by input name (`cf_{id}`): text, or the boxes ticked of a multiple choice. */
export type CustomFormValues = Record<string, string | string[]>;

/** The input name of a field (a multiple choice posts `cf_{id}[]`, read back under `cf_{id}`). */
export const customName = (id: number) => `cf_${id}`;

const first = (value: string | string[] | undefined) =>
  (typeof value === 'string' ? value : (value?.[0] ?? '')).trim();

/** A number as typed (a decimal comma accepted), or NaN. */
function readNumber(text: string): number {
  const normal = text.replace(/\s/g, '').replace(',', '.');
  return /^[-+]?(\d+\.?\d*|\.\d+)$/.test(normal) ? Number(normal) : Number.NaN;
}

/**
 * Reads the asked fields from the posted form: `input` in the shape `checkCustomValues` takes
 * (every asked field present, empty ones null; a number that does not read stays text, which
 * that check calls `invalid`; an amount in euros becomes cents), and `kept`, the answers as typed
 * for a form shown again (texts cut a character past their limit).
 */
export function readCustomAnswers(
  fields: readonly AskedField[],
  posted: Record<string, string | string[]>,
): { input: Record<string, unknown>; kept: CustomFormValues } {
  const input: Record<string, unknown> = {};
  const kept: CustomFormValues = {};
  for (const field of fields) {
    const name = customName(field.id);
    const raw = posted[name];
    const key = String(field.id);
    if (field.type === 'multiple_choice') {
      const list = (Array.isArray(raw) ? raw : raw ? [raw] : []).slice(0, field.options.length + 1);
      kept[name] = list;
      input[key] = list;
      continue;
    }
    const max = field.type === 'long_text' ? CUSTOM_LONG_TEXT_MAX : CUSTOM_TEXT_MAX;
    const text = first(raw).slice(0, max + 1);
    kept[name] = text;
    if (!text) input[key] = null;
    else if (field.type === 'number' || field.type === 'currency') {
      const n = readNumber(text);
      input[key] = Number.isNaN(n) ? text : field.type === 'currency' ? Math.round(n * 100) : n;
    } else if (field.type === 'yes_no')
      input[key] = text === '1' ? true : text === '0' ? false : text;
    else input[key] = text;
  }
  return { input, kept };
}

/**
 * One asked field in the apply form, by type: a text box or area, a number (an amount in euros,
 * to the cent), a date, a list to choose from, boxes to tick for a multiple choice, Yes/No radios.
 * A group (boxes, radios) is a fieldset whose legend is the label; its first input carries the
 * field's id, the target of the error summary's link.
 */
export function customFieldHtml(
  p: FormParts,
  t: ApplyTexts,
  field: AskedField,
  value: string | string[] | undefined,
): string {
  const name = customName(field.id);
  const id = `a-${name}`;
  const mode = field.required ? 'required' : 'optional';
  const text = typeof value === 'string' ? value : '';
  const common = `${p.required(mode)}${p.invalid(name)}${p.describe(name)}`;
  const wrap = (control: string, label = field.label) =>
    `<div class="field">${p.label(name, label, mode)}${control}${p.errorText(name)}</div>`;
  const group = (inputs: string[]) =>
    `<fieldset class="field group"${p.describe(name)}><legend>${p.labelText(field.label, mode)}</legend>${inputs.join(
      '',
    )}${p.errorText(name)}</fieldset>`;
  const box = (
    type: 'checkbox' | 'radio',
    index: number,
    option: string,
    label: string,
    on: boolean,
  ) =>
    `<div class="check"><input id="${index ? `${id}-${index}` : id}" name="${
      type === 'checkbox' ? `${name}[]` : name
    }" type="${type}" value="${h(option)}"${on ? ' checked' : ''}${
      type === 'radio' ? p.required(mode) : ''
    }${p.invalid(name)}><label for="${index ? `${id}-${index}` : id}">${h(label)}</label></div>`;
  switch (field.type) {
    case 'long_text':
      return wrap(
        `<textarea id="${id}" name="${name}" maxlength="${CUSTOM_LONG_TEXT_MAX}" rows="4"${common}>${h(text)}</textarea>`,
      );
    case 'number':
    case 'currency':
      return wrap(
        `<input id="${id}" name="${name}" type="number" inputmode="decimal" step="${
          field.type === 'currency' ? '0.01' : 'any'
        }" value="${h(text)}"${common}>`,
        field.type === 'currency' ? `${field.label} (${t.in_euros})` : field.label,
      );
    case 'date':
      return wrap(`<input id="${id}" name="${name}" type="date" value="${h(text)}"${common}>`);
    case 'single_choice':
      return wrap(
        `<select id="${id}" name="${name}"${common}><option value="">${h(t.choose)}</option>${field.options
          .map((o) => `<option value="${h(o)}"${o === text ? ' selected' : ''}>${h(o)}</option>`)
          .join('')}</select>`,
      );
    case 'multiple_choice': {
      const ticked = Array.isArray(value) ? value : [];
      return group(field.options.map((o, i) => box('checkbox', i, o, o, ticked.includes(o))));
    }
    case 'yes_no':
      return group([
        box('radio', 0, '1', t.yes, text === '1'),
        box('radio', 1, '0', t.no, text === '0'),
      ]);
    default:
      return wrap(
        `<input id="${id}" name="${name}" type="text" maxlength="${CUSTOM_TEXT_MAX}" value="${h(text)}"${common}>`,
      );
  }
}
