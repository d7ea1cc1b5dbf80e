import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { Language } from '@embauche/contracts/constants';
import type { TNewsAudience } from '@embauche/contracts/news';
import type { DB } from '../../platform/db/schema.ts';
import { paginate } from '../../platform/http/list-query.ts';

export type Trx = Kysely<DB>;

export type NewsRow = {
  id: number;
  audience: string;
  starts_at: string;
  ends_at: string;
  created_at: string;
  updated_at: string;
};

export type ContentRow = { news_id: number; language: string; title: string; body: string };

/** What a save writes: the item, its contents (sanitised), companies and countries. */
export type NewsWrite = {
  audience: TNewsAudience;
  starts_at: string;
  ends_at: string;
  contents: Partial<Record<Language, { title: string; body: string }>>;
  company_ids: number[];
  countries: string[];
};

/** Who asks for the current item: their company's country and languages. */
export type Reader = {
  userId: number;
  companyId: number;
  country: string;
  userLanguage: string;
  companyLanguage: string;
};

const COLUMNS = ['id', 'audience', 'starts_at', 'ends_at', 'created_at', 'updated_at'] as const;

/**
 * The only SQL of the news popup. News items belong to the product, not to a company: the staff's
 * calls read every item; a user's calls take the user's company and country into every query.
 */
