import type { Insertable, Kysely } from 'kysely';
import type { CareerSitesTable, DB } from '../../platform/db/schema.ts';

export type CareerSiteRow = Omit<Insertable<CareerSitesTable>, 'company_id' | 'updated_at'>;

export type NoticeVersion = { language: string; version: number; text: string };

/**
 * The only SQL of the career-site settings; every query takes the company id. The slug is the
 * company's own column (`companies.slug`, unique), which `/api/me` reads too.
 */
export class CareerSiteRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async find(companyId: number) {
    const [company, site, previous] = await Promise.all([
      this.db
        .selectFrom('companies')
        .select(['slug'])
        .where('id', '=', companyId)
        .executeTakeFirst(),
      this.db
        .selectFrom('career_sites')
        .select([
          'show_logo',
          'primary_color',
          'accent_color',
          'cover_image_id',
          'languages',
          'introductions',
          'offer_fields',
          'talent_community',
          'updated_at',
        ])
        .where('company_id', '=', companyId)
        .executeTakeFirst(),
      this.db
        .selectFrom('career_site_slugs')
        .select('slug')
        .where('company_id', '=', companyId)
        .orderBy('replaced_at', 'desc')
        .orderBy('slug')
        .execute(),
    ]);
    return company && { slug: company.slug, site, previousSlugs: previous.map((p) => p.slug) };
  }

  /** Each language's latest privacy notice (one row per language). */
  latestNotices(companyId: number, db: Kysely<DB> = this.db) {
    return db
      .selectFrom('career_site_privacy_notices as n')
      .innerJoin(
        (eb) =>
          eb
            .selectFrom('career_site_privacy_notices')
            .select(['language', (e) => e.fn.max('version').as('latest')])
            .where('company_id', '=', companyId)
            .groupBy('language')
            .as('m'),
        (join) => join.onRef('m.language', '=', 'n.language').onRef('m.latest', '=', 'n.version'),
      )
      .select(['n.language', 'n.version', 'n.text', 'n.created_at'])
      .where('n.company_id', '=', companyId)
      .execute();
  }

  /** Whether the company's site shows `imageId` as its cover. */
  async isCover(companyId: number, imageId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('career_sites')
      .select('company_id')
      .where('company_id', '=', companyId)
      .where('cover_image_id', '=', imageId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Whether another company holds `slug`, as its current slug or one it gave up. */
  async slugTaken(companyId: number, slug: string): Promise<boolean> {
    const [current, old] = await Promise.all([
      this.db
        .selectFrom('companies')
        .select('id')
        .where('slug', '=', slug)
        .where('id', '<>', companyId)
        .executeTakeFirst(),
      this.db
        .selectFrom('career_site_slugs')
        .select('company_id')
        .where('slug', '=', slug)
        .where('company_id', '<>', companyId)
        .executeTakeFirst(),
    ]);
    return current !== undefined || old !== undefined;
  }

  /**
   * Saves the settings, in one transaction: the site's row, the slug (the old one kept as given
   * up, the new one taken back from the company's old ones), the new notice versions. `onSaved`
   * runs inside it (the audit line).
   */
  async save(
    companyId: number,
    values: CareerSiteRow,
    slug: { from: string; to: string } | null,
    notices: { language: string; text: string }[],
    userId: number | null,
    now: string,
    onSaved: (trx: Kysely<DB>, versions: Record<string, number>) => Promise<void>,
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('career_sites')
        .values({ ...values, company_id: companyId, updated_at: now })
        .onConflict((oc) => oc.column('company_id').doUpdateSet({ ...values, updated_at: now }))
        .execute();
      if (slug) {
        await trx
          .deleteFrom('career_site_slugs')
          .where('company_id', '=', companyId)
          .where('slug', '=', slug.to)
          .execute();
        await trx
          .updateTable('companies')
          .set({ slug: slug.to, updated_at: now })
          .where('id', '=', companyId)
          .execute();
        await trx
          .insertInto('career_site_slugs')
          .values({ slug: slug.from, company_id: companyId, replaced_at: now })
          .onConflict((oc) => oc.column('slug').doNothing())
          .execute();
      }
      const versions: Record<string, number> = {};
      if (notices.length) {
        const latest = new Map(
          (await this.latestNotices(companyId, trx)).map((n) => [n.language, n.version]),
        );
        for (const notice of notices) {
          const version = (latest.get(notice.language) ?? 0) + 1;
          versions[notice.language] = version;
          await trx
            .insertInto('career_site_privacy_notices')
            .values({
              company_id: companyId,
              language: notice.language,
              version,
              text: notice.text,
              created_by: userId,
              created_at: now,
            })
            .execute();
        }
      }
      await onSaved(trx, versions);
    });
  }
}
