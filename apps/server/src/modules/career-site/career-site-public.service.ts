import {
  CAREER_DEFAULT_COLORS,
  CAREER_DEFAULT_OFFER_FIELDS,
  CAREER_OFFER_FIELDS,
  slugify,
  type CareerOfferField,
} from '@embauche/contracts/career-site';
import { LANGUAGES, type Language } from '@embauche/contracts/constants';
import { formatDay } from '@embauche/contracts/date-formats';
import { EXPORT_LABELS } from '@embauche/contracts/export-labels';
import { CONTRACT_TYPES, REMOTE_OPTIONS } from '@embauche/contracts/offers';
import type { FileStorage } from '../../platform/storage/storage.ts';
import { detectFileType } from '../../platform/storage/file-type.ts';
import type { CompanySettingsService } from '../company-settings/company-settings.service.ts';
import { LANGUAGE_NAMES, h, page, paragraphs } from './career-site-html.ts';
import type {
  CareerSitePublicRepository,
  PublicOfferFilters,
} from './career-site-public.repository.ts';
import {
  acceptedLanguages,
  logoShown,
  parseJson,
  siteLanguages,
  withLng,
} from './career-site-language.ts';
import { CAREER_SITE_TEXTS } from './career-site-texts.ts';
import { feedXml, sitemapXml } from './career-site-xml.ts';
import { FeedCache } from './career-site-feed-cache.ts';
import type { CustomFormValues } from './career-site-apply-custom.ts';

export const PUBLIC_PAGE_SIZE = 20;
/** The sitemap and the feeds list at most this many offers, newest first. */
export const FEED_MAX_OFFERS = 5_000;

type Company = NonNullable<Awaited<ReturnType<CareerSitePublicRepository['companyBySlug']>>>;
export type OfferRow = NonNullable<Awaited<ReturnType<CareerSitePublicRepository['offer']>>>;

/** A public answer: a page, a redirect, or not found (the caller answers 404 in the language). */
export type PublicAnswer =
  | {
      kind: 'html';
      body: string;
      language: Language;
      /** 200 unless told; a form sent back with errors answers 422 or 429, never cached. */
      status?: number;
      /** Seconds to wait (429). */
      retryAfter?: number;
      /** Not to be cached nor indexed (the form with the candidate's input, the confirmation). */
      private?: boolean;
    }
  | { kind: 'xml'; body: string }
  | { kind: 'redirect'; location: string; status?: 301 | 303 }
  | { kind: 'not_found'; body: string; language: Language };

/** The list's query string, as a candidate's browser sends it (anything else is ignored). */
export type ListQuery = {
  q?: string | undefined;
  contract?: string | undefined;
  place?: string | undefined;
  remote?: string | undefined;
  subsidiary?: string | undefined;
  page?: string | undefined;
  lng?: string | undefined;
};

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : String(value ?? ''));

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

/** The text of sanitised HTML (a meta description): tags dropped, entities read, spaces folded. */
export function textOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      const code =
        name.startsWith('#x') || name.startsWith('#X')
          ? parseInt(name.slice(2), 16)
          : name.startsWith('#')
            ? Number(name.slice(1))
            : undefined;
      if (code !== undefined) return code > 0 && code < 0x110000 ? String.fromCodePoint(code) : ' ';
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, ' ')
    .replace(/ ([.,])/g, '$1')
    .trim();
}

/** schema.org employmentType of each contract type. */
const EMPLOYMENT_TYPES: Record<string, string> = {
  cdi: 'FULL_TIME',
  cdd: 'TEMPORARY',
  interim: 'TEMPORARY',
  alternance: 'OTHER',
  stage: 'INTERN',
  freelance: 'CONTRACTOR',
  titulaire: 'FULL_TIME',
  contractuel: 'CONTRACTOR',
};

/** A site as a request sees it: the company, its settings, and the candidate's language. */
export type Site = {
  company: Company;
  languages: Language[];
  language: Language;
  fields: Set<CareerOfferField>;
  base: string;
  home: string;
};

/** A published offer as its page sees it: the site, the offer, its canonical address. */
export type OfferPage = { site: Site; offer: OfferRow; canonical: string };

/** What the candidate sent, given back with the form when something is wrong. */
export type ApplyState = {
  values: Record<string, string>;
  /** The answers to the company's questions (custom fields asked), as typed. */
  custom: CustomFormValues;
  errors: Record<string, string[]>;
  hadFiles: boolean;
};

