import { sql, type Kysely, type SqlBool } from 'kysely';
import type { Language } from '@embauche/contracts/constants';
import type { TMailKind } from '@embauche/contracts/mail-models';
import type { DB } from '../../platform/db/schema.ts';
import { likePattern } from '../../platform/db/like-pattern.ts';
import { paginate } from '../../platform/http/list-query.ts';

export type Trx = Kysely<DB>;

export type ModelRow = {
  id: number;
  kind: string;
  name: string;
  is_default: boolean | number;
  updated_at: unknown;
  updated_by: string | null;
};

export type ContentRow = {
  model_id: number;
  language: string;
  subject: string;
  mjml: string;
  html: string;
  text: string;
  updated_at: unknown;
};

/** What a save writes for one language (compiled by the service). */
export type ContentWrite = { subject: string; mjml: string; html: string; text: string };

/** The only SQL of e-mail models; every query takes the company id. */
export class MailModelsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  transaction<T>(fn: (trx: Trx) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  private base(companyId: number) {
    return this.db
      .selectFrom('mail_models as m')
      .leftJoin('users as u', 'u.id', 'm.updated_by')
      .select([
        'm.id',
        'm.kind',
        'm.name',
        'm.is_default',
        'm.updated_at',
        sql<
          string | null
        >`case when u.id is null then null else ${sql.ref('u.firstname')} || ' ' || ${sql.ref('u.lastname')} end`.as(
          'updated_by',
        ),
      ])
      .where('m.company_id', '=', companyId);
  }

  /** A page of the company's models, by kind then name (`mail_models_company_idx`). */
  page(
    companyId: number,
    filter: { kind?: TMailKind | undefined; search?: string | undefined },
    page: number,
    perPage: number,
  ) {
    let query = this.base(companyId);
    if (filter.kind) query = query.where('m.kind', '=', filter.kind);
    if (filter.search) {
      const like = likePattern(filter.search);
      query = query.where(sql<SqlBool>`lower(${sql.ref('m.name')}) like ${like} escape '\\'`);
    }
    return paginate(
      query.orderBy('m.kind').orderBy('m.name').orderBy('m.id'),
      page,
      perPage,
      query,
    );
  }

  find(companyId: number, id: number): Promise<ModelRow | undefined> {
    return this.base(companyId).where('m.id', '=', id).executeTakeFirst();
  }

  count(companyId: number): Promise<number> {
    return this.db
      .selectFrom('mail_models')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('company_id', '=', companyId)
      .executeTakeFirst()
      .then((r) => Number(r?.n ?? 0));
  }

  /** The languages written of these models. */
  async languagesOf(companyId: number, ids: number[]): Promise<Map<number, Language[]>> {
    const out = new Map<number, Language[]>(ids.map((id) => [id, []]));
    if (!ids.length) return out;
    const rows = await this.db
      .selectFrom('mail_model_contents')
      .select(['model_id', 'language'])
      .where('company_id', '=', companyId)
      .where('model_id', 'in', ids)
      .execute();
    for (const r of rows) out.get(r.model_id)?.push(r.language as Language);
    return out;
  }

  contents(companyId: number, id: number): Promise<ContentRow[]> {
    return this.db
      .selectFrom('mail_model_contents')
      .select(['model_id', 'language', 'subject', 'mjml', 'html', 'text', 'updated_at'])
      .where('company_id', '=', companyId)
      .where('model_id', '=', id)
      .execute();
  }

  /**
   * The default model of a kind in the first of `languages` it is written in: subject, HTML and
   * text only (what sending needs), or nothing.
   */
  async defaultContent(companyId: number, kind: TMailKind, languages: readonly Language[]) {
    const rows = await this.db
      .selectFrom('mail_models as m')
      .innerJoin('mail_model_contents as c', 'c.model_id', 'm.id')
      .select(['c.language', 'c.subject', 'c.html', 'c.text'])
      .where('m.company_id', '=', companyId)
      .where('m.kind', '=', kind)
      .where('m.is_default', '=', true)
      .where('c.language', 'in', [...languages])
      .execute();
    for (const language of languages) {
      const row = rows.find((r) => r.language === language);
      if (row) return { ...row, language };
    }
    return undefined;
  }

  async insert(
    trx: Trx,
    companyId: number,
    row: { kind: TMailKind; name: string; is_default: boolean; updated_by: number | null },
    now: string,
  ): Promise<number> {
    const inserted = await trx
      .insertInto('mail_models')
      .values({ company_id: companyId, ...row, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return inserted.id;
  }

  async update(
    trx: Trx,
    companyId: number,
    id: number,
    row: { name: string; is_default: boolean; updated_by: number | null },
    now: string,
  ): Promise<void> {
    await trx
      .updateTable('mail_models')
      .set({ ...row, updated_at: now })
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .execute();
  }

  /** The kind's other models stop being its default (one default per kind). */
  async clearDefault(trx: Trx, companyId: number, kind: TMailKind, keep: number): Promise<void> {
    await trx
      .updateTable('mail_models')
      .set({ is_default: false })
      .where('company_id', '=', companyId)
      .where('kind', '=', kind)
      .where('id', '!=', keep)
      .where('is_default', '=', true)
      .execute();
  }

  /** The model's contents become exactly `contents` (languages not given are removed). */
  async replaceContents(
    trx: Trx,
    companyId: number,
    id: number,
    contents: Partial<Record<Language, ContentWrite>>,
    now: string,
  ): Promise<void> {
    await trx
      .deleteFrom('mail_model_contents')
      .where('company_id', '=', companyId)
      .where('model_id', '=', id)
      .execute();
    const rows = Object.entries(contents).map(([language, c]) => ({
      model_id: id,
      company_id: companyId,
      language,
      ...c!,
      updated_at: now,
    }));
    if (rows.length) await trx.insertInto('mail_model_contents').values(rows).execute();
  }

  /**
   * The user who sends (a test's recipient, the `sender.*` fields): always the session's own user
   * (`auth.userId`), never an id from a request. Not filtered by company: a super administrator
   * acting as a company belongs to their own.
   */
  sender(userId: number) {
    return this.db
      .selectFrom('users')
      .select(['firstname', 'lastname', 'email'])
      .where('id', '=', userId)
      .executeTakeFirst();
  }

  companyName(companyId: number): Promise<string | undefined> {
    return this.db
      .selectFrom('companies')
      .select('social_reason')
      .where('id', '=', companyId)
      .executeTakeFirst()
      .then((r) => r?.social_reason);
  }

  async delete(companyId: number, id: number): Promise<void> {
    await this.transaction(async (trx) => {
      await trx
        .deleteFrom('mail_model_contents')
        .where('company_id', '=', companyId)
        .where('model_id', '=', id)
        .execute();
      await trx
        .deleteFrom('mail_models')
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .execute();
    });
  }
}
