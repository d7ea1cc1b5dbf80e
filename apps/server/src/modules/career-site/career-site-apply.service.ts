import {
  CV_MIMES,
  PROVENANCES,
  ZManualApplicant,
  type TManualApplicant,
} from '@embauche/contracts/applicants';
import { checkCustomValues } from '@embauche/contracts/custom-fields';
import { zLink } from '@embauche/contracts/links';
import type { Language } from '@embauche/contracts/constants';
import { HttpError } from '../../platform/http/http-error.ts';
import type { AttemptLimiter } from '../../platform/http/attempt-limiter.ts';
import { fieldErrors, type MultipartFile } from '../../platform/http/parse-body.ts';
import { detectFileType } from '../../platform/storage/file-type.ts';
import { candidateValues } from '../../platform/mail/merge-fields.ts';
import { DOCUMENT_REQUEST_MAIL_TEXTS } from '../applicants/document-request-mail-texts.ts';
import type { ManualApplicationsService } from '../applications/manual-applications.service.ts';
import type { CustomFieldsService } from '../custom-fields/custom-fields.service.ts';
import type { MailModelsService } from '../mail-models/mail-models.service.ts';
import type { ApplicationPathService } from '../offer-settings/application-path.service.ts';
import {
  customName,
  readCustomAnswers,
  type CustomFormValues,
} from './career-site-apply-custom.ts';
import { h } from './career-site-html.ts';
import {
  APPLY_MAX,
  APPLY_RULES,
  applyFormHtml,
  type ApplyTokens,
} from './career-site-apply-form.ts';
import { applyConfirmationMail } from './career-site-apply-mail.ts';
import { APPLY_TEXTS } from './career-site-apply-texts.ts';
import type { CareerSitePublicRepository } from './career-site-public.repository.ts';
import { withLng } from './career-site-language.ts';
import {
  type ApplyFormSource,
  type ApplyState,
  type CareerSitePublicService,
  type OfferPage,
  type PublicAnswer,
} from './career-site-public.service.ts';
import { CAREER_SITE_TEXTS } from './career-site-texts.ts';

const ACCEPTED = new Set<string>(CV_MIMES);
const BOARD_SLUG = /^[a-z0-9-]{1,100}$/;

/** The body of an application as the route read it (multipart), or the part that was too large. */
export type ApplyBody = {
  fields: Record<string, string | string[]>;
  files: MultipartFile[];
  /** A file over the upload limit: its field and `file_too_large:{mb}` (the rest was not read). */
  tooLarge?: { field: string; code: string };
};

const text = (fields: ApplyBody['fields'], name: string) => {
  const v = fields[name];
  return (typeof v === 'string' ? v : (v?.[0] ?? '')).trim();
};

/**
 * The apply form of an offer's page: the company's application path (hidden, optional and
 * required fields, the documents it asks for), the latest privacy notice in the page's language,
 * a signed timestamp. No notice in that language: no form (the site cannot collect consent).
 */
export class ApplyForms implements ApplyFormSource {
  constructor(
    private readonly repo: CareerSitePublicRepository,
    private readonly path: Pick<ApplicationPathService, 'forCompany'>,
    private readonly customFields: Pick<CustomFieldsService, 'asked'>,
    private readonly tokens: ApplyTokens,
    private readonly maxMb: number,
  ) {}

  /**
   * The path's rules, with each asked document's name in `language`, and the custom fields asked
   * of candidates (`custom`).
   */
  async rules(companyId: number, language: Language) {
    const [path, custom] = await Promise.all([
      this.path.forCompany(companyId),
      this.customFields.asked(companyId),
    ]);
    const names = DOCUMENT_REQUEST_MAIL_TEXTS[language].documentTypes;
    const documents = path.document_types
      .filter((d) => path.document_type_ids.includes(d.id))
      .map((d) => ({ id: d.id, name: d.default_type ? (names[d.name] ?? d.name) : d.name }));
    return { fields: path.fields, documents, custom };
  }