/**
 * The apply form of an offer's page (career-site-apply-form.ts), or null when the site cannot
 * take applications (no privacy notice to consent to in the page's language).
 */
export type ApplyFormSource = {
  form(page: OfferPage, source: string | null, state: ApplyState | null): Promise<string | null>;
};

/**
 * The public career site (issue 37 part 2), rendered here as HTML that reads without JavaScript:
 * the company's published offers with search, filters and pages, each offer with its JSON-LD
 * JobPosting and Open Graph tags, a sitemap and a job-board feed. Everything written is escaped
 * (HTML text and attributes, JSON inside the script, XML).
 */
export class CareerSitePublicService {
  constructor(
    private readonly repo: CareerSitePublicRepository,
    private readonly companySettings: Pick<CompanySettingsService, 'offerExtras'>,
    private readonly storage: FileStorage,
    /** The apply form (part 3); without it the offer page says applications open soon. */
    private readonly applyForms: ApplyFormSource | null = null,
    private readonly feeds = new FeedCache(),
  ) {}

  /** The company of `slug`, or where an old slug now leads, or nothing. */
  private async find(slug: string): Promise<Company | { moved: string } | null> {
    if (!/^[a-z0-9-]{1,100}$/.test(slug)) return null;
    const company = await this.repo.companyBySlug(slug);
    if (company) return company;
    const to = await this.repo.renamedTo(slug);
    return to ? { moved: to } : null;
  }

  private site(
    company: Company,
    base: string,
    lng: string | undefined,
    accept: string | undefined,
  ): Site {
    const { languages, language } = siteLanguages(
      company.languages,
      company.default_language,
      lng,
      accept,
    );
    const fields = company.offer_fields
      ? parseJson<unknown[]>(company.offer_fields, []).filter((f): f is CareerOfferField =>
          (CAREER_OFFER_FIELDS as readonly unknown[]).includes(f),
        )
      : CAREER_DEFAULT_OFFER_FIELDS;
    return {
      company,
      languages,
      language,
      fields: new Set(fields),
      base,
      home: `${base}/careers/${company.slug}`,
    };
  }

  withLng(url: string, s: Site, language: Language = s.language) {
    return withLng(url, s, language);
  }

  private frame(
    s: Site,
    title: string,
    description: string,
    canonical: string,
    body: string,
    extra: { openGraph?: Record<string, string>; jsonLd?: unknown; image?: string | null } = {},
  ) {
    const t = CAREER_SITE_TEXTS[s.language];
    const logoUrl = logoShown(s.company)
      ? `${s.home}/logo?v=${encodeURIComponent(s.company.logo_version ?? '0')}`
      : null;
    return page({
      language: s.language,
      title,
      description,
      canonical: this.withLng(canonical, s),
      alternates:
        s.languages.length > 1
          ? s.languages.map((language) => ({ language, url: this.withLng(canonical, s, language) }))
          : [],
      primary: s.company.primary_color ?? CAREER_DEFAULT_COLORS.primary,
      accent: s.company.accent_color ?? CAREER_DEFAULT_COLORS.accent,
      company: s.company.social_reason,
      homeUrl: this.withLng(s.home, s),
      logoUrl,
      openGraph: {
        'og:type': 'website',
        'og:site_name': t.home(s.company.social_reason),
        'og:title': title,
        'og:description': description,
        'og:url': this.withLng(canonical, s),
        'og:locale': { fr: 'fr_FR', en: 'en_GB', es: 'es_ES', de: 'de_DE' }[s.language],
        ...(extra.image ? { 'og:image': extra.image } : {}),
        ...extra.openGraph,
      },
      jsonLd: extra.jsonLd,
      languagesLabel: t.languages,
      languageNames: LANGUAGE_NAMES,
      footer: [
        // The talent community's join page (modules/community), while the company keeps it open.
        ...(s.company.talent_community
          ? [{ label: t.join_community, url: this.withLng(`${s.home}/community`, s) }]
          : []),
        { label: t.privacy, url: this.withLng(`${s.home}/privacy`, s) },
      ],
      body,
    });
  }

