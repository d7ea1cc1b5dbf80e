import { sql, type Insertable, type Kysely } from 'kysely';
import type { CareerSiteApplicationsTable, DB } from '../../platform/db/schema.ts';
import { queueMail, type MailMessage } from '../../platform/mail/mailer.ts';

/** What the public site filters its offers by (the list's query string, checked). */
export type PublicOfferFilters = {
  q?: string | undefined;
  contract?: string | undefined;
  place?: string | undefined;
  remote?: string | undefined;
  subsidiary?: number | undefined;
};

const OFFER_COLUMNS = [
  'offers.id',
  'offers.job_position',
  'offers.reference',
  'offers.description',
  'offers.contract_type',
  'offers.location',
  'offers.department',
  'offers.remote',
  'offers.salary_min',
  'offers.salary_max',
  'offers.closing_date',
  'offers.published_at',
  'offers.updated_at',
  'offers.image_id',
  'subsidiaries.name as subsidiary',
] as const;

/** `%` and `_` typed by a candidate are letters, not wildcards. */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The public site's reads (issue 37 part 2): always one company, found by its slug, and only its
 * published offers that are not archived (the `offers_company_status_idx` index: company, status,
 * archived), paged; never a whole table.
 */
export class CareerSitePublicRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** The company whose current slug is `slug`, with its site's settings (none before a save). */
  async companyBySlug(slug: string) {
    return this.db
      .selectFrom('companies')
      .leftJoin('career_sites', 'career_sites.company_id', 'companies.id')
      .select([
        'companies.id',
        'companies.slug',
        'companies.social_reason',
        'companies.country',
        'companies.default_language',
        'companies.logo_key',
        'companies.logo_version',
        'companies.company_description',
        'career_sites.show_logo',
        'career_sites.primary_color',
        'career_sites.accent_color',
        'career_sites.cover_image_id',
        'career_sites.languages',
        'career_sites.introductions',
        'career_sites.offer_fields',
        'career_sites.talent_community',
        'career_sites.updated_at',
      ])
      .where('companies.slug', '=', slug)
      .executeTakeFirst();
  }

  /** The current slug of the company that gave `slug` up, if one did. */
  async renamedTo(slug: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('career_site_slugs')
      .innerJoin('companies', 'companies.id', 'career_site_slugs.company_id')
      .select('companies.slug')
      .where('career_site_slugs.slug', '=', slug)
      .executeTakeFirst();
    return row?.slug;
  }

  /** The company's published offers that are not archived (the list's index, migration 0045). */
  private publishedOnly(companyId: number) {
    return this.db
      .selectFrom('offers')
      .where('offers.company_id', '=', companyId)
      .where('offers.status', '=', 'published')
      .where('offers.archived', '=', false);
  }

  /** The same, with the subsidiary's name beside each offer. */
  private published(companyId: number) {
    return this.publishedOnly(companyId).leftJoin('subsidiaries', (join) =>
      join
        .onRef('subsidiaries.id', '=', 'offers.subsidiary_id')
        .on('subsidiaries.company_id', '=', companyId),
    );
  }

  private filtered(companyId: number, f: PublicOfferFilters) {
    let query = this.published(companyId);
    if (f.contract) query = query.where('offers.contract_type', '=', f.contract);
    if (f.place) query = query.where('offers.location', '=', f.place);
    if (f.remote) query = query.where('offers.remote', '=', f.remote);
    if (f.subsidiary) query = query.where('offers.subsidiary_id', '=', f.subsidiary);
    if (f.q) {
      const pattern = `%${likeEscaped(f.q.toLowerCase())}%`;
      query = query.where((eb) =>
        eb.or(
          ['offers.job_position', 'offers.location', 'offers.department'].map(
            (column) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`,
          ),
        ),
      );
    }
    return query;
  }

  /** One page of the published offers, newest first, and how many match. */
  async offers(companyId: number, f: PublicOfferFilters, page: number, perPage: number) {
    const [rows, count] = await Promise.all([
      this.filtered(companyId, f)
        .select(OFFER_COLUMNS)
        .orderBy('offers.published_at', 'desc')
        .orderBy('offers.id', 'desc')
        .limit(perPage)
        .offset((page - 1) * perPage)
        .execute(),
      this.filtered(companyId, f)
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  /**
   * The filters' choices: the values the published offers hold. One grouped read of the list's
   * index (migration 0045), then the names of the subsidiaries found.
   */
  async facets(companyId: number) {
    const groups = await this.publishedOnly(companyId)
      .select(['offers.contract_type', 'offers.location', 'offers.subsidiary_id'])
      .groupBy(['offers.contract_type', 'offers.location', 'offers.subsidiary_id'])
      .execute();
    const distinct = <T>(values: (T | null)[]) =>
      [...new Set(values)].filter((v): v is T => v !== null);
    const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    const ids = distinct(groups.map((g) => g.subsidiary_id)).slice(0, 1000);
    const subsidiaries = ids.length
      ? await this.db
          .selectFrom('subsidiaries')
          .select(['id', 'name'])
          .where('company_id', '=', companyId)
          .where('id', 'in', ids)
          .orderBy('name')
          .limit(200)
          .execute()
      : [];
    return {
      contracts: distinct(groups.map((g) => g.contract_type)).slice(0, 50),
      places: distinct(groups.map((g) => g.location))
        .sort(byText)
        .slice(0, 200),
      subsidiaries,
    };
  }

  /** One published offer of the company, or nothing (unpublished, archived, another company's). */
  offer(companyId: number, id: number) {
    return this.published(companyId)
      .select(OFFER_COLUMNS)
      .where('offers.id', '=', id)
      .executeTakeFirst();
  }

  /** The newest published offers' addresses and dates for the sitemap, at most `limit`. */
  latestLinks(companyId: number, limit: number) {
    return this.publishedOnly(companyId)
      .select(['offers.id', 'offers.job_position', 'offers.updated_at'])
      .orderBy('offers.published_at', 'desc')
      .orderBy('offers.id', 'desc')
      .limit(limit)
      .execute();
  }

  /**
   * What the feed is built from, in one read of the list's index: the published offers' count,
   * their newest change and the sum of their ids (an offer swapped for another changes it).
   */
  async publishedFingerprint(companyId: number): Promise<string> {
    const row = await this.publishedOnly(companyId)
      .select((eb) => [
        eb.fn.countAll<number | string>().as('n'),
        eb.fn.max('offers.updated_at').as('changed'),
        eb.fn.sum<number | string | null>('offers.id').as('ids'),
      ])
      .executeTakeFirstOrThrow();
    const changed: unknown = row.changed;
    const at = changed instanceof Date ? changed.toISOString() : String(changed);
    return `${row.n}:${at}:${row.ids}`;
  }

  /** The newest published offers for the feeds, at most `limit`. */
  latest(companyId: number, limit: number) {
    return this.published(companyId)
      .select(OFFER_COLUMNS)
      .orderBy('offers.published_at', 'desc')
      .orderBy('offers.id', 'desc')
      .limit(limit)
      .execute();
  }

  /** The latest version of the company's privacy notice in `language`. */
  latestNotice(companyId: number, language: string) {
    return this.db
      .selectFrom('career_site_privacy_notices')
      .select(['version', 'text', 'created_at'])
      .where('company_id', '=', companyId)
      .where('language', '=', language)
      .orderBy('version', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** One version of the company's privacy notice in `language` (the one a form showed). */
  notice(companyId: number, language: string, version: number) {
    return this.db
      .selectFrom('career_site_privacy_notices')
      .select(['id', 'version', 'language'])
      .where('company_id', '=', companyId)
      .where('language', '=', language)
      .where('version', '=', version)
      .executeTakeFirst();
  }

  /** The consent an application from the site carries, in the application's transaction. */
  async addConsent(row: Insertable<CareerSiteApplicationsTable>, trx: Kysely<DB> = this.db) {
    await trx.insertInto('career_site_applications').values(row).execute();
  }

  /** Queues an e-mail (the confirmation), in `trx` when given. */
  queueMail(message: MailMessage, trx: Kysely<DB> = this.db) {
    return queueMail(trx, message);
  }

  /** A job board by its slug (the feed's tracking parameter names one). */
  board(slug: string) {
    return this.db
      .selectFrom('job_boards')
      .select(['id', 'slug', 'name'])
      .where('slug', '=', slug)
      .executeTakeFirst();
  }

  /**
   * An image the site may show: its cover, or the image of one of its published offers. Its keys
   * in the file storage, or nothing.
   */
  async publicImage(companyId: number, id: number, coverId: number | null) {
    const image = await this.db
      .selectFrom('offer_images')
      .select(['id', 'storage_key', 'thumb_key', 'mime'])
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!image) return undefined;
    if (image.id === coverId) return image;
    const shown = await this.published(companyId)
      .select('offers.id')
      .where('offers.image_id', '=', id)
      .limit(1)
      .executeTakeFirst();
    return shown ? image : undefined;
  }
}
