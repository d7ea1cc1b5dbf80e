import type { Language } from '@embauche/contracts/constants';
import { COMMUNITY_RETENTION_MONTHS } from '@embauche/contracts/community';
import { h } from '../career-site/career-site-html.ts';
import { COMMUNITY_TEXTS } from './community-texts.ts';

export type JoinValues = {
  firstname?: string;
  lastname?: string;
  email?: string;
  phone?: string;
  interests?: string[];
  consent?: boolean;
};

export type JoinForm = {
  language: Language;
  company: string;
  action: string;
  privacyUrl: string;
  noticeVersion: number;
  interests: { id: number; name: string }[];
  maxMb: number;
  values: JoinValues;
  errors: Record<string, string[]>;
  /** A message above the form (too many attempts, the notice changed). */
  alert?: string;
  /** The candidate had chosen a CV that was not kept (the page is shown again). */
  cvLost?: boolean;
};

/** A 422 code as the candidate reads it (`max_length:100` → "100 characters at most."). */
export function errorText(language: Language, code: string): string {
  const [name = '', n = '0'] = code.split(':');
  const t = COMMUNITY_TEXTS[language];
  return (t.error[name] ?? t.error.invalid!)(Number(n));
}

/** The "join our community" form: labelled fields, errors tied to them, no script. */
export function joinForm(f: JoinForm): string {
  const t = COMMUNITY_TEXTS[f.language];
  const v = f.values;
  const errorOf = (field: string) => f.errors[field]?.map((c) => errorText(f.language, c)) ?? [];
  const described = (field: string, hint?: string) => {
    const ids = [hint, errorOf(field).length ? `${field}-error` : undefined].filter(Boolean);
    return ids.length ? ` aria-describedby="${ids.join(' ')}"` : '';
  };
  const invalid = (field: string) => (errorOf(field).length ? ' aria-invalid="true"' : '');
  const errorLine = (field: string) =>
    errorOf(field).length
      ? `<p class="error" id="${field}-error">${h(errorOf(field).join(' '))}</p>`
      : '';
  const input = (
    field: 'firstname' | 'lastname' | 'email' | 'phone',
    type: string,
    autocomplete: string,
    required: boolean,
  ) =>
    `<div class="field"><label for="${field}">${h(t[field])}${required ? ' *' : ` <span class="hint">(${h(t.optional)})</span>`}</label>` +
    `<input id="${field}" name="${field}" type="${type}" autocomplete="${autocomplete}" value="${h(v[field] ?? '')}"${required ? ' required' : ''}${invalid(field)}${described(field)}>` +
    errorLine(field) +
    `</div>`;
  const summary = Object.keys(f.errors).length
    ? `<div class="alert" role="alert" id="errors"><p>${h(t.errors_title)}</p><ul>${Object.keys(
        f.errors,
      )
        .filter((field) => field !== 'notice_version')
        .map((field) => {
          const label =
            field === 'consent'
              ? t.consent(f.company, COMMUNITY_RETENTION_MONTHS)
              : (((t as unknown as Record<string, unknown>)[field] as string | undefined) ?? field);
          return `<li><a href="#${h(field === 'interests' ? 'interests-legend' : field)}">${h(
            typeof label === 'string' ? label : field,
          )}</a> ${h(errorOf(field).join(' '))}</li>`;
        })
        .join('')}</ul></div>`
    : '';
  const alert = f.alert ? `<div class="alert" role="alert"><p>${h(f.alert)}</p></div>` : '';
  const chosen = new Set(v.interests ?? []);
  const interests = f.interests.length
    ? `<fieldset class="field"><legend id="interests-legend">${h(t.interests)} <span class="hint">(${h(t.optional)})</span></legend>${f.interests
        .map(
          (i) =>
            `<label class="check"><input type="checkbox" name="interests[]" value="${i.id}"${chosen.has(String(i.id)) ? ' checked' : ''}> ${h(i.name)}</label>`,
        )
        .join('')}${errorLine('interests')}</fieldset>`
    : '';
  return `<h1>${h(t.title(f.company))}</h1>
<p class="intro">${h(t.intro)}</p>
${alert}${summary}
<form class="join" method="post" action="${h(f.action)}" enctype="multipart/form-data" novalidate>
<p class="hint">${h(t.required)}</p>
${input('firstname', 'text', 'given-name', true)}
${input('lastname', 'text', 'family-name', true)}
${input('email', 'email', 'email', true)}
${input('phone', 'tel', 'tel', false)}
${interests}
<div class="field"><label for="cv">${h(t.cv)} <span class="hint">(${h(t.optional)})</span></label>
<input id="cv" name="cv" type="file" accept=".pdf,.doc,.docx,.odt,.rtf,.txt,.jpg,.jpeg,.png"${invalid('cv')}${described('cv', 'cv-hint')}>
<p class="hint" id="cv-hint">${h(t.cv_hint(f.maxMb))}${f.cvLost ? ` ${h(t.cv_again)}` : ''}</p>${errorLine('cv')}</div>
<div class="field"><label class="check"><input id="consent" name="consent" type="checkbox" value="yes" required${v.consent ? ' checked' : ''}${invalid('consent')}${described('consent', 'consent-notice')}> ${h(t.consent(f.company, COMMUNITY_RETENTION_MONTHS))} *</label>
<p class="hint" id="consent-notice"><a href="${h(f.privacyUrl)}">${h(t.notice_link(f.noticeVersion))}</a></p>${errorLine('consent')}</div>
<div class="trap" aria-hidden="true"><label for="website">Website</label><input id="website" name="website" type="text" tabindex="-1" autocomplete="off"></div>
<input type="hidden" name="notice_version" value="${f.noticeVersion}">
<button type="submit">${h(t.submit)}</button>
</form>`;
}

/** Styles of the community's pages, added to the career site's frame. */
export const COMMUNITY_CSS = `<style>
form.join{display:grid;gap:1rem;background:#fff;border:1px solid #e2e8f0;border-radius:.75rem;padding:1rem 1.25rem;margin:1rem 0 2rem;max-width:40rem}
.field{display:grid;gap:.25rem;border:0;margin:0;padding:0}
legend{font-size:.875rem;font-weight:600;margin-bottom:.25rem;padding:0}
label.check{display:flex;gap:.5rem;align-items:flex-start;font-weight:400;font-size:1rem}
label.check input{width:1.25rem;min-height:1.25rem;height:1.25rem;margin-top:.2rem;flex:none}
.hint{color:#475569;font-size:.875rem;font-weight:400;margin:0}
.error{color:#b91c1c;font-size:.875rem;margin:0}
.alert{border:2px solid #b91c1c;background:#fef2f2;border-radius:.5rem;padding:.5rem 1rem;margin:1rem 0}
.alert p{margin:.25rem 0;font-weight:600}
.trap{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}
.actions{display:grid;gap:1rem;max-width:40rem}
.actions form{background:#fff;border:1px solid #e2e8f0;border-radius:.75rem;padding:1rem}
</style>`;
