import { LANGUAGES, type Language } from '@embauche/contracts/constants';
import {
  newsLanguage,
  newsStatus,
  type TCurrentNews,
  type TNewsAudience,
  type TNewsItem,
  type TNewsItemInput,
  type TNewsItemPage,
} from '@embauche/contracts/news';
import type { AuditTrail } from '../../platform/audit/audit-trail.ts';
import type { AuthContext } from '../../platform/auth/auth-context.ts';
import { nowIso } from '../../platform/db/database.ts';
import { sanitizeRichText } from '../../platform/html/sanitize.ts';
import { notFound, validationFailed } from '../../platform/http/http-error.ts';
import type { NewsRepository, NewsRow, NewsWrite } from './news.repository.ts';

/** Acting as another company or user: the session is not the real person's own. */
const acting = (auth: AuthContext) =>
  auth.realUserId !== undefined || (auth.actingAsCompanyId ?? null) !== null;

/** The news popup (contracts/news.ts): the staff's items and each user's current one. */
export class NewsService {
  constructor(
    private readonly repo: NewsRepository,
    private readonly audit: Pick<AuditTrail, 'record'>,
  ) {}

  async page(page: number, perPage: number): Promise<TNewsItemPage> {
    const rows = await this.repo.page(page, perPage);
    return { ...rows, data: await this.toItems(rows.data) };
  }

  async get(id: number): Promise<TNewsItem> {
    const row = await this.repo.find(id);
    if (!row) throw notFound('News item');
    const [item] = await this.toItems([row]);
    return item!;
  }

  countries(): Promise<string[]> {
    return this.repo.countries();
  }

  async create(auth: AuthContext, input: TNewsItemInput): Promise<TNewsItem> {
    const write = await this.checked(input);
    const now = nowIso();
    const id = await this.repo.transaction((trx) =>
      this.repo.insert(trx, write, auth.realUserId ?? auth.userId, now),
    );
    await this.audit.record(auth, 'news.created', { type: 'news', id }, summary(write));
    return this.get(id);
  }

  async update(auth: AuthContext, id: number, input: TNewsItemInput): Promise<TNewsItem> {
    if (!(await this.repo.find(id))) throw notFound('News item');
    const write = await this.checked(input);
    await this.repo.transaction((trx) =>
      this.repo.update(trx, id, write, auth.realUserId ?? auth.userId, nowIso()),
    );
    await this.audit.record(auth, 'news.updated', { type: 'news', id }, summary(write));
    return this.get(id);
  }

  async remove(auth: AuthContext, id: number): Promise<void> {
    const item = await this.get(id);
    if (!(await this.repo.delete(id))) throw notFound('News item');
    await this.audit.record(
      auth,
      'news.deleted',
      { type: 'news', id },
      { name: firstTitle(item.contents), dismissals: item.dismissal_count },
    );
  }

  /** The item the user sees now, in their language; null while acting as someone. */
  async current(auth: AuthContext): Promise<TCurrentNews | null> {
    if (acting(auth)) return null;
    const reader = await this.repo.reader(auth.userId, auth.companyId);
    if (!reader) return null;
    const row = await this.repo.current(reader, nowIso());
    if (!row) return null;
    const { contents } = await this.repo.detailsOf([row.id]);
    const written = contents.get(row.id) ?? [];
    const language = newsLanguage(
      written.map((c) => c.language),
      reader.userLanguage,
      reader.companyLanguage,
    );
    const content = written.find((c) => c.language === language);
    if (!language || !content) return null;
    return {
      id: row.id,
      language,
      title: content.title,
      body: content.body,
      starts_at: row.starts_at,
      ends_at: row.ends_at,
    };
  }

  /** The user closed the item: it never comes back for them. 404 unless it is meant for them. */
  async dismiss(auth: AuthContext, id: number): Promise<void> {
    if (acting(auth)) return;
    const reader = await this.repo.reader(auth.userId, auth.companyId);
    if (!reader || !(await this.repo.meantFor(reader, id))) throw notFound('News item');
    await this.repo.dismiss(auth.userId, id, nowIso());
  }

  /** The input with its bodies sanitised and its companies checked (422 otherwise). */
  private async checked(input: TNewsItemInput): Promise<NewsWrite> {
    const errors: Record<string, string[]> = {};
    const contents: NewsWrite['contents'] = {};
    for (const lng of LANGUAGES) {
      const content = input.contents[lng];
      if (!content) continue;
      const body = sanitizeRichText(content.body);
      if (!body) errors[`contents.${lng}.body`] = ['field_required'];
      else contents[lng] = { title: content.title, body };
    }
    const companyIds = input.audience === 'companies' ? input.company_ids : [];
    const known = await this.repo.existingCompanies(companyIds);
    if (companyIds.some((id) => !known.has(id))) errors.company_ids = ['unknown_company'];
    if (Object.keys(errors).length) throw validationFailed(errors);
    return {
      audience: input.audience,
      starts_at: input.starts_at,
      ends_at: input.ends_at,
      contents,
      company_ids: companyIds,
      countries: input.countries,
    };
  }

  private async toItems(rows: NewsRow[]): Promise<TNewsItem[]> {
    const details = await this.repo.detailsOf(rows.map((r) => r.id));
    const now = new Date();
    return rows.map((row) => {
      const contents: TNewsItem['contents'] = {};
      for (const c of details.contents.get(row.id) ?? [])
        contents[c.language as Language] = { title: c.title, body: c.body };
      return {
        id: row.id,
        contents,
        audience: row.audience as TNewsAudience,
        companies: details.companies.get(row.id) ?? [],
        countries: details.countries.get(row.id) ?? [],
        starts_at: row.starts_at,
        ends_at: row.ends_at,
        status: newsStatus(row.starts_at, row.ends_at, now),
        dismissal_count: details.dismissals.get(row.id) ?? 0,
        created_at: row.created_at,
        updated_at: row.updated_at,
      };
    });
  }
}

/** The title in the first written language, for the audit trail. */
function firstTitle(contents: Partial<Record<Language, { title: string }>>): string | null {
  const lng = LANGUAGES.find((l) => contents[l]);
  return lng ? contents[lng]!.title : null;
}

/** What the audit trail keeps of a save: never the bodies. */
function summary(write: NewsWrite) {
  return {
    name: firstTitle(write.contents),
    languages: Object.keys(write.contents),
    audience: write.audience,
    companies: write.company_ids.length,
    countries: write.countries,
    starts_at: write.starts_at,
    ends_at: write.ends_at,
  };
}
