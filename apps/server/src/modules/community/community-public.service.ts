import { randomUUID } from 'node:crypto';
import { CV_MIMES } from '@embauche/contracts/applicants';
import { CAREER_DEFAULT_COLORS } from '@embauche/contracts/career-site';
import {
  COMMUNITY_RETENTION_MONTHS,
  ZCommunityJoin,
  type TCommunityJoin,
} from '@embauche/contracts/community';
import { LANGUAGES, type Language } from '@embauche/contracts/constants';
import { sha256 } from '../../platform/auth/tokens.ts';
import { HttpError, type FieldErrors } from '../../platform/http/http-error.ts';
import { fieldErrors } from '../../platform/http/parse-body.ts';
import type { AttemptLimiter } from '../../platform/http/attempt-limiter.ts';
import { enqueue } from '../../platform/jobs/jobs.ts';
import { foldText } from '../../platform/db/text-fold.ts';
import { detectFileType } from '../../platform/storage/file-type.ts';
import type { FileStorage } from '../../platform/storage/storage.ts';
import { LANGUAGE_NAMES, h, page } from '../career-site/career-site-html.ts';
import {
  acceptedLanguages,
  logoShown,
  siteLanguages,
  withLng,
} from '../career-site/career-site-language.ts';
import type { ProvidedServices } from '../../platform/modules/app-module.ts';
import { CAREER_SITE_TEXTS } from '../career-site/career-site-texts.ts';
import { COMMUNITY_CSS, joinForm, type JoinValues } from './community-html.ts';
import { queueMemberMail } from './community-mail.ts';
import type { CommunityRepository } from './community.repository.ts';
import { COMMUNITY_TEXTS } from './community-texts.ts';

/** Extracts a member's CV text into their search words (community-cv-job.ts). */
export const COMMUNITY_CV_TEXT_JOB = 'community.cv_text';

/** Joins per client address and per e-mail in an hour (the shared attempt store). */
export const COMMUNITY_JOIN_LIMITS = { windowMinutes: 60, perIp: 20, perEmail: 5 } as const;

const ACCEPTED = new Set<string>(CV_MIMES);

export type CommunityAnswer =
  | { kind: 'html'; status: number; body: string; language: Language }
  | { kind: 'redirect'; location: string };

/** How the career site's module looks a site up by its slug (the registry's `careerSiteLookup`). */
type SiteLookup = ProvidedServices['careerSiteLookup'];
type Site = NonNullable<Awaited<ReturnType<SiteLookup['companyBySlug']>>>;

type Context = {
  site: Site;
  languages: Language[];
  language: Language;
  base: string;
  home: string;
};

/** What the join form posted: text fields and at most one CV. */
export type JoinPost = {
  fields: Record<string, string | string[]>;
  cv: { filename: string; data: Buffer } | null;
  /** An error met while reading the body (a CV too large): shown on the form. */
  readError?: HttpError;
};

const addMonths = (date: Date, months: number) => {
  const d = new Date(date);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d;
};

/** The folded words the community area searches: names, e-mail, phone and CV text. */
export function searchText(m: {
  firstname: string;
  lastname: string;
  email: string;
  phone: string | null;
  cv_text?: string | null;
}): string {
  return foldText(
    [m.firstname, m.lastname, m.email, m.phone ?? '', (m.cv_text ?? '').slice(0, 200_000)].join(
      ' ',
    ),
  ).replace(/\s+/g, ' ');
}

/**
 * The community's public pages (issue 37 part 4), rendered on the server in the career site's
 * frame: the join form at `/careers/{slug}/community` (only while the site's talent community is
 * open, 404 otherwise) and the member's own page that every e-mail links to, where they leave
 * (no more e-mails) or erase their data (the row, its interests, tokens and CV).
 */
export class CommunityPublicService {
  constructor(
    private readonly repo: CommunityRepository,
    private readonly sites: SiteLookup,
    private readonly files: FileStorage,
    private readonly limiter: AttemptLimiter,
    private readonly uploads: { maxMb: number },
  ) {}

  private context(site: Site, base: string, lng: string | undefined, accept: string | undefined) {
    const { languages, language } = siteLanguages(
      site.languages,
      site.default_language,
      lng,
      accept,
    );
    return { site, languages, language, base, home: `${base}/careers/${site.slug}` } as Context;
  }

