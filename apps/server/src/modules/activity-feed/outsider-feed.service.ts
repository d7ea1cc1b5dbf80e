import {
  FEED_OUTSIDER_NAME_MAX,
  type TFeedCategories,
  type TFeedCommentRequest,
  type TFeedEntry,
  type TFeedPage,
} from '@embauche/contracts/activity-feed';
import { notFound, validationFailed, type FieldErrors } from '../../platform/http/http-error.ts';
import type { FileStorage } from '../../platform/storage/storage.ts';
import type { ActivityFeedRepository, EntryRow } from './activity-feed.repository.ts';
import { CommentWriter, type PayloadPresence, type UploadedFile } from './comment-writer.ts';
import { FeedReader } from './feed-reader.ts';
import type { FeedScope } from './feed-visibility.ts';

/**
 * An outsider's view of a feed through a shared link: the share module checks the link (token,
 * expiry, revocation) and hands this over. `shareKey` identifies the share (its own comments are
 * the ones it may change or delete); `offerId` narrows an application's share to its offer.
 */
export type OutsiderShare = {
  companyId: number;
  applicantId: number;
  offerId: number | null;
  shareKey: string;
  /** What the share's file links start with (e.g. `/api/shared/{token}/applicant/activity-feed/attachments`). */
  fileUrlPrefix?: string;
};

/**
 * The activity feed as an outsider on a shared link reads and writes it: the shared applicant's
 * (or application's) public comments and their replies, and comments of their own under the name
 * they give. The `outsider…` names keep these calls apart from the users' (ActivityFeedService).
 */
export class OutsiderFeedService {
  private readonly reader: FeedReader;
  private readonly writer: CommentWriter;

  constructor(
    private readonly repo: ActivityFeedRepository,
    files: FileStorage,
  ) {
    this.reader = new FeedReader(repo, files);
    this.writer = new CommentWriter(repo, files, this.reader);
  }

  /** The shared applicant's (or application's) feed: public comments and their replies only. */
  outsiderList(share: OutsiderShare, query: Record<string, unknown>): Promise<TFeedPage> {
    return this.reader.page(outsiderScope(share, ''), query, share.fileUrlPrefix);
  }

  outsiderCategories(
    share: OutsiderShare,
    query: Record<string, unknown>,
  ): Promise<TFeedCategories> {
    return this.reader.counts(outsiderScope(share, ''), query);
  }

  /**
   * A comment (or a reply to a public comment, or an edit of its own) marked as the outsider's,
   * with the name they give. No mentions, never private.
   */
  async outsiderPost(
    share: OutsiderShare,
    name: string,
    input: TFeedCommentRequest,
    presence: PayloadPresence,
    files: UploadedFile[],
  ): Promise<{ created: boolean; entry: TFeedEntry }> {
    const clean = name.trim();
    if (!clean) throw validationFailed({ name: ['field_required'] });
    if (clean.length > FEED_OUTSIDER_NAME_MAX)
      throw validationFailed({ name: [`max_length:${FEED_OUTSIDER_NAME_MAX}`] });
    const errors: FieldErrors = {};
    if (input.mentions.users.length || input.mentions.group.length) errors.mentions = ['invalid'];
    const p = input.is_private;
    if (p.self || p.users.length || p.subsidiaries.length) errors.is_private = ['invalid'];
    if (Object.keys(errors).length) throw validationFailed(errors);
    const scope = outsiderScope(share, clean);
    const check = async (root: EntryRow) =>
      root.company_id === share.companyId &&
      root.applicant_id === share.applicantId &&
      (share.offerId === null || root.offer_id === share.offerId);
    return this.writer.write(scope, input, presence, files, check, share.fileUrlPrefix);
  }

  /** `DELETE /api/shared/{token}/delete-comment`: a comment the share itself wrote. */
  async outsiderRemove(share: OutsiderShare, id: number) {
    const row = await this.repo.entry(share.companyId, id);
    if (!row || row.kind !== 'comment' || row.outsider_share_key !== share.shareKey)
      throw notFound('Comment');
    await this.writer.remove(row);
  }

  async outsiderAttachment(share: OutsiderShare, id: number) {
    const file = await this.repo.attachment(share.companyId, id);
    const row = file && (await this.repo.entry(share.companyId, file.entry_id));
    const root = row?.parent_id ? await this.repo.entry(share.companyId, row.parent_id) : row;
    const scope = outsiderScope(share, '');
    if (
      !file ||
      !root ||
      root.applicant_id !== share.applicantId ||
      (share.offerId !== null && root.offer_id !== share.offerId) ||
      !(await this.repo.sees(share.companyId, root.id, scope.viewer))
    )
      throw notFound('File');
    return this.reader.file(file);
  }
}

function outsiderScope(share: OutsiderShare, name: string): FeedScope {
  return {
    companyId: share.companyId,
    applicantId: share.applicantId,
    ...(share.offerId !== null ? { offerId: share.offerId } : {}),
    viewer: { type: 'outsider', shareKey: share.shareKey, name },
    reach: null,
  };
}