  notFound(s: Site | null, accept: string | undefined): PublicAnswer {
    const language =
      s?.language ??
      acceptedLanguages(accept)
        .map((l) => LANGUAGES.find((x) => x === l))
        .find(Boolean) ??
      'fr';
    const t = CAREER_SITE_TEXTS[language];
    const back = s ? `<p><a href="${h(this.withLng(s.home, s))}">${h(t.all_offers)}</a></p>` : '';
    const body = `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${h(t.not_found)}</title></head><body><main><h1>${h(t.not_found)}</h1><p>${h(t.not_found_text)}</p>${back}</main></body></html>`;
    return { kind: 'not_found', body, language };
  }

  /** Where an old slug's request goes: the same path under the current slug. */
  private moved(base: string, to: string, rest: string, query: string): PublicAnswer {
    return { kind: 'redirect', location: `${base}/careers/${to}${rest}${query}` };
  }

  private imageUrl(s: Site, id: number | null, size: 'file' | 'thumbnail' = 'file') {
    return id === null
      ? null
      : `${s.home}/images/${id}${size === 'thumbnail' ? '?size=thumbnail' : ''}`;
  }

  private facts(s: Site, o: OfferRow): { label: string; value: string }[] {
    const t = CAREER_SITE_TEXTS[s.language];
    const labels = EXPORT_LABELS[s.language];
    const out: { label: string; value: string }[] = [];
    const show = (f: CareerOfferField) => s.fields.has(f);
    if (show('contract_type') && o.contract_type)
      out.push({
        label: t.contract,
        value:
          labels.contract_type[o.contract_type as keyof typeof labels.contract_type] ??
          o.contract_type,
      });
    if (show('location') && o.location) out.push({ label: t.place, value: o.location });
    if (show('remote') && o.remote && o.remote !== 'none')
      out.push({
        label: t.remote,
        value: labels.remote[o.remote as keyof typeof labels.remote] ?? o.remote,
      });
    if (show('department') && o.department) out.push({ label: t.department, value: o.department });
    if (show('subsidiary') && o.subsidiary) out.push({ label: t.subsidiary, value: o.subsidiary });
    if (show('salary') && (o.salary_min !== null || o.salary_max !== null)) {
      const money = (v: number | null) => (v === null ? null : v.toLocaleString(s.language));
      out.push({
        label: t.salary,
        // One amount when both ends are the same ("22,000 – 22,000" reads as a mistake).
        value:
          o.salary_min === o.salary_max
            ? t.salary_exact(money(o.salary_min)!)
            : t.salary_range(money(o.salary_min), money(o.salary_max)),
      });
    }
    if (show('closing_date') && o.closing_date)
      out.push({ label: t.closing, value: formatDay(o.closing_date, s.language) });
    if (show('reference') && o.reference) out.push({ label: t.reference, value: o.reference });
    return out;
  }

  private offerUrl(s: Site, o: { id: number; job_position: string }) {
    const readable = slugify(o.job_position);
    return `${s.home}/offers/${o.id}${readable ? `-${readable}` : ''}`;
  }

