import type { ApplicationField, ApplicationFieldMode } from '@embauche/contracts/offer-settings';
import { CV_MIMES } from '@embauche/contracts/applicants';
import type { Language } from '@embauche/contracts/constants';
import type { SecretBox } from '../../platform/crypto/secret-box.ts';
import { h } from './career-site-html.ts';
import {
  customFieldHtml,
  customName,
  type AskedField,
  type CustomFormValues,
} from './career-site-apply-custom.ts';
import { APPLY_TEXTS, type ApplyTexts } from './career-site-apply-texts.ts';

/** The abuse rules of the apply form (docs/career-site.md "Applying"). */
export const APPLY_RULES = {
  /** A person takes at least this long between the page and the send; a script does not. */
  minFillMs: 3_000,
  /** A form older than this is sent again with a fresh timestamp (the input kept). */
  maxAgeMs: 24 * 3_600_000,
  /** Applications (valid or not) per client address and hour, across the company's sites. */
  perAddress: 20,
  /** Applications per e-mail address and company and hour. */
  perEmail: 5,
  windowMinutes: 60,
} as const;

/** Longest text per field (the applicant's columns, and the answers kept with the consent). */
export const APPLY_MAX: Record<string, number> = {
  firstname: 100,
  lastname: 100,
  email: 255,
  phone: 30,
  address: 500,
  linkedin_url: 255,
  cover_letter: 10_000,
};

/** The form's file inputs offer the CV types (CV_MIMES, checked again from the bytes on the server). */
const ACCEPT = ['.pdf,.doc,.docx,.odt,.rtf,.txt,.jpg,.jpeg,.png', ...CV_MIMES].join(',');

/** What one rendering of the form needs: the path's rules, the notice shown, the input kept. */
export type ApplyFormModel = {
  language: Language;
  /** Where the form posts (the offer's address, `#apply` so the answer opens at the form). */
  action: string;
  token: string;
  /** The page's language, sent back when the site offers several. */
  lng: Language | null;
  /** The job board of the tracking parameter (`?source=`), sent back with the application. */
  source: string | null;
  fields: Record<ApplicationField, ApplicationFieldMode>;
  documents: { id: number; name: string }[];
  notice: { version: number; url: string };
  maxMb: number;
  values: Record<string, string>;
  errors: Record<string, string[]>;
  /** Files were chosen: the browser does not send them again, so the candidate is told. */
  hadFiles: boolean;
  /** The company's questions (custom fields asked on the site) and their answers as typed. */
  custom: AskedField[];
  customValues: CustomFormValues;
};

/** The markup helpers every field of the form shares (labels, errors, ARIA). */
export type FormParts = {
  errorsOf(name: string): string[];
  /** ` aria-describedby="…"`: the hint given and the field's error, when any. */
  describe(name: string, hint?: string): string;
  errorText(name: string): string;
  /** The text of a label or legend: required mark or "(optional)". */
  labelText(text: string, mode: ApplicationFieldMode): string;
  label(name: string, text: string, mode: ApplicationFieldMode): string;
  invalid(name: string): string;
  required(mode: ApplicationFieldMode): string;
};

function formParts(m: ApplyFormModel, t: ApplyTexts): FormParts {
  const errorsOf = (name: string) => m.errors[name] ?? [];
  const labelText = (text: string, mode: ApplicationFieldMode) =>
    `${h(text)}${
      mode === 'required'
        ? ' <span class="req" aria-hidden="true">*</span>'
        : ` <span class="opt">(${h(t.optional)})</span>`
    }`;
  return {
    errorsOf,
    describe: (name, hint) => {
      const ids = [hint, errorsOf(name).length ? `a-${name}-error` : undefined].filter(Boolean);
      return ids.length ? ` aria-describedby="${ids.join(' ')}"` : '';
    },
    errorText: (name) =>
      errorsOf(name).length
        ? `<p class="error" id="a-${name}-error">${errorsOf(name)
            .map((c) => h(errorMessage(t, name, c)))
            .join(' ')}</p>`
        : '',
    labelText,
    label: (name, text, mode) => `<label for="a-${name}">${labelText(text, mode)}</label>`,
    invalid: (name) => (errorsOf(name).length ? ' aria-invalid="true"' : ''),
    required: (mode) => (mode === 'required' ? ' required' : ''),
  };
}

