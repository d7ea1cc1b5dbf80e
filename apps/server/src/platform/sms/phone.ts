import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';

/** Line types a text message reaches. */
const TEXTABLE = new Set(['MOBILE', 'FIXED_LINE_OR_MOBILE']);

/**
 * A stored phone number as E.164 (`+33612345678`), parsed with libphonenumber-js: national numbers
 * are read in `defaultCountry`. null when the text is not a valid number.
 */
export function toE164(raw: string | null | undefined, defaultCountry: string): string | null {
  if (!raw?.trim()) return null;
  const parsed = parsePhoneNumberFromString(raw, defaultCountry as CountryCode);
  return parsed?.isValid() ? parsed.number : null;
}

/** The E.164 number a text message can go to, or null when the number is not a valid mobile. */
export function mobileE164(raw: string | null | undefined, defaultCountry: string): string | null {
  if (!raw?.trim()) return null;
  const parsed = parsePhoneNumberFromString(raw, defaultCountry as CountryCode);
  if (!parsed?.isValid()) return null;
  const type = parsed.getType();
  return type && TEXTABLE.has(type) ? parsed.number : null;
}

/**
 * Spec 5 "Phone display": +33 in groups of 2 digits, +34, +44 and +1 in their usual layouts;
 * other numbers unchanged.
 */
export function formatPhoneDisplay(raw: string): string {
  const compact = raw.replace(/[\s.()-]/g, '');
  let m = /^\+33(\d)(\d{8})$/.exec(compact);
  if (m) return `+33 ${m[1]} ${m[2]!.replace(/(\d{2})(?=\d)/g, '$1 ')}`;
  m = /^\+34(\d{3})(\d{3})(\d{3})$/.exec(compact);
  if (m) return `+34 ${m[1]} ${m[2]} ${m[3]}`;
  m = /^\+44(\d{4})(\d{6})$/.exec(compact);
  if (m) return `+44 ${m[1]} ${m[2]}`;
  m = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(compact);
  if (m) return `+1 (${m[1]}) ${m[2]}-${m[3]}`;
  return raw;
}

/** The number as shown: E.164 when it parses (then laid out per spec 5), else the text as typed. */
export function displayPhone(raw: string | null, defaultCountry: string): string | null {
  if (!raw?.trim()) return null;
  return formatPhoneDisplay(toE164(raw, defaultCountry) ?? raw);
}
