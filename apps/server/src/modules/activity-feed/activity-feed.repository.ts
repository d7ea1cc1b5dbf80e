import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Paged } from '@embauche/contracts/paging';
import { addDays, type DateRange } from '../../platform/http/date-range.ts';
import { pageOf } from '../../platform/http/list-query.ts';
import type { ActivityFeedEntriesTable, DB } from '../../platform/db/schema.ts';
import type { Dialect } from '../../platform/db/database.ts';
import { FeedAudienceRepository } from './feed-audience.repository.ts';
import { inFeed, visibleToViewer, type FeedScope, type FeedViewer } from './feed-visibility.ts';

export type EntryRow = Selectable<ActivityFeedEntriesTable>;
export type Trx = Kysely<DB>;

/** filter[…] of spec 7: created_at range, categories, offers' subsidiaries, new statuses. */
export type FeedFilters = {
  range: DateRange | null;
  categories: string[] | null;
  subsidiaries: number[] | null;
  statuses: number[] | null;
};

export type NewAttachment = { key: string; filename: string; mime: string; size: number };

/** Audience and mentions of a comment, as stored. */
export type CommentLinks = {
  audienceUsers: number[];
  audienceSubsidiaries: number[];
  mentionUsers: number[];
  mentionGroups: number[];
};

const ENTRY_COLUMNS = [
  'activity_feed_entries.id',
  'activity_feed_entries.company_id',
  'activity_feed_entries.offer_id',
  'activity_feed_entries.applicant_id',
  'activity_feed_entries.parent_id',
  'activity_feed_entries.kind',
  'activity_feed_entries.category',
  'activity_feed_entries.author_user_id',
  'activity_feed_entries.outsider_name',
  'activity_feed_entries.outsider_share_key',
  'activity_feed_entries.text',
  'activity_feed_entries.data',
  'activity_feed_entries.status_id',
  'activity_feed_entries.is_private',
  'activity_feed_entries.source',
  'activity_feed_entries.edited_at',
  'activity_feed_entries.edited_by',
  'activity_feed_entries.created_at',
] as const;

/**
 * The activity feed's entries, mentions and files; every query by company. Who a comment may name
 * or reach, and a thread's audience: `audience` (FeedAudienceRepository).
 */
export class ActivityFeedRepository {
  readonly audience: FeedAudienceRepository;

  constructor(
    private readonly db: Kysely<DB>,
    dialect: Dialect,
  ) {
    this.audience = new FeedAudienceRepository(db, dialect);
  }