  private frame(
    c: Context,
    title: string,
    url: string,
    body: string,
    status = 200,
  ): CommunityAnswer {
    const t = CAREER_SITE_TEXTS[c.language];
    const html = page({
      language: c.language,
      title,
      description: COMMUNITY_TEXTS[c.language].intro,
      canonical: withLng(url, c),
      alternates:
        c.languages.length > 1
          ? c.languages.map((language) => ({ language, url: withLng(url, c, language) }))
          : [],
      primary: c.site.primary_color ?? CAREER_DEFAULT_COLORS.primary,
      accent: c.site.accent_color ?? CAREER_DEFAULT_COLORS.accent,
      company: c.site.social_reason,
      homeUrl: withLng(c.home, c),
      logoUrl: logoShown(c.site)
        ? `${c.home}/logo?v=${encodeURIComponent(c.site.logo_version ?? '0')}`
        : null,
      openGraph: {
        'og:type': 'website',
        'og:site_name': t.home(c.site.social_reason),
        'og:title': title,
        'og:url': withLng(url, c),
      },
      languagesLabel: t.languages,
      languageNames: LANGUAGE_NAMES,
      footer: [{ label: t.privacy, url: withLng(`${c.home}/privacy`, c) }],
      body: COMMUNITY_CSS + body,
    });
    return { kind: 'html', status, body: html, language: c.language };
  }

  /** The site of `slug` with its community open; an old slug's new address; or nothing (404). */
  private async open(slug: string): Promise<Site | { moved: string } | null> {
    if (!/^[a-z0-9-]{1,100}$/.test(slug)) return null;
    const site = await this.sites.companyBySlug(slug);
    if (site) return site.talent_community ? site : null;
    const to = await this.sites.renamedTo(slug);
    return to ? { moved: to } : null;
  }

  /** A small 404 page in the candidate's language. */
  notFound(accept: string | undefined): CommunityAnswer {
    const language =
      acceptedLanguages(accept)
        .map((l) => LANGUAGES.find((x) => x === l))
        .find(Boolean) ?? 'fr';
    const t = CAREER_SITE_TEXTS[language];
    const body = `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${h(t.not_found)}</title></head><body><main><h1>${h(t.not_found)}</h1><p>${h(t.not_found_text)}</p></main></body></html>`;
    return { kind: 'html', status: 404, body, language };
  }

  private async form(
    c: Context,
    values: JoinValues,
    errors: FieldErrors,
    status: number,
    extra: { alert?: string; cvLost?: boolean } = {},
  ): Promise<CommunityAnswer> {
    const [notice, interests] = await Promise.all([
      this.repo.latestNotice(c.site.id, c.language),
      this.repo.interests(c.site.id),
    ]);
    const url = `${c.home}/community`;
    const t = COMMUNITY_TEXTS[c.language];
    return this.frame(
      c,
      t.title(c.site.social_reason),
      url,
      joinForm({
        language: c.language,
        company: c.site.social_reason,
        action: withLng(url, c),
        privacyUrl: withLng(`${c.home}/privacy`, c),
        // Saved settings always hold a notice per offered language; 0 before (refused on post).
        noticeVersion: notice?.version ?? 0,
        interests,
        maxMb: this.uploads.maxMb,
        values,
        errors,
        ...extra,
      }),
      status,
    );
  }

  /** `GET /careers/{slug}/community`: the join form. */
  async joinPage(
    slug: string,
    lng: string | undefined,
    base: string,
    accept: string | undefined,
    rawQuery: string,
  ): Promise<CommunityAnswer> {
    const found = await this.open(slug);
    if (!found) return this.notFound(accept);
    if ('moved' in found)
      return { kind: 'redirect', location: `${base}/careers/${found.moved}/community${rawQuery}` };
    return this.form(this.context(found, base, lng, accept), {}, {}, 200);
  }

