import {
  getCountries,
  parsePhoneNumberFromString,
  type CountryCode,
  type NumberType,
} from 'libphonenumber-js/max';

/**
 * The 'max' metadata (about 160 kB of JSON, read once when the server starts; the web never
 * imports this file) is what tells a number's type: mobile, premium rate, shared cost, VoIP…
 */

/** Line types a text message reaches. */
const TEXTABLE = new Set(['MOBILE', 'FIXED_LINE_OR_MOBILE']);

/**
 * Calling codes of no country (ITU "global services"): freephone +800 and shared-cost +808,
 * Inmarsat +870 and the maritime and UPT codes +871…+878, satellite phones +881 (Iridium +8816/7,
 * Globalstar +8818/9), international networks +882 and +883, +888, premium +979, trials +991.
 * Texts to them cost many times a national one and are a classic toll-fraud target: refused
 * whatever the company allows, even when the metadata does not know the number.
 */
export const GLOBAL_CALLING_CODES = [
  '800',
  '808',
  '870',
  '871',
  '872',
  '873',
  '874',
  '875',
  '876',
  '877',
  '878',
  '881',
  '882',
  '883',
  '888',
  '979',
  '991',
] as const;

/**
 * Number types refused whatever the company allows: paid by the sender at a premium or shared
 * rate, or routed to an unknown person or service (personal numbers forward anywhere, UAN, VoIP
 * and pagers are not handsets). Other types that are not mobiles (fixed lines, freephone,
 * voicemail) cannot receive a text: `applicant_without_mobile`.
 */
const REFUSED_TYPES = new Set<NumberType>([
  'PREMIUM_RATE',
  'SHARED_COST',
  'PERSONAL_NUMBER',
  'UAN',
  'VOIP',
  'PAGER',
]);

/** Where a text may go: the E.164 number and its country, or why not. */
export type SmsDestination =
  | { ok: true; to: string; country: string }
  | { ok: false; reason: 'applicant_without_mobile' | 'destination_not_allowed' };

/** The digits after an international prefix (`+`, `00`), or null for a national number. */
function internationalDigits(raw: string): string | null {
  const compact = raw.replace(/[\s.()/-]/g, '');
  const m = /^(?:\+|00)(\d+)$/.exec(compact);
  return m ? m[1]! : null;
}

/**
 * Issue 33: the destination of a text to `raw` (national numbers read in `defaultCountry`) for a
 * company that allows `allowed` (ISO alpha-2). Refused as `destination_not_allowed`: a global
 * calling code, a premium, shared-cost or other risky type, or a mobile of a country outside the
 * list; as `applicant_without_mobile`: no number, an invalid one, or one that is not a mobile.
 */
export function smsDestination(
  raw: string | null | undefined,
  defaultCountry: string,
  allowed: ReadonlySet<string>,
): SmsDestination {
  if (!raw?.trim()) return { ok: false, reason: 'applicant_without_mobile' };
  const parsed = parsePhoneNumberFromString(raw, defaultCountry as CountryCode);
  const digits = parsed ? parsed.countryCallingCode : internationalDigits(raw);
  if (digits && GLOBAL_CALLING_CODES.some((code) => digits.startsWith(code)))
    return { ok: false, reason: 'destination_not_allowed' };
  if (!parsed?.isValid()) return { ok: false, reason: 'applicant_without_mobile' };
  const type = parsed.getType();
  if (type && REFUSED_TYPES.has(type)) return { ok: false, reason: 'destination_not_allowed' };
  if (!type || !TEXTABLE.has(type)) return { ok: false, reason: 'applicant_without_mobile' };
  // A valid number of a calling code shared by several countries (+1, +7, +44, +262…) is read
  // down to its country (US or JM, GB or IM, RE or YT); none found: not a country's number.
  if (!parsed.country || parsed.isNonGeographic() || !allowed.has(parsed.country))
    return { ok: false, reason: 'destination_not_allowed' };
  return { ok: true, to: parsed.number, country: parsed.country };
}

/** Every country a company may allow (ISO alpha-2, sorted): the ones the metadata knows. */
export function smsCountries(): string[] {
  return [...getCountries()].sort();
}

/** Whether `code` is one of smsCountries(). */
export function isSmsCountry(code: string): boolean {
  return (getCountries() as string[]).includes(code);
}

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