  transaction<T>(work: (trx: Trx) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  /** The feed's threads the viewer sees under the filters, as one query plus its count. */
  private threads(scope: FeedScope, filters: FeedFilters) {
    return this.db
      .selectFrom('activity_feed_entries')
      .where((eb) => inFeed(eb, scope))
      .where('activity_feed_entries.parent_id', 'is', null)
      .where((eb) => visibleToViewer(eb, scope.viewer))
      .$if(filters.range?.from != null, (q) =>
        q.where('activity_feed_entries.created_at', '>=', `${filters.range!.from}T00:00:00.000Z`),
      )
      .$if(filters.range?.to != null, (q) =>
        q.where(
          'activity_feed_entries.created_at',
          '<',
          `${addDays(filters.range!.to!, 1)}T00:00:00.000Z`,
        ),
      )
      .$if(filters.categories !== null, (q) =>
        q.where('activity_feed_entries.category', 'in', filters.categories!),
      )
      .$if(filters.statuses !== null, (q) =>
        q.where('activity_feed_entries.status_id', 'in', filters.statuses!),
      )
      .$if(filters.subsidiaries !== null, (q) =>
        q.where((eb) =>
          eb(
            'activity_feed_entries.offer_id',
            'in',
            eb
              .selectFrom('offers')
              .select('offers.id')
              .where('offers.company_id', '=', scope.companyId)
              .where('offers.subsidiary_id', 'in', filters.subsidiaries!),
          ),
        ),
      );
  }

  async page(
    scope: FeedScope,
    filters: FeedFilters,
    page: number,
    perPage: number,
  ): Promise<Paged<EntryRow>> {
    const query = this.threads(scope, filters);
    const [count, data] = await Promise.all([
      query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst(),
      query
        .select(ENTRY_COLUMNS)
        .orderBy('activity_feed_entries.created_at', 'desc')
        .orderBy('activity_feed_entries.id', 'desc')
        .limit(perPage)
        .offset((page - 1) * perPage)
        .execute(),
    ]);
    return pageOf(data, page, perPage, Number(count?.total ?? 0));
  }

  async categoryCounts(scope: FeedScope, filters: FeedFilters) {
    const rows = await this.threads(scope, { ...filters, categories: null })
      .select((eb) => ['activity_feed_entries.category', eb.fn.countAll<number>().as('count')])
      .groupBy('activity_feed_entries.category')
      .execute();
    return new Map(rows.map((r) => [r.category, Number(r.count)]));
  }

  /**
   * Replies of these threads (of the company: the caller read them), oldest first. By the parent
   * index alone: a company condition would tempt SQLite into the feed indexes, which lead with it.
   */
  replies(parentIds: number[]) {
    if (!parentIds.length) return Promise.resolve([] as EntryRow[]);
    return this.db
      .selectFrom('activity_feed_entries')
      .select(ENTRY_COLUMNS)
      .where('activity_feed_entries.parent_id', 'in', parentIds)
      .orderBy('activity_feed_entries.created_at')
      .orderBy('activity_feed_entries.id')
      .execute();
  }

  entry(companyId: number, id: number) {
    return this.db
      .selectFrom('activity_feed_entries')
      .select(ENTRY_COLUMNS)
      .where('activity_feed_entries.company_id', '=', companyId)
      .where('activity_feed_entries.id', '=', id)
      .executeTakeFirst();
  }

  /** Whether the viewer sees this thread's first entry (see visibleToViewer). */
  async sees(companyId: number, rootId: number, viewer: FeedViewer): Promise<boolean> {
    const row = await this.db
      .selectFrom('activity_feed_entries')
      .select('activity_feed_entries.id')
      .where('activity_feed_entries.company_id', '=', companyId)
      .where('activity_feed_entries.id', '=', rootId)
      .where((eb) => visibleToViewer(eb, viewer))
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Audiences, mentions and files of these entries, and the people and names they name. */
  async details(companyId: number, ids: number[]) {
    if (!ids.length) {
      return {
        audienceUsers: [],
        audienceSubsidiaries: [],
        mentionUsers: [],
        mentionGroups: [],
        files: [],
      };
    }
    const [audienceUsers, audienceSubsidiaries, mentionUsers, mentionGroups, files] =
      await Promise.all([
        this.db
          .selectFrom('activity_feed_audience_users')
          .select(['entry_id', 'user_id'])
          .where('entry_id', 'in', ids)
          .execute(),
        this.db
          .selectFrom('activity_feed_audience_subsidiaries as a')
          .innerJoin('subsidiaries as s', 's.id', 'a.subsidiary_id')
          .select(['a.entry_id', 's.id', 's.name'])
          .where('a.entry_id', 'in', ids)
          .orderBy('s.name')
          .execute(),
        this.db
          .selectFrom('activity_feed_user_mentions')
          .select(['entry_id', 'user_id'])
          .where('entry_id', 'in', ids)
          .execute(),
        this.db
          .selectFrom('activity_feed_group_mentions as m')
          .innerJoin('user_groups as g', 'g.id', 'm.group_id')
          .select(['m.entry_id', 'g.id', 'g.name'])
          .where('m.entry_id', 'in', ids)
          .orderBy('g.name')
          .execute(),
        this.db
          .selectFrom('activity_feed_attachments')
          .select(['id', 'entry_id', 'filename', 'mime', 'size'])
          .where('company_id', '=', companyId)
          .where('entry_id', 'in', ids)
          .orderBy('id')
          .execute(),
      ]);
    return { audienceUsers, audienceSubsidiaries, mentionUsers, mentionGroups, files };
  }

  /** The company's users by id (authors, editors, mentioned, audiences). */
  people(companyId: number, ids: number[]) {
    if (!ids.length)
      return Promise.resolve(
        [] as { id: number; firstname: string; lastname: string; img_src: string | null }[],
      );
    return this.db
      .selectFrom('users')
      .select(['id', 'firstname', 'lastname', 'img_src'])
      .where('company_id', '=', companyId)
      .where('id', 'in', ids)
      .execute();
  }

  async insertEntry(
    values: Insertable<ActivityFeedEntriesTable>,
    links: CommentLinks,
    files: NewAttachment[],
    trx: Trx,
  ): Promise<number> {
    const row = await trx
      .insertInto('activity_feed_entries')
      .values(values)
      .returning('id')
      .executeTakeFirstOrThrow();
    await this.writeLinks(row.id, links, trx);
    await this.addFiles(values.company_id, row.id, files, trx);
    return row.id;
  }

  async updateEntry(
    companyId: number,
    id: number,
    values: { text: string; edited_at: string; edited_by: number | null; is_private?: boolean },
    links: Partial<CommentLinks>,
    files: NewAttachment[],
    trx: Trx,
  ) {
    await trx
      .updateTable('activity_feed_entries')
      .set(values)
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .execute();
    if (links.audienceUsers) {
      await trx.deleteFrom('activity_feed_audience_users').where('entry_id', '=', id).execute();
      await trx
        .deleteFrom('activity_feed_audience_subsidiaries')
        .where('entry_id', '=', id)
        .execute();
    }
    if (links.mentionUsers) {
      await trx.deleteFrom('activity_feed_user_mentions').where('entry_id', '=', id).execute();
      await trx.deleteFrom('activity_feed_group_mentions').where('entry_id', '=', id).execute();
    }
    await this.writeLinks(id, links, trx);
    await this.addFiles(companyId, id, files, trx);
  }

  private async writeLinks(entryId: number, links: Partial<CommentLinks>, trx: Trx) {
    const rows = <K extends string>(key: K, ids: number[] | undefined) =>
      [...new Set(ids ?? [])].map((id) => ({ entry_id: entryId, [key]: id }) as Record<K, number>);
    const audienceUsers = rows('user_id', links.audienceUsers);
    const audienceSubsidiaries = rows('subsidiary_id', links.audienceSubsidiaries);
    const mentionUsers = rows('user_id', links.mentionUsers);
    const mentionGroups = rows('group_id', links.mentionGroups);
    if (audienceUsers.length)
      await trx
        .insertInto('activity_feed_audience_users')
        .values(audienceUsers as { entry_id: number; user_id: number }[])
        .execute();
    if (audienceSubsidiaries.length)
      await trx
        .insertInto('activity_feed_audience_subsidiaries')
        .values(audienceSubsidiaries as { entry_id: number; subsidiary_id: number }[])
        .execute();
    if (mentionUsers.length)
      await trx
        .insertInto('activity_feed_user_mentions')
        .values(mentionUsers as { entry_id: number; user_id: number }[])
        .execute();
    if (mentionGroups.length)
      await trx
        .insertInto('activity_feed_group_mentions')
        .values(mentionGroups as { entry_id: number; group_id: number }[])
        .execute();
  }

  private async addFiles(companyId: number, entryId: number, files: NewAttachment[], trx: Trx) {
    if (!files.length) return;
    const now = new Date().toISOString();
    await trx
      .insertInto('activity_feed_attachments')
      .values(
        files.map((f) => ({
          company_id: companyId,
          entry_id: entryId,
          storage_key: f.key,
          filename: f.filename,
          mime: f.mime,
          size: f.size,
          created_at: now,
        })),
      )
      .execute();
  }

  /** Deletes an entry with its replies (cascade); answers the storage keys of their files. */
  async deleteEntry(companyId: number, id: number): Promise<string[]> {
    return this.transaction(async (trx) => {
      const files = await trx
        .selectFrom('activity_feed_attachments')
        .select('storage_key')
        .where('company_id', '=', companyId)
        .where((eb) =>
          eb(
            'entry_id',
            'in',
            eb
              .selectFrom('activity_feed_entries')
              .select('id')
              .where((e) => e.or([e('id', '=', id), e('parent_id', '=', id)])),
          ),
        )
        .execute();
      await trx
        .deleteFrom('activity_feed_entries')
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .execute();
      return files.map((f) => f.storage_key);
    });
  }

  attachment(companyId: number, id: number) {
    return this.db
      .selectFrom('activity_feed_attachments')
      .select(['id', 'entry_id', 'storage_key', 'filename', 'mime'])
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Whether the applicant has an application on the offer. */
  async applies(companyId: number, applicantId: number, offerId: number) {
    const row = await this.db
      .selectFrom('applications')
      .select('id')
      .where('company_id', '=', companyId)
      .where('applicant_id', '=', applicantId)
      .where('offer_id', '=', offerId)
      .executeTakeFirst();
    return row !== undefined;
  }
}