  /** `GET /careers/{slug}`: the published offers, searched, filtered and paged from the URL. */
  async list(
    slug: string,
    query: ListQuery,
    base: string,
    accept: string | undefined,
    rawQuery: string,
  ): Promise<PublicAnswer> {
    const found = await this.find(slug);
    if (!found) return this.notFound(null, accept);
    if ('moved' in found) return this.moved(base, found.moved, '', rawQuery);
    const s = this.site(found, base, query.lng, accept);
    const t = CAREER_SITE_TEXTS[s.language];
    const labels = EXPORT_LABELS[s.language];

    const text = (v: string | undefined, max: number) => {
      const trimmed = (v ?? '').trim();
      return trimmed && trimmed.length <= max ? trimmed : undefined;
    };
    const filters: PublicOfferFilters = {
      q: text(query.q, 100),
      contract: CONTRACT_TYPES.find((c) => c === query.contract),
      place: text(query.place, 255),
      remote: REMOTE_OPTIONS.find((r) => r === query.remote),
      subsidiary: /^\d{1,9}$/.test(query.subsidiary ?? '') ? Number(query.subsidiary) : undefined,
    };
    const requested = /^\d{1,4}$/.test(query.page ?? '') ? Math.max(1, Number(query.page)) : 1;
    const [matched, facets] = await Promise.all([
      this.repo.offers(s.company.id, filters, requested, PUBLIC_PAGE_SIZE),
      this.repo.facets(s.company.id),
    ]);
    const last = Math.max(1, Math.ceil(matched.total / PUBLIC_PAGE_SIZE));
    const current = Math.min(requested, last);
    // A page past the last (an old link, a hand-typed number) shows the last one.
    const { rows, total } =
      current < requested
        ? await this.repo.offers(s.company.id, filters, current, PUBLIC_PAGE_SIZE)
        : matched;

    // The same search on another page (or in another language): every filter kept in the URL.
    const listUrl = (p: number) => {
      const params = new URLSearchParams();
      if (filters.q) params.set('q', filters.q);
      if (filters.contract) params.set('contract', filters.contract);
      if (filters.place) params.set('place', filters.place);
      if (filters.remote) params.set('remote', filters.remote);
      if (filters.subsidiary) params.set('subsidiary', String(filters.subsidiary));
      if (p > 1) params.set('page', String(p));
      if (s.languages.length > 1) params.set('lng', s.language);
      const qs = params.toString();
      return `${s.home}${qs ? `?${qs}` : ''}`;
    };
    const select = (
      name: string,
      label: string,
      options: { value: string; label: string }[],
      chosen: string | undefined,
    ) =>
      `<div><label for="f-${name}">${h(label)}</label><select id="f-${name}" name="${name}"><option value="">${h(t.all)}</option>${options
        .map(
          (o) =>
            `<option value="${h(o.value)}"${o.value === chosen ? ' selected' : ''}>${h(o.label)}</option>`,
        )
        .join('')}</select></div>`;

    const intros = parseJson<Record<string, unknown>>(s.company.introductions, {});
    const intro = typeof intros[s.language] === 'string' ? (intros[s.language] as string) : '';
    const cover = this.imageUrl(s, s.company.cover_image_id ?? null);
    const form = `<form class="search" method="get" action="${h(s.home)}" role="search">
<div><label for="f-q">${h(t.search)}</label><input id="f-q" type="search" name="q" value="${h(filters.q)}" placeholder="${h(t.search_placeholder)}" maxlength="100"></div>
${select(
  'contract',
  t.contract,
  facets.contracts.map((c) => ({
    value: c,
    label: labels.contract_type[c as keyof typeof labels.contract_type] ?? c,
  })),
  filters.contract,
)}
${select(
  'place',
  t.place,
  facets.places.map((p) => ({ value: p, label: p })),
  filters.place,
)}
${select(
  'remote',
  t.remote,
  REMOTE_OPTIONS.map((r) => ({ value: r, label: labels.remote[r] })),
  filters.remote,
)}
${
  facets.subsidiaries.length
    ? select(
        'subsidiary',
        t.subsidiary,
        facets.subsidiaries.map((x) => ({ value: String(x.id), label: x.name ?? '' })),
        filters.subsidiary ? String(filters.subsidiary) : undefined,
      )
    : '<div></div>'
}
${s.languages.length > 1 ? `<input type="hidden" name="lng" value="${s.language}">` : ''}
<div><button type="submit">${h(t.submit)}</button></div>
</form>`;
    const items = rows
      .map((o) => {
        const facts = this.facts(s, o);
        return `<li class="offer"><article><h2><a href="${h(this.withLng(this.offerUrl(s, o), s))}">${h(o.job_position)}</a></h2>${
          facts.length
            ? `<ul class="facts">${facts.map((f) => `<li><span class="sr">${h(f.label)}: </span>${h(f.value)}</li>`).join('')}</ul>`
            : ''
        }</article></li>`;
      })
      .join('');
    const filtered = Boolean(
      filters.q || filters.contract || filters.place || filters.remote || filters.subsidiary,
    );
    const pager =
      last > 1
        ? `<nav class="pages" aria-label="${h(t.pages)}">${
            current > 1
              ? `<a rel="prev" href="${h(listUrl(current - 1))}">${h(t.previous)}</a>`
              : '<span></span>'
          }<span>${h(t.page_of(current, last))}</span>${
            current < last
              ? `<a rel="next" href="${h(listUrl(current + 1))}">${h(t.next)}</a>`
              : '<span></span>'
          }</nav>`
        : '';
    const body = `${cover ? `<img class="cover" src="${h(cover)}" alt="">` : ''}
<h1>${h(t.jobs)} – ${h(s.company.social_reason)}</h1>
${intro ? `<div class="intro">${paragraphs(intro)}</div>` : ''}
${form}
<p class="count" role="status">${h(t.results(total))}${filtered ? ` · <a href="${h(this.withLng(s.home, s))}">${h(t.clear)}</a>` : ''}</p>
${rows.length ? `<ul class="offers">${items}</ul>` : `<p>${h(t.none)}</p>`}
${pager}`;
    const title = `${t.jobs} – ${s.company.social_reason}`;
    const description = (intro || t.home(s.company.social_reason)).slice(0, 300);
    const canonical = current > 1 ? `${s.home}?page=${current}` : s.home;
    return {
      kind: 'html',
      language: s.language,
      body: this.frame(s, title, description, filtered ? s.home : canonical, body, {
        image: cover,
      }),
    };
  }