  async form(page: OfferPage, source: string | null, state: ApplyState | null) {
    const s = page.site;
    const [notice, rules] = await Promise.all([
      this.repo.latestNotice(s.company.id, s.language),
      this.rules(s.company.id, s.language),
    ]);
    if (!notice) return null;
    return applyFormHtml({
      language: s.language,
      action: page.canonical,
      token: this.tokens.issue(s.company.id, page.offer.id),
      lng: s.languages.length > 1 ? s.language : null,
      source: source && BOARD_SLUG.test(source) ? source : null,
      fields: rules.fields,
      documents: rules.documents,
      custom: rules.custom,
      customValues: state?.custom ?? {},
      notice: { version: notice.version, url: withLng(`${s.home}/privacy`, s) },
      maxMb: this.maxMb,
      values: state?.values ?? {},
      errors: state?.errors ?? {},
      hadFiles: state?.hadFiles ?? false,
    });
  }
}

/**
 * Applying from the career site (issue 37 part 3, docs/career-site.md "Applying"): checks the
 * abuse rules (honeypot, fill time, limits per address and per e-mail), the form against the
 * application path, then hands the application to the manual entry's path
 * (ManualApplicationsService.fromCareerSite: dedupe by e-mail, the first status of the offer's
 * workflow, CV text extraction, followers told) with the consent and the confirmation e-mail
 * written in the same transaction. Whatever is wrong comes back as the offer's page with the
 * form, the candidate's input kept and each error translated.
 */
export class CareerSiteApplyService {
  constructor(
    private readonly site: CareerSitePublicService,
    private readonly forms: ApplyForms,
    private readonly repo: CareerSitePublicRepository,
    private readonly tokens: ApplyTokens,
    private readonly manual: () => ManualApplicationsService,
    private readonly customFields: Pick<CustomFieldsService, 'writeAnswers'>,
    private readonly models: Pick<MailModelsService, 'render'>,
    private readonly limiter: AttemptLimiter,
    private readonly log: { info(obj: object, msg: string): void } = { info: () => {} },
  ) {}