export class NewsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  transaction<T>(fn: (trx: Trx) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  /** A page of the items, the latest start first (`news_items_start_idx`). */
  page(page: number, perPage: number) {
    const query = this.db.selectFrom('news_items').select(COLUMNS);
    return paginate(
      query.orderBy('starts_at', 'desc').orderBy('id', 'desc'),
      page,
      perPage,
      this.db.selectFrom('news_items'),
    );
  }

  find(id: number): Promise<NewsRow | undefined> {
    return this.db.selectFrom('news_items').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  }

  /** The contents, chosen companies (with names), countries and dismissal counts of these items. */
  async detailsOf(ids: number[]) {
    const contents = new Map<number, ContentRow[]>(ids.map((id) => [id, []]));
    const companies = new Map<number, { id: number; social_reason: string }[]>(
      ids.map((id) => [id, []]),
    );
    const countries = new Map<number, string[]>(ids.map((id) => [id, []]));
    const dismissals = new Map<number, number>();
    if (!ids.length) return { contents, companies, countries, dismissals };
    const [contentRows, companyRows, countryRows, dismissalRows] = await Promise.all([
      this.db
        .selectFrom('news_item_contents')
        .select(['news_id', 'language', 'title', 'body'])
        .where('news_id', 'in', ids)
        .execute(),
      this.db
        .selectFrom('news_item_companies as nc')
        .innerJoin('companies as c', 'c.id', 'nc.company_id')
        .select(['nc.news_id', 'c.id', 'c.social_reason'])
        .where('nc.news_id', 'in', ids)
        .orderBy('c.social_reason')
        .orderBy('c.id')
        .execute(),
      this.db
        .selectFrom('news_item_countries')
        .select(['news_id', 'country'])
        .where('news_id', 'in', ids)
        .orderBy('country')
        .execute(),
      this.db
        .selectFrom('news_dismissals')
        .select((eb) => ['news_id', eb.fn.countAll<number>().as('n')])
        .where('news_id', 'in', ids)
        .groupBy('news_id')
        .execute(),
    ]);
    for (const row of contentRows) contents.get(row.news_id)?.push(row);
    for (const row of companyRows)
      companies.get(row.news_id)?.push({ id: row.id, social_reason: row.social_reason });
    for (const row of countryRows) countries.get(row.news_id)?.push(row.country);
    for (const row of dismissalRows) dismissals.set(row.news_id, Number(row.n));
    return { contents, companies, countries, dismissals };
  }

  /** The ids among `ids` that name a company. */
  async existingCompanies(ids: number[]): Promise<Set<number>> {
    if (!ids.length) return new Set();
    const rows = await this.db
      .selectFrom('companies')
      .select('id')
      .where('id', 'in', ids)
      .execute();
    return new Set(rows.map((r) => r.id));
  }

  /** Every company's country, each once, sorted. */
  async countries(): Promise<string[]> {
    const rows = await this.db
      .selectFrom('companies')
      .select('country')
      .distinct()
      .orderBy('country')
      .execute();
    return rows.map((r) => r.country);
  }

  async insert(trx: Trx, write: NewsWrite, by: number, now: string): Promise<number> {
    const row = await trx
      .insertInto('news_items')
      .values({
        audience: write.audience,
        starts_at: write.starts_at,
        ends_at: write.ends_at,
        created_by: by,
        updated_by: by,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await this.writeParts(trx, row.id, write);
    return row.id;
  }

  /** The item becomes exactly `write` (languages, companies and countries not given go). */
  async update(trx: Trx, id: number, write: NewsWrite, by: number, now: string): Promise<void> {
    await trx
      .updateTable('news_items')
      .set({
        audience: write.audience,
        starts_at: write.starts_at,
        ends_at: write.ends_at,
        updated_by: by,
        updated_at: now,
      })
      .where('id', '=', id)
      .execute();
    for (const table of [
      'news_item_contents',
      'news_item_companies',
      'news_item_countries',
    ] as const)
      await trx.deleteFrom(table).where('news_id', '=', id).execute();
    await this.writeParts(trx, id, write);
  }

  private async writeParts(trx: Trx, id: number, write: NewsWrite): Promise<void> {
    const contents = Object.entries(write.contents).map(([language, c]) => ({
      news_id: id,
      language,
      title: c.title,
      body: c.body,
    }));
    if (contents.length) await trx.insertInto('news_item_contents').values(contents).execute();
    if (write.audience === 'companies' && write.company_ids.length)
      await trx
        .insertInto('news_item_companies')
        .values(write.company_ids.map((company_id) => ({ news_id: id, company_id })))
        .execute();
    if (write.countries.length)
      await trx
        .insertInto('news_item_countries')
        .values(write.countries.map((country) => ({ news_id: id, country })))
        .execute();
  }

  /** Deletes the item; its contents, companies, countries and dismissals go with it (cascade). */
  async delete(id: number): Promise<boolean> {
    const result = await this.db.deleteFrom('news_items').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** The user's company's country and default language, and the user's language. */
  async reader(userId: number, companyId: number): Promise<Reader | undefined> {
    const row = await this.db
      .selectFrom('users as u')
      .innerJoin('companies as c', 'c.id', 'u.company_id')
      .select(['u.language', 'c.country', 'c.default_language'])
      .where('u.id', '=', userId)
      .where('u.company_id', '=', companyId)
      .executeTakeFirst();
    return row
      ? {
          userId,
          companyId,
          country: row.country,
          userLanguage: row.language,
          companyLanguage: row.default_language,
        }
      : undefined;
  }

  /**
   * The item the reader sees at `now`: current (`news_items_period_idx`), for their company and
   * country, not dismissed by them; the most recently started, then the highest id.
   */
  current(reader: Reader, now: string): Promise<NewsRow | undefined> {
    return this.db
      .selectFrom('news_items as n')
      .select(['n.id', 'n.audience', 'n.starts_at', 'n.ends_at', 'n.created_at', 'n.updated_at'])
      .where('n.ends_at', '>', now)
      .where('n.starts_at', '<=', now)
      .where((eb) => this.audienceHolds(eb, reader))
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('news_dismissals as d')
              .select(sql.lit(1).as('one'))
              .whereRef('d.news_id', '=', 'n.id')
              .where('d.user_id', '=', reader.userId),
          ),
        ),
      )
      .orderBy('n.starts_at', 'desc')
      .orderBy('n.id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** Whether item `id` exists and its audience holds the reader's company (whatever its dates). */
  async meantFor(reader: Reader, id: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('news_items as n')
      .select('n.id')
      .where('n.id', '=', id)
      .where((eb) => this.audienceHolds(eb, reader))
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Every company, or one of the chosen ones; and, when the item names countries, one of them. */
  private audienceHolds(eb: ExpressionBuilder<DB & { n: DB['news_items'] }, 'n'>, reader: Reader) {
    return eb.and([
      eb.or([
        eb('n.audience', '=', 'all'),
        eb.exists(
          eb
            .selectFrom('news_item_companies as nc')
            .select(sql.lit(1).as('one'))
            .whereRef('nc.news_id', '=', 'n.id')
            .where('nc.company_id', '=', reader.companyId),
        ),
      ]),
      eb.or([
        eb.not(
          eb.exists(
            eb
              .selectFrom('news_item_countries as k')
              .select(sql.lit(1).as('one'))
              .whereRef('k.news_id', '=', 'n.id'),
          ),
        ),
        eb.exists(
          eb
            .selectFrom('news_item_countries as k')
            .select(sql.lit(1).as('one'))
            .whereRef('k.news_id', '=', 'n.id')
            .where('k.country', '=', reader.country),
        ),
      ]),
    ]);
  }

  /** The reader closed the item (again: nothing changes). */
  async dismiss(userId: number, newsId: number, now: string): Promise<void> {
    await this.db
      .insertInto('news_dismissals')
      .values({ user_id: userId, news_id: newsId, dismissed_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'news_id']).doNothing())
      .execute();
  }
}
