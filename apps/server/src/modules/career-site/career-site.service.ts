import {
  CAREER_DEFAULT_COLORS,
  CAREER_DEFAULT_OFFER_FIELDS,
  CAREER_OFFER_FIELDS,
  type CareerOfferField,
  type TCareerSite,
  type TCareerSiteForm,
  type TPrivacyNotice,
} from '@embauche/contracts/career-site';
import { LANGUAGES, type Language } from '@embauche/contracts/constants';
import type { AuditTrail } from '../../platform/audit/audit-trail.ts';
import type { AuthContext } from '../../platform/auth/auth-context.ts';
import { nowIso } from '../../platform/db/database.ts';
import { isUniqueViolation } from '../../platform/db/unique-name.ts';
import { notFound, validationFailed } from '../../platform/http/http-error.ts';
import type { CompanySettingsService } from '../company-settings/company-settings.service.ts';
import type { OfferImagesService } from '../offer-settings/offer-images.service.ts';
import type { CareerSiteRepository } from './career-site.repository.ts';

/** A timestamp column as ISO text (PostgreSQL answers Date objects, SQLite text). */
const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : String(value));

function parseJson<T>(text: string | undefined, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

const known = <T extends string>(values: unknown, allowed: readonly T[]): T[] =>
  Array.isArray(values) ? allowed.filter((a) => values.includes(a)) : [];

const byLanguage = <T>(make: (lng: Language) => T) =>
  Object.fromEntries(LANGUAGES.map((lng) => [lng, make(lng)])) as Record<Language, T>;

/** The fields the audit names when they change (the texts by language). */
const AUDITED = [
  'slug',
  'show_logo',
  'primary_color',
  'accent_color',
  'cover_image_id',
  'languages',
  'introductions',
  'offer_fields',
  'talent_community',
] as const;

/**
 * The company's career-site settings (issue 37 part 1; contracts/career-site.ts documents the
 * calls). The logo and the company's default language come from the company settings, the cover
 * from the image bank: through their services, never a copy.
 */
export class CareerSiteService {
  constructor(
    private readonly repo: CareerSiteRepository,
    private readonly companySettings: Pick<CompanySettingsService, 'identity'>,
    private readonly images: Pick<OfferImagesService, 'get'>,
    private readonly audit: Pick<AuditTrail, 'record'>,
    /** CAREER_SITE_URL, `{slug}` standing for the slug. */
    private readonly urlPattern: string,
  ) {}

  /** The image bank asks before deleting an image: the cover stays until another is chosen. */
  async coverUse(companyId: number, imageId: number) {
    return (await this.repo.isCover(companyId, imageId))
      ? { field: 'career_site', code: 'image_is_cover' }
      : null;
  }

  /** The address of a company's public site (also `/api/me`'s `career_site_url`). */
  url(slug: string): string {
    return this.urlPattern.replace('{slug}', encodeURIComponent(slug));
  }

  async get(auth: AuthContext): Promise<TCareerSite> {
    const [found, identity, notices] = await Promise.all([
      this.repo.find(auth.companyId),
      this.companySettings.identity(auth),
      this.repo.latestNotices(auth.companyId),
    ]);
    if (!found) throw notFound('Company');
    const { slug, site, previousSlugs } = found;
    const coverId = site?.cover_image_id ?? null;
    const cover = coverId === null ? null : await this.images.get(auth, coverId).catch(() => null);
    const intros = parseJson<Record<string, unknown>>(site?.introductions, {});
    const latest = new Map(notices.map((n) => [n.language, n]));
    const languages = site
      ? known(parseJson(site.languages, []), LANGUAGES)
      : [identity.default_language];
    return {
      slug,
      url: this.url(slug),
      previous_slugs: previousSlugs,
      logo_src: identity.logo_src,
      show_logo: site ? Boolean(site.show_logo) : true,
      primary_color: site?.primary_color ?? CAREER_DEFAULT_COLORS.primary,
      accent_color: site?.accent_color ?? CAREER_DEFAULT_COLORS.accent,
      cover_image_id: cover ? cover.id : null,
      cover_image: cover
        ? { id: cover.id, filename: cover.filename, thumbnail_url: cover.thumbnail_url }
        : null,
      languages: languages.length ? languages : [identity.default_language],
      introductions: byLanguage((lng) => (typeof intros[lng] === 'string' ? intros[lng] : '')),
      offer_fields: site
        ? known<CareerOfferField>(parseJson(site.offer_fields, []), CAREER_OFFER_FIELDS)
        : [...CAREER_DEFAULT_OFFER_FIELDS],
      privacy_notices: byLanguage((lng): TPrivacyNotice | null => {
        const n = latest.get(lng);
        return n ? { text: n.text, version: n.version, created_at: iso(n.created_at) } : null;
      }),
      talent_community: site ? Boolean(site.talent_community) : false,
      updated_at: site ? iso(site.updated_at) : null,
    };
  }

  async save(auth: AuthContext, input: TCareerSiteForm): Promise<TCareerSite> {
    const before = await this.get(auth);
    if (input.cover_image_id !== null) {
      const image = await this.images.get(auth, input.cover_image_id).catch(() => null);
      if (!image) throw validationFailed({ cover_image_id: ['invalid'] });
    }
    if (input.slug !== before.slug && (await this.repo.slugTaken(auth.companyId, input.slug)))
      throw validationFailed({ slug: ['not_unique'] });

    const introductions = byLanguage((lng) => input.introductions[lng] ?? '');
    // A new version for each non-empty notice that differs from its language's latest one.
    const notices = LANGUAGES.flatMap((lng) => {
      const text = input.privacy_notices[lng] ?? '';
      return text && text !== before.privacy_notices[lng]?.text ? [{ language: lng, text }] : [];
    });
    const after = {
      slug: input.slug,
      show_logo: input.show_logo,
      primary_color: input.primary_color,
      accent_color: input.accent_color,
      cover_image_id: input.cover_image_id,
      languages: LANGUAGES.filter((l) => input.languages.includes(l)),
      introductions,
      offer_fields: CAREER_OFFER_FIELDS.filter((f) => input.offer_fields.includes(f)),
      talent_community: input.talent_community,
    };
    const changed = AUDITED.filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
    const slugChange = after.slug !== before.slug ? { from: before.slug, to: after.slug } : null;
    try {
      await this.repo.save(
        auth.companyId,
        {
          show_logo: after.show_logo,
          primary_color: after.primary_color,
          accent_color: after.accent_color,
          cover_image_id: after.cover_image_id,
          languages: JSON.stringify(after.languages),
          introductions: JSON.stringify(after.introductions),
          offer_fields: JSON.stringify(after.offer_fields),
          talent_community: after.talent_community,
        },
        slugChange,
        notices,
        auth.realUserId ?? auth.userId,
        nowIso(),
        async (trx, versions) => {
          if (!changed.length && !notices.length && before.updated_at !== null) return;
          await this.audit.record(
            auth,
            'career_site.updated',
            { type: 'company', id: auth.companyId },
            {
              fields: changed,
              ...(notices.length ? { privacy_notice_versions: versions } : {}),
              ...(slugChange ? { previous_slug: slugChange.from, slug: slugChange.to } : {}),
            },
            trx,
          );
        },
      );
    } catch (err) {
      // Two companies taking the same slug at once: the unique index settles it.
      if (isUniqueViolation(err)) throw validationFailed({ slug: ['not_unique'] });
      throw err;
    }
    return this.get(auth);
  }
}