  /** `POST /careers/{slug}/offers/{id}[-readable]`: the application, or the form again. */
  async apply(
    slug: string,
    idSlug: string,
    body: ApplyBody,
    ip: string,
    base: string,
    accept: string | undefined,
  ): Promise<PublicAnswer> {
    const { fields, files } = body;
    const lng = text(fields, 'lng') || undefined;
    const found = await this.site.resolveOffer(slug, idSlug, lng, base, accept, '');
    // A moved slug or a wrong readable part: the form is posted to the offer's right address.
    if ('kind' in found)
      return found.kind === 'redirect' ? this.site.notFound(null, accept) : found;
    const page: OfferPage = found;
    const { site: s, offer } = page;
    const companyId = s.company.id;
    const source = text(fields, 'source');
    const boardSlug = BOARD_SLUG.test(source) ? source : null;
    const values: Record<string, string> = {};
    for (const name of [...Object.keys(APPLY_MAX), 'birth_date', 'consent'])
      values[name] = text(fields, name).slice(0, (APPLY_MAX[name] ?? 20) + 1);
    const hadFiles = files.some((f) => f.data.length > 0) || Boolean(body.tooLarge);
    // The answers to the company's questions, as typed (read with the rules, below).
    let kept: CustomFormValues = {};
    const again = async (errors: Record<string, string[]>, status: number, retryAfter?: number) => {
      const html = await this.site.offerPage(page, boardSlug, {
        values,
        custom: kept,
        errors,
        hadFiles,
      });
      return { ...html, status, private: true, ...(retryAfter ? { retryAfter } : {}) };
    };

    // A bot fills every field: it is told it applied, and nothing is kept.
    if (text(fields, 'website')) {
      this.log.info({ offerId: offer.id, companyId }, 'career-site honeypot filled');
      return this.appliedRedirect(page);
    }
    const timing = this.tokens.check(companyId, offer.id, text(fields, 't'));
    if (timing !== 'ok') return again({ _: [timing] }, 422);
    try {
      await this.limiter.take([{ key: `career-apply:ip:${ip}`, limit: APPLY_RULES.perAddress }]);
    } catch (err) {
      if (err instanceof HttpError && err.statusCode === 429)
        return again({ _: ['too_many'] }, 429, Number(err.headers?.['retry-after']) || 3600);
      throw err;
    }
    if (body.tooLarge) return again({ [body.tooLarge.field]: [body.tooLarge.code] }, 413);

    const rules = await this.forms.rules(companyId, s.language);
    const answers = readCustomAnswers(rules.custom, fields);
    kept = answers.kept;
    const shown = (f: keyof typeof rules.fields) => rules.fields[f] !== 'hidden';
    const errors: Record<string, string[]> = {};
    const add = (field: string, code: string) => (errors[field] ??= []).push(code);
    const board = boardSlug ? await this.repo.board(boardSlug) : undefined;
    const input: Record<string, unknown> = {
      firstname: values.firstname,
      lastname: values.lastname,
      email: values.email,
      phone: shown('phone') ? values.phone : '',
      motivation: shown('cover_letter') ? values.cover_letter : '',
      source: {
        provenance_id: board ? PROVENANCES.jobboard : PROVENANCES.career_site,
        jobboard_id: board?.id ?? null,
        url: page.canonical,
      },
    };
    const parsed = ZManualApplicant.safeParse(input);
    if (!parsed.success)
      for (const [field, codes] of Object.entries(fieldErrors(parsed.error)))
        for (const code of codes) add(field === 'motivation' ? 'cover_letter' : field, code);
    if (!values.email && !errors.email) add('email', 'field_required');
    for (const field of ['phone', 'cover_letter', 'address', 'birth_date', 'linkedin_url'] as const)
      if (rules.fields[field] === 'required' && !values[field] && !errors[field])
        add(field, 'field_required');
    if (shown('address') && values.address!.length > APPLY_MAX.address!)
      add('address', `max_length:${APPLY_MAX.address}`);
    if (shown('birth_date') && values.birth_date && !validBirthDate(values.birth_date))
      add('birth_date', 'invalid');
    if (
      shown('linkedin_url') &&
      values.linkedin_url &&
      !zLink(255).safeParse(values.linkedin_url).success
    )
      add('linkedin_url', 'invalid');
    const fileOf = (field: string) => files.find((f) => f.field === field && f.data.length > 0);
    const checkFile = (field: string, required: boolean) => {
      const file = fileOf(field);
      if (!file) {
        if (required) add(field, 'field_required');
        return;
      }
      const type = detectFileType(file.data);
      if (!type || !ACCEPTED.has(type.mime)) add(field, 'file_type');
    };
    if (shown('cv')) checkFile('cv', rules.fields.cv === 'required');
    for (const d of rules.documents) checkFile(`document_${d.id}`, true);
    const custom = checkCustomValues(rules.custom, answers.input, 'create');
    for (const [key, codes] of Object.entries(custom.errors))
      for (const code of codes) add(customName(Number(key.split('.')[1])), code);
    if (values.consent !== '1') add('consent', 'field_required');
    // The version the form showed (a newer one may have been saved since), else the latest.
    const shownVersion = Number(text(fields, 'notice')) || 0;
    const latest = await this.repo.latestNotice(companyId, s.language);
    const version =
      latest && shownVersion > 0 && shownVersion <= latest.version ? shownVersion : latest?.version;
    const notice = version ? await this.repo.notice(companyId, s.language, version) : undefined;
    if (!notice) return this.site.notFound(s, accept);
    if (Object.keys(errors).length || !parsed.success) return again(errors, 422);

    const applicant = parsed.data as TManualApplicant;
    try {
      await this.limiter.take([
        { key: `career-apply:email:${companyId}:${applicant.email}`, limit: APPLY_RULES.perEmail },
      ]);
    } catch (err) {
      if (err instanceof HttpError && err.statusCode === 429)
        return again({ _: ['too_many'] }, 429, Number(err.headers?.['retry-after']) || 3600);
      throw err;
    }
    // The company's own "application received" model when it has one, else the built-in text.
    const mail =
      (await this.models.render(companyId, 'application_received', [s.language], {
        ...candidateValues(applicant),
        'company.name': s.company.social_reason,
        'offer.title': offer.job_position,
        'offer.link': page.canonical,
      })) ??
      applyConfirmationMail({
        language: s.language,
        firstname: applicant.firstname,
        offer: offer.job_position,
        company: s.company.social_reason,
        offerUrl: page.canonical,
      });
    const message = {
      companyId,
      to: applicant.email!,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      fromName: s.company.social_reason,
    };
    const cv = shown('cv') ? fileOf('cv') : undefined;
    // Kept with the consent as given, with each field's label and type at this time.
    const answered = rules.custom.flatMap((f) => {
      const value = custom.values.get(f.id);
      return value == null ? [] : [{ id: f.id, label: f.label, type: f.type, value }];
    });
    try {
      await this.manual().fromCareerSite(
        companyId,
        offer.id,
        applicant,
        cv ? { filename: cv.filename, data: cv.data } : null,
        rules.documents.flatMap((d) => {
          const file = fileOf(`document_${d.id}`);
          return file
            ? [
                {
                  typeId: d.id,
                  field: `document_${d.id}`,
                  file: { filename: file.filename, data: file.data },
                },
              ]
            : [];
        }),
        async (trx, ids) => {
          await this.repo.addConsent(
            {
              company_id: companyId,
              application_id: ids.applicationId,
              notice_id: notice.id,
              notice_language: notice.language,
              notice_version: notice.version,
              consented_at: new Date().toISOString(),
              ip: ip.slice(0, 64),
              jobboard_id: board?.id ?? null,
              answers: JSON.stringify({
                ...(shown('address') && values.address ? { address: values.address } : {}),
                ...(shown('birth_date') && values.birth_date
                  ? { birth_date: values.birth_date }
                  : {}),
                ...(shown('linkedin_url') && values.linkedin_url
                  ? { linkedin_url: values.linkedin_url }
                  : {}),
                ...(answered.length ? { custom_fields: answered } : {}),
              }),
            },
            trx,
          );
          await this.customFields.writeAnswers(companyId, ids, rules.custom, custom.values, trx);
          await this.repo.queueMail(message, trx);
        },
      );
    } catch (err) {
      if (!(err instanceof HttpError) || err.statusCode !== 422 || !err.errors) throw err;
      // Already applied to this offer: the same answer as a new application (whether an e-mail
      // applied is nobody else's business); the confirmation goes to that address only.
      if (err.errors.email?.includes('already_applied')) {
        await this.repo.queueMail(message);
        return this.appliedRedirect(page);
      }
      return again(err.errors, 422);
    }
    return this.appliedRedirect(page);
  }