  /**
   * `GET /careers/{slug}/offers/{id}[-readable]`: one published offer; an unpublished, archived
   * or other company's offer is not found. A wrong readable part redirects to the right one.
   * `source` is the job board's tracking parameter, handed to the apply form.
   */
  async offer(
    slug: string,
    idSlug: string,
    lng: string | undefined,
    base: string,
    accept: string | undefined,
    rawQuery: string,
    source: string | null = null,
  ): Promise<PublicAnswer> {
    const found = await this.resolveOffer(slug, idSlug, lng, base, accept, rawQuery);
    return 'kind' in found ? found : this.offerPage(found, source, null);
  }

  /** The published offer of the address, or the answer instead (404, a redirect). */
  async resolveOffer(
    slug: string,
    idSlug: string,
    lng: string | undefined,
    base: string,
    accept: string | undefined,
    rawQuery: string,
    rest = '',
  ): Promise<OfferPage | PublicAnswer> {
    const found = await this.find(slug);
    if (!found) return this.notFound(null, accept);
    if ('moved' in found)
      return this.moved(base, found.moved, `/offers/${idSlug}${rest}`, rawQuery);
    const s = this.site(found, base, lng, accept);
    const match = /^(\d{1,9})(?:-([a-z0-9-]*))?$/.exec(idSlug);
    const offer = match ? await this.repo.offer(s.company.id, Number(match[1])) : undefined;
    if (!offer) return this.notFound(s, accept);
    const canonical = this.offerUrl(s, offer);
    if (match?.[2] !== undefined && `${offer.id}-${match[2]}` !== canonical.split('/').pop())
      return { kind: 'redirect', location: `${canonical}${rest}${rawQuery}` };
    return { site: s, offer, canonical };
  }

  /** The offer's page, with the apply form (and the candidate's input and errors, when given). */
  async offerPage(
    p: OfferPage,
    source: string | null,
    state: ApplyState | null,
  ): Promise<Extract<PublicAnswer, { kind: 'html' }>> {
    const { site: s, offer, canonical } = p;
    const t = CAREER_SITE_TEXTS[s.language];
    const [extras, form] = await Promise.all([
      this.companySettings.offerExtras(s.company.id),
      this.applyForms ? this.applyForms.form(p, source, state) : null,
    ]);
    const facts = this.facts(s, offer);
    const published = offer.published_at ? iso(offer.published_at) : null;
    const image = s.fields.has('image') ? this.imageUrl(s, offer.image_id) : null;
    const cover = this.imageUrl(s, s.company.cover_image_id ?? null);
    const plain = textOf(offer.description ?? '');
    const description = plain.slice(0, 300) || offer.job_position;
    const body = `<p><a href="${h(this.withLng(s.home, s))}">← ${h(t.all_offers)}</a></p>
<article class="detail">
<h1>${h(offer.job_position)}</h1>
${published ? `<p>${h(t.published)} <time datetime="${h(published.slice(0, 10))}">${h(formatDay(published, s.language))}</time></p>` : ''}
${facts.length ? `<dl>${facts.map((f) => `<dt>${h(f.label)}</dt><dd>${h(f.value)}</dd>`).join('')}</dl>` : ''}
${image ? `<img class="offer-image" src="${h(image)}" alt="">` : ''}
<section class="description"><h2>${h(t.the_job)}</h2>${offer.description ?? ''}</section>
${extras.company_description ? `<section><h2>${h(t.about(s.company.social_reason))}</h2>${extras.company_description}</section>` : ''}
${extras.mandatory_mentions ? `<section><h2>${h(t.mentions)}</h2>${paragraphs(extras.mandatory_mentions)}</section>` : ''}
${form ? '' : `<p class="note">${h(t.apply_later)}</p>`}
</article>
${form ?? ''}`;
    return {
      kind: 'html',
      language: s.language,
      body: this.frame(
        s,
        `${offer.job_position} – ${s.company.social_reason}`,
        description,
        canonical,
        body,
        {
          image: image ?? cover,
          openGraph: { 'og:type': 'article' },
          jsonLd: this.jobPosting(s, offer, canonical, published, form !== null),
        },
      ),
      ...(state ? { private: true } : {}),
    };
  }