  /**
   * `POST /careers/{slug}/community`: joins, or updates the member of the same e-mail (answered
   * the same, so the page never tells whether an address was known). The honeypot answers the
   * same page and saves nothing. Errors show the form again with what was typed.
   */
  async join(
    slug: string,
    post: JoinPost,
    lng: string | undefined,
    base: string,
    accept: string | undefined,
    ip: string,
  ): Promise<CommunityAnswer> {
    const found = await this.open(slug);
    if (!found || 'moved' in found) return this.notFound(accept);
    const c = this.context(found, base, lng, accept);
    const t = COMMUNITY_TEXTS[c.language];
    const f = post.fields;
    const text = (name: string) => (typeof f[name] === 'string' ? (f[name] as string) : undefined);
    const list = (name: string) =>
      Array.isArray(f[name])
        ? (f[name] as string[])
        : typeof f[name] === 'string'
          ? [f[name] as string]
          : [];
    const values: JoinValues = {
      firstname: text('firstname'),
      lastname: text('lastname'),
      email: text('email'),
      phone: text('phone'),
      interests: list('interests'),
      consent: text('consent') === 'yes',
    };
    const cvLost = Boolean(post.cv?.data.length);
    if (post.readError)
      return this.form(c, values, post.readError.errors ?? { cv: ['invalid'] }, 422, { cvLost });
    if (text('website')) return this.done(c);

    try {
      await this.limiter.take([
        { key: `community:ip:${ip}`, limit: COMMUNITY_JOIN_LIMITS.perIp },
        ...(values.email
          ? [
              {
                key: `community:email:${c.site.id}:${sha256(values.email.trim().toLowerCase())}`,
                limit: COMMUNITY_JOIN_LIMITS.perEmail,
              },
            ]
          : []),
      ]);
    } catch (err) {
      if (err instanceof HttpError && err.statusCode === 429)
        return this.form(c, values, {}, 429, { alert: t.too_many, cvLost });
      throw err;
    }

    const parsed = ZCommunityJoin.safeParse({
      ...values,
      phone: values.phone ?? '',
      consent: text('consent'),
      notice_version: text('notice_version'),
    });
    const errors: FieldErrors = parsed.success ? {} : fieldErrors(parsed.error);
    const interests = await this.repo.interests(c.site.id);
    const known = new Set(interests.map((i) => i.id));
    if (parsed.success && parsed.data.interests.some((id) => !known.has(id)))
      errors.interests = ['invalid'];
    let type: { mime: string; ext: string } | null = null;
    if (post.cv?.data.length) {
      type = detectFileType(post.cv.data) ?? null;
      if (!type || !ACCEPTED.has(type.mime)) errors.cv = ['file_type'];
    }
    if (Object.keys(errors).length || !parsed.success)
      return this.form(c, values, errors, 422, { cvLost });

    const notice = await this.repo.latestNotice(c.site.id, c.language);
    if (!notice || notice.version !== parsed.data.notice_version)
      return this.form(c, values, {}, 409, { alert: t.notice_changed, cvLost });

    const cv =
      post.cv && type
        ? {
            key: `community-cv/${c.site.id}/${randomUUID()}.${type.ext}`,
            filename: `${
              post.cv.filename
                .replace(/\.[^.]*$/, '')
                .replace(/[^\p{L}\p{N} _.-]+/gu, '')
                .trim()
                .slice(0, 200) || 'cv'
            }.${type.ext}`,
            mime: type.mime,
          }
        : null;
    if (cv) await this.files.put(cv.key, post.cv!.data);
    try {
      const replaced = await this.save(c, parsed.data, notice.version, cv, ip);
      if (replaced) await this.files.delete(replaced).catch(() => {});
    } catch (err) {
      if (cv) await this.files.delete(cv.key).catch(() => {});
      throw err;
    }
    return this.done(c);
  }

  /** Writes the member (new, or the one of this e-mail), its interests, the mail and the CV job. */
  private async save(
    c: Context,
    input: TCommunityJoin,
    version: number,
    cv: { key: string; filename: string; mime: string } | null,
    ip: string,
  ): Promise<string | null> {
    const companyId = c.site.id;
    const now = new Date();
    const consent = {
      notice_language: c.language,
      notice_version: version,
      consented_at: now.toISOString(),
      consent_ip: ip.slice(0, 64),
      retention_until: addMonths(now, COMMUNITY_RETENTION_MONTHS).toISOString(),
      // Joining again is consenting again: a member who had left hears from the company again.
      unsubscribed_at: null,
    };
    const person = {
      firstname: input.firstname,
      lastname: input.lastname,
      email: input.email,
      phone: input.phone || null,
    };
    const t = COMMUNITY_TEXTS[c.language];
    return this.repo.transaction(async (trx) => {
      const existing = await this.repo.byEmail(companyId, input.email, trx);
      let id: number;
      let replaced: string | null = null;
      if (existing) {
        id = existing.id;
        const cvValues = cv
          ? { cv_key: cv.key, cv_filename: cv.filename, cv_mime: cv.mime, cv_text: null }
          : {};
        const kept = cv ? null : await this.repo.cvText(companyId, id, trx);
        await this.repo.update(
          companyId,
          id,
          {
            ...person,
            // The phone typed last wins; left empty, the one known stays.
            phone: person.phone ?? existing.phone,
            language: c.language,
            ...consent,
            ...cvValues,
            search_text: searchText({
              ...person,
              phone: person.phone ?? existing.phone,
              cv_text: kept?.cv_text ?? null,
            }),
            updated_at: now.toISOString(),
          },
          trx,
        );
        if (cv) replaced = existing.cv_key;
      } else {
        id = await this.repo.insert(
          {
            company_id: companyId,
            ...person,
            language: c.language,
            cv_key: cv?.key ?? null,
            cv_filename: cv?.filename ?? null,
            cv_mime: cv?.mime ?? null,
            cv_text: null,
            search_text: searchText(person),
            ...consent,
            applicant_id: null,
            created_at: now.toISOString(),
            updated_at: now.toISOString(),
          },
          trx,
        );
      }
      await this.repo.setInterests(companyId, id, [...new Set(input.interests)], trx);
      if (cv)
        await enqueue(trx, COMMUNITY_CV_TEXT_JOB, {
          company_id: companyId,
          member_id: id,
          cv_key: cv.key,
        });
      await queueMemberMail(this.repo, trx, {
        companyId,
        memberId: id,
        to: input.email,
        language: c.language,
        base: c.base,
        slug: c.site.slug,
        subject: t.welcome_subject(c.site.social_reason),
        text: t.welcome_text(input.firstname, c.site.social_reason),
      });
      return replaced;
    });
  }

