import {
  FEED_CATEGORIES,
  type TFeedCategories,
  type TFeedEntry,
  type TFeedPage,
} from '@embauche/contracts/activity-feed';
import { notFound } from '../../platform/http/http-error.ts';
import { parseListQuery } from '../../platform/http/list-query.ts';
import type { FileStorage } from '../../platform/storage/storage.ts';
import type { ActivityFeedRepository, EntryRow } from './activity-feed.repository.ts';
import { parseFeedFilters } from './feed-filters.ts';
import { feedMapper, namedUsers } from './feed-items.ts';
import type { FeedScope } from './feed-visibility.ts';

/**
 * Reads a feed as its scope's viewer sees it (a user, or an outsider on a shared link): pages of
 * threads, category counts, one thread, an attached file. Who may read which scope is the caller's
 * check; what the viewer sees inside it is decided in SQL (feed-visibility.ts).
 */
export class FeedReader {
  constructor(
    private readonly repo: ActivityFeedRepository,
    private readonly files: FileStorage,
  ) {}

  async page(
    scope: FeedScope,
    query: Record<string, unknown>,
    fileUrlPrefix?: string,
  ): Promise<TFeedPage> {
    const list = parseListQuery(query);
    const result = await this.repo.page(
      scope,
      parseFeedFilters(list.filters),
      list.page,
      list.perPage,
    );
    return { ...result, data: await this.threads(scope, result.data, fileUrlPrefix) };
  }

  async counts(scope: FeedScope, query: Record<string, unknown>): Promise<TFeedCategories> {
    const list = parseListQuery(query);
    const counts = await this.repo.categoryCounts(scope, parseFeedFilters(list.filters));
    const categories = FEED_CATEGORIES.map((category) => ({
      category,
      count: counts.get(category) ?? 0,
    }));
    return { total: categories.reduce((sum, c) => sum + c.count, 0), categories };
  }

  /** One entry as the feed shows it: a thread with its replies, or a reply on its own. */
  async thread(scope: FeedScope, id: number, fileUrlPrefix?: string): Promise<TFeedEntry> {
    const row = (await this.repo.entry(scope.companyId, id))!;
    const root = row.parent_id ? (await this.repo.entry(scope.companyId, row.parent_id))! : row;
    const [entry] = await this.threads(scope, [root], fileUrlPrefix);
    if (row.id === root.id) return entry!;
    return { ...entry!.replies.find((r) => r.id === row.id)!, replies: [] };
  }

  /** An attached file's bytes, streamed from the storage; 404 when the storage lost it. */
  async file(file: { storage_key: string; mime: string; filename: string }) {
    const found = await this.files.getStream(file.storage_key);
    if (!found) throw notFound('File');
    return { data: found.stream, size: found.size, mime: file.mime, filename: file.filename };
  }

  /** Threads with their replies, audiences, mentions, files and people: a fixed number of queries. */
  private async threads(
    scope: FeedScope,
    roots: EntryRow[],
    fileUrlPrefix?: string,
  ): Promise<TFeedEntry[]> {
    const replies = await this.repo.replies(roots.map((r) => r.id));
    const all = [...roots, ...replies];
    const details = await this.repo.details(
      scope.companyId,
      all.map((r) => r.id),
    );
    const people = await this.repo.people(scope.companyId, namedUsers(all, details));
    const map = feedMapper(
      scope.viewer,
      details,
      people,
      fileUrlPrefix ? (id) => `${fileUrlPrefix}/${id}` : undefined,
    );
    return roots.map((root) =>
      map.thread(
        root,
        replies.filter((r) => r.parent_id === root.id),
      ),
    );
  }
}