  private appliedRedirect(page: OfferPage): PublicAnswer {
    return {
      kind: 'redirect',
      status: 303,
      location: withLng(`${page.canonical}/applied`, page.site),
    };
  }

  /** `GET /careers/{slug}/offers/{id}[-readable]/applied`: the confirmation page. */
  async applied(
    slug: string,
    idSlug: string,
    lng: string | undefined,
    base: string,
    accept: string | undefined,
    rawQuery: string,
  ): Promise<PublicAnswer> {
    const found = await this.site.resolveOffer(
      slug,
      idSlug,
      lng,
      base,
      accept,
      rawQuery,
      '/applied',
    );
    if ('kind' in found) return found;
    const { site: s, offer } = found;
    const t = APPLY_TEXTS[s.language];
    const body = `<article class="detail" aria-labelledby="applied-title">
<h1 id="applied-title">${h(t.applied_title)}</h1>
<p>${h(t.applied_text(offer.job_position, s.company.social_reason))}</p>
<p>${h(t.applied_mail)}</p>
<p><a href="${h(withLng(s.home, s))}">← ${h(CAREER_SITE_TEXTS[s.language].all_offers)}</a></p>
</article>`;
    return this.site.simplePage(s, t.applied_title, body, `${found.canonical}/applied`);
  }
}

/** `yyyy-MM-dd`, a real day, in the past and not before 1900. */
function validBirthDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return (
    !Number.isNaN(d.getTime()) &&
    d.toISOString().slice(0, 10) === value &&
    value >= '1900-01-01' &&
    d.getTime() < Date.now()
  );
}