  private done(c: Context): CommunityAnswer {
    const t = COMMUNITY_TEXTS[c.language];
    return this.frame(
      c,
      t.done_title,
      `${c.home}/community`,
      `<h1>${h(t.done_title)}</h1><p role="status">${h(t.done_text)}</p><p><a href="${h(withLng(c.home, c))}">${h(t.all_offers)}</a></p>`,
    );
  }

  /** The member a token names, on its own company's site only. */
  private async byToken(slug: string, token: string) {
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
    const member = await this.repo.byToken(sha256(token));
    return member && member.slug === slug ? member : null;
  }

  private async memberContext(slug: string, base: string, language: string) {
    const site = await this.sites.companyBySlug(slug);
    if (!site) return null;
    const c = this.context(site, base, undefined, undefined);
    // The member's own language when the site still offers it.
    const own = c.languages.find((l) => l === language);
    return own ? { ...c, language: own } : c;
  }

  /**
   * `GET /careers/{slug}/community/member/{token}`: the member's page, with two buttons (leave,
   * erase). A GET changes nothing (mail scanners open links); the buttons post.
   */
  async memberPage(
    slug: string,
    token: string,
    base: string,
    outcome?: 'left',
  ): Promise<CommunityAnswer | null> {
    const member = await this.byToken(slug, token);
    if (!member) return null;
    const c = await this.memberContext(slug, base, member.language);
    if (!c) return null;
    const t = COMMUNITY_TEXTS[c.language];
    const url = `${c.home}/community/member/${token}`;
    const status = outcome
      ? `<p role="status" class="note">${h(t.left)}</p>`
      : member.unsubscribed_at
        ? `<p class="note">${h(t.already_left)}</p>`
        : '';
    const leave = member.unsubscribed_at
      ? ''
      : `<form method="post" action="${h(`${url}/unsubscribe`)}"><p class="hint" id="leave-hint">${h(t.leave_hint)}</p><button type="submit" aria-describedby="leave-hint">${h(t.leave)}</button></form>`;
    return this.frame(
      c,
      t.member_title,
      url,
      `<h1>${h(t.member_title)}</h1><p>${h(t.member_text(c.site.social_reason))}</p>${status}<div class="actions">${leave}<form method="post" action="${h(`${url}/erase`)}"><p class="hint" id="erase-hint">${h(t.erase_hint)}</p><button type="submit" aria-describedby="erase-hint">${h(t.erase)}</button></form></div>`,
    );
  }

  /** `POST …/member/{token}/unsubscribe`: no more e-mails; the member stays listed as such. */
  async unsubscribe(slug: string, token: string, base: string) {
    const member = await this.byToken(slug, token);
    if (!member) return null;
    if (!member.unsubscribed_at)
      await this.repo.update(member.company_id, member.id, {
        unsubscribed_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      });
    return this.memberPage(slug, token, base, 'left');
  }

  /** `POST …/member/{token}/erase`: deletes the member, its interests, tokens and files. */
  async erase(slug: string, token: string, base: string) {
    const member = await this.byToken(slug, token);
    if (!member) return null;
    const c = await this.memberContext(slug, base, member.language);
    await this.eraseMember(member.company_id, member.id);
    if (!c) return null;
    const t = COMMUNITY_TEXTS[c.language];
    return this.frame(
      c,
      t.erased,
      `${c.home}/community`,
      `<h1>${h(t.erased)}</h1><p><a href="${h(withLng(c.home, c))}">${h(t.all_offers)}</a></p>`,
    );
  }

  /** Deletes a member and its CV (the retention purge does the same). */
  async eraseMember(companyId: number, id: number) {
    const key = await this.repo.remove(companyId, id);
    if (key) await this.files.delete(key).catch(() => {});
  }

  /** Erases the members whose retention period is over, a batch at a time. */
  async purgeExpired(now = new Date()) {
    for (;;) {
      const batch = await this.repo.expired(now.toISOString(), 200);
      for (const m of batch) await this.eraseMember(m.company_id, m.id);
      if (batch.length < 200) return;
    }
  }
}