  /** A page of the site around `body` (the confirmation page), not indexed. */
  simplePage(s: Site, title: string, body: string, canonical: string): PublicAnswer {
    return {
      kind: 'html',
      language: s.language,
      private: true,
      body: this.frame(s, `${title} – ${s.company.social_reason}`, title, canonical, body),
    };
  }

  /**
   * `GET /careers/{slug}/privacy`: the privacy notice candidates consent to, its latest version in
   * the page's language (each offered language has one once the settings are saved).
   */
  async privacy(
    slug: string,
    lng: string | undefined,
    base: string,
    accept: string | undefined,
    rawQuery: string,
  ): Promise<PublicAnswer> {
    const found = await this.find(slug);
    if (!found) return this.notFound(null, accept);
    if ('moved' in found) return this.moved(base, found.moved, '/privacy', rawQuery);
    const s = this.site(found, base, lng, accept);
    const notice = await this.repo.latestNotice(s.company.id, s.language);
    if (!notice) return this.notFound(s, accept);
    const t = CAREER_SITE_TEXTS[s.language];
    const body = `<p><a href="${h(this.withLng(s.home, s))}">← ${h(t.all_offers)}</a></p>
<article class="notice"><h1>${h(t.privacy)}</h1><p>${h(t.privacy_version(notice.version, formatDay(iso(notice.created_at), s.language)))}</p>${paragraphs(notice.text)}</article>`;
    return {
      kind: 'html',
      language: s.language,
      body: this.frame(
        s,
        `${t.privacy} – ${s.company.social_reason}`,
        `${t.privacy} – ${s.company.social_reason}`,
        `${s.home}/privacy`,
        body,
      ),
    };
  }

  /** schema.org JobPosting: Google's required fields and the recommended ones the offer holds and the site shows. */
  private jobPosting(
    s: Site,
    o: OfferRow,
    url: string,
    published: string | null,
    directApply: boolean,
  ) {
    const show = (f: CareerOfferField) => s.fields.has(f);
    const posting: Record<string, unknown> = {
      '@context': 'https://schema.org/',
      '@type': 'JobPosting',
      title: o.job_position,
      description: o.description || o.job_position,
      datePosted: (published ?? iso(o.updated_at)).slice(0, 10),
      url,
      hiringOrganization: {
        '@type': 'Organization',
        name: s.company.social_reason,
        sameAs: s.home,
        ...(logoShown(s.company) ? { logo: `${s.home}/logo` } : {}),
      },
      // The form on the page takes the application itself (Google's "direct apply").
      directApply,
    };
    if (show('closing_date') && o.closing_date) posting.validThrough = `${o.closing_date}T23:59:59`;
    if (show('contract_type') && o.contract_type && EMPLOYMENT_TYPES[o.contract_type])
      posting.employmentType = EMPLOYMENT_TYPES[o.contract_type];
    if (show('location') && o.location)
      posting.jobLocation = {
        '@type': 'Place',
        address: {
          '@type': 'PostalAddress',
          addressLocality: o.location,
          addressCountry: s.company.country,
        },
      };
    if (o.remote === 'full') {
      posting.jobLocationType = 'TELECOMMUTE';
      posting.applicantLocationRequirements = { '@type': 'Country', name: s.company.country };
    }
    if (show('salary') && (o.salary_min !== null || o.salary_max !== null))
      posting.baseSalary = {
        '@type': 'MonetaryAmount',
        currency: 'EUR',
        value: {
          '@type': 'QuantitativeValue',
          ...(o.salary_min !== null ? { minValue: o.salary_min } : {}),
          ...(o.salary_max !== null ? { maxValue: o.salary_max } : {}),
          unitText: 'YEAR',
        },
      };
    if (o.reference)
      posting.identifier = {
        '@type': 'PropertyValue',
        name: s.company.social_reason,
        value: o.reference,
      };
    return posting;
  }