/** One error code (`max_length:100`, `file_too_large:4`) as the candidate reads it. */
export function errorMessage(t: ApplyTexts, field: string, code: string): string {
  const [name = '', arg] = code.split(':');
  const n = Number(arg);
  switch (name) {
    case 'field_required':
      return field === 'consent' ? t.errors.consent_required : t.errors.field_required;
    case 'invalid_email':
      return t.errors.invalid_email;
    case 'max_length':
      return t.errors.max_length(n);
    case 'file_type':
      return t.errors.file_type;
    case 'file_too_large':
      return t.errors.file_too_large(n);
    case 'invalid_date':
      return t.errors.invalid_date;
    case 'min_value':
    case 'max_value':
      return t.errors.out_of_range;
    case 'too_fast':
      return t.errors.too_fast;
    case 'expired':
      return t.errors.expired;
    case 'too_many':
      return t.errors.too_many;
    default:
      return t.errors.invalid;
  }
}

/**
 * The form's timestamp: when it was shown, signed (HMAC, server secret) for this company and offer,
 * so a script can neither skip the minimum fill time nor reuse a form of another offer.
 */
export class ApplyTokens {
  constructor(
    private readonly box: SecretBox,
    private readonly now: () => number = Date.now,
  ) {}

  private data(companyId: number, offerId: number, at: number) {
    return `${companyId}:${offerId}:${at}`;
  }

  issue(companyId: number, offerId: number): string {
    const at = this.now();
    return `${at}.${this.box.mac(this.data(companyId, offerId, at), 'career-site.apply')}`;
  }

  /** `ok`, or why the form is not taken: sent too fast, or expired (or forged, which reads alike). */
  check(companyId: number, offerId: number, token: string): 'ok' | 'too_fast' | 'expired' {
    const match = /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match) return 'expired';
    const at = Number(match[1]);
    if (!this.box.verifyMac(this.data(companyId, offerId, at), 'career-site.apply', match[2]!))
      return 'expired';
    const age = this.now() - at;
    if (age < APPLY_RULES.minFillMs) return 'too_fast';
    return age > APPLY_RULES.maxAgeMs ? 'expired' : 'ok';
  }
}

type FieldSpec = {
  name: string;
  label: string;
  mode: ApplicationFieldMode;
  type?: string;
  autocomplete?: string;
  multiline?: boolean;
  rows?: number;
};

/**
 * The apply form (issue 37 part 3), server-rendered and working without JavaScript: a multipart
 * POST to the offer's address. Each input has its label, required ones are marked and say so to
 * assistive technology, errors are listed at the top (links to the fields) and under each field
 * (`aria-describedby`), and the candidate's input comes back (never the files, which browsers do
 * not refill). The honeypot field sits off-screen, hidden from assistive technology and the tab
 * order.
 */