  /** `GET /careers/{slug}/sitemap.xml`: the list and every published offer (newest first, capped). */
  async sitemap(slug: string, base: string): Promise<PublicAnswer | null> {
    const found = await this.find(slug);
    if (!found || 'moved' in found)
      return found ? this.moved(base, found.moved, '/sitemap.xml', '') : null;
    const s = this.site(found, base, undefined, undefined);
    const offers = await this.repo.latestLinks(s.company.id, FEED_MAX_OFFERS);
    return {
      kind: 'xml',
      body: sitemapXml([
        {
          loc: s.home,
          lastmod: offers[0] ? iso(offers[0].updated_at) : iso(s.company.updated_at ?? '') || null,
        },
        ...offers.map((o) => ({ loc: this.offerUrl(s, o), lastmod: iso(o.updated_at) })),
      ]),
    };
  }

  /**
   * `GET /careers/{slug}/feed.xml[?board={job board slug}]`: the published offers in the
   * Indeed-style `source/job` form; with a board, each offer's URL carries `source={board}` so the
   * application it brings is attributed to it. An unknown board is not found.
   */
  async feed(
    slug: string,
    boardSlug: string | undefined,
    base: string,
  ): Promise<PublicAnswer | null> {
    const found = await this.find(slug);
    if (!found || 'moved' in found)
      return found
        ? this.moved(
            base,
            found.moved,
            '/feed.xml',
            boardSlug ? `?board=${encodeURIComponent(boardSlug)}` : '',
          )
        : null;
    const board = boardSlug ? await this.repo.board(boardSlug) : undefined;
    if (boardSlug && !board) return null;
    const s = this.site(found, base, undefined, undefined);
    const c = s.company;
    const fingerprint = [
      await this.repo.publishedFingerprint(c.id),
      base,
      c.social_reason,
      c.country,
      c.default_language,
      iso(c.updated_at),
    ].join('|');
    const body = await this.feeds.get(`${c.id}:${board?.slug ?? ''}`, fingerprint, () =>
      this.buildFeed(s, board),
    );
    return { kind: 'xml', body };
  }

  private async buildFeed(s: Site, board: { slug: string } | undefined): Promise<string> {
    const labels = EXPORT_LABELS[s.language];
    const offers = await this.repo.latest(s.company.id, FEED_MAX_OFFERS);
    const tracked = (url: string) =>
      board ? `${url}?source=${encodeURIComponent(board.slug)}` : url;
    return feedXml({
      publisher: s.company.social_reason,
      publisherUrl: s.home,
      lastBuildDate: new Date().toUTCString(),
      jobs: offers.map((o) => ({
        title: o.job_position,
        date: o.published_at ? new Date(iso(o.published_at)).toUTCString() : '',
        referencenumber: o.reference || String(o.id),
        url: tracked(this.offerUrl(s, o)),
        company: s.company.social_reason,
        city: s.fields.has('location') ? (o.location ?? '') : '',
        country: s.company.country,
        description: o.description ?? '',
        jobtype:
          s.fields.has('contract_type') && o.contract_type
            ? (labels.contract_type[o.contract_type as keyof typeof labels.contract_type] ??
              o.contract_type)
            : '',
        salary:
          s.fields.has('salary') && (o.salary_min !== null || o.salary_max !== null)
            ? CAREER_SITE_TEXTS[s.language].salary_range(
                o.salary_min === null ? null : String(o.salary_min),
                o.salary_max === null ? null : String(o.salary_max),
              )
            : '',
      })),
    });
  }

  /** `GET /careers/{slug}/logo`: the company's logo when the site shows it. */
  async logo(slug: string): Promise<{ data: Buffer; mime: string } | null> {
    const found = await this.find(slug);
    if (!found || 'moved' in found || !found.logo_key) return null;
    if (found.show_logo !== null && !found.show_logo) return null;
    const data = await this.storage.get(found.logo_key);
    const type = data && detectFileType(data);
    return data && type ? { data, mime: type.mime } : null;
  }

  /** `GET /careers/{slug}/images/{id}`: the cover, or a published offer's image; nothing else of the bank. */
  async image(
    slug: string,
    id: number,
    thumbnail: boolean,
  ): Promise<{ data: Buffer; mime: string } | null> {
    const found = await this.find(slug);
    if (!found || 'moved' in found) return null;
    const image = await this.repo.publicImage(found.id, id, found.cover_image_id ?? null);
    if (!image) return null;
    const data = await this.storage.get(thumbnail ? image.thumb_key : image.storage_key);
    if (!data) return null;
    return { data, mime: thumbnail ? 'image/webp' : image.mime };
  }
}