export function applyFormHtml(m: ApplyFormModel): string {
  const t = APPLY_TEXTS[m.language];
  const parts = formParts(m, t);
  const { errorsOf, describe, errorText, label, invalid, required } = parts;

  const input = (f: FieldSpec) => {
    if (f.mode === 'hidden') return '';
    const max = APPLY_MAX[f.name];
    const value = m.values[f.name] ?? '';
    const common = `id="a-${f.name}" name="${f.name}"${max ? ` maxlength="${max}"` : ''}${
      f.autocomplete ? ` autocomplete="${f.autocomplete}"` : ''
    }${required(f.mode)}${invalid(f.name)}${describe(f.name)}`;
    const control = f.multiline
      ? `<textarea ${common} rows="${f.rows ?? 4}">${h(value)}</textarea>`
      : `<input ${common} type="${f.type ?? 'text'}" value="${h(value)}">`;
    return `<div class="field">${label(f.name, f.label, f.mode)}${control}${errorText(f.name)}</div>`;
  };
  const file = (name: string, text: string, mode: ApplicationFieldMode) =>
    mode === 'hidden'
      ? ''
      : `<div class="field">${label(name, text, mode)}<input id="a-${name}" name="${name}" type="file" accept="${ACCEPT}"${required(
          mode,
        )}${invalid(name)}${describe(name, 'a-files-hint')}>${errorText(name)}</div>`;

  const fields = m.fields;
  const texts: FieldSpec[] = [
    { name: 'firstname', label: t.firstname, mode: 'required', autocomplete: 'given-name' },
    { name: 'lastname', label: t.lastname, mode: 'required', autocomplete: 'family-name' },
    { name: 'email', label: t.email, mode: 'required', type: 'email', autocomplete: 'email' },
    { name: 'phone', label: t.phone, mode: fields.phone, type: 'tel', autocomplete: 'tel' },
    {
      name: 'address',
      label: t.address,
      mode: fields.address,
      autocomplete: 'street-address',
      multiline: true,
      rows: 3,
    },
    {
      name: 'birth_date',
      label: t.birth_date,
      mode: fields.birth_date,
      type: 'date',
      autocomplete: 'bday',
    },
    {
      name: 'linkedin_url',
      label: t.linkedin_url,
      mode: fields.linkedin_url,
      type: 'url',
      autocomplete: 'url',
    },
    {
      name: 'cover_letter',
      label: t.cover_letter,
      mode: fields.cover_letter,
      multiline: true,
      rows: 6,
    },
  ];

  // The summary lists the errors in the form's order, each a link to its field.
  const order = [
    ...texts.map((f) => f.name),
    ...m.custom.map((f) => customName(f.id)),
    'cv',
    ...m.documents.map((d) => `document_${d.id}`),
    'consent',
  ];
  const labels: Record<string, string> = {
    ...Object.fromEntries(texts.map((f) => [f.name, f.label])),
    ...Object.fromEntries(m.custom.map((f) => [customName(f.id), f.label])),
    cv: t.cv,
    consent: t.consent_label,
    ...Object.fromEntries(m.documents.map((d) => [`document_${d.id}`, d.name])),
  };
  const listed = order.filter((name) => errorsOf(name).length);
  const banner = errorsOf('_');
  const count = listed.reduce((n, name) => n + errorsOf(name).length, 0);
  const summary =
    listed.length || banner.length
      ? `<div class="errors" role="alert">${
          listed.length ? `<h3>${h(t.errors_title(count))}</h3>` : ''
        }${banner.map((c) => `<p>${h(errorMessage(t, '_', c))}</p>`).join('')}${
          listed.length
            ? `<ul>${listed
                .map(
                  (name) =>
                    `<li><a href="#a-${name}">${h(labels[name] ?? name)}${m.language === 'fr' ? ' : ' : ': '}${errorsOf(
                      name,
                    )
                      .map((c) => h(errorMessage(t, name, c)))
                      .join(' ')}</a></li>`,
                )
                .join('')}</ul>`
            : ''
        }${m.hadFiles ? `<p>${h(t.files_again)}</p>` : ''}</div>`
      : '';
  const hidden = [
    `<input type="hidden" name="t" value="${h(m.token)}">`,
    `<input type="hidden" name="notice" value="${m.notice.version}">`,
    m.lng ? `<input type="hidden" name="lng" value="${m.lng}">` : '',
    m.source ? `<input type="hidden" name="source" value="${h(m.source)}">` : '',
  ].join('');
  const consentChecked = m.values.consent === '1' ? ' checked' : '';
  return `<section class="apply" id="apply" aria-labelledby="apply-title">
<h2 id="apply-title">${h(t.title)}</h2>
${summary}
<p class="hint">${h(t.required_note)}</p>
<form method="post" enctype="multipart/form-data" action="${h(m.action)}#apply">
${hidden}
${texts.map(input).join('\n')}
${m.custom.map((f) => customFieldHtml(parts, t, f, m.customValues[customName(f.id)])).join('\n')}
<p class="hint" id="a-files-hint">${h(t.files_hint(m.maxMb))}</p>
${file('cv', t.cv, fields.cv)}
${m.documents.map((d) => file(`document_${d.id}`, d.name, 'required')).join('\n')}
<div class="field consent"><p><a href="${h(m.notice.url)}" target="_blank" rel="noopener">${h(t.privacy_link)}</a></p>
<div class="check"><input id="a-consent" name="consent" type="checkbox" value="1" required${consentChecked}${invalid('consent')}${describe('consent')}><label for="a-consent">${h(t.consent(m.notice.version))} <span class="req" aria-hidden="true">*</span></label></div>${errorText('consent')}</div>
<div class="hp" aria-hidden="true"><label for="a-website">${h(t.honeypot)}</label><input id="a-website" name="website" type="text" tabindex="-1" autocomplete="off"></div>
<div><button type="submit">${h(t.submit)}</button></div>
</form>
</section>`;
}
