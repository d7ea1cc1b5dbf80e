import type { TFeedCommentRequest } from '@embauche/contracts/activity-feed';
import { ERROR_CODES } from '@embauche/contracts/errors';
import { SHARE_POST_LIMITS, type ShareType } from '@embauche/contracts/shares';
import type { AttemptLimiter } from '../../platform/http/attempt-limiter.ts';
import { HttpError } from '../../platform/http/http-error.ts';
import type { PayloadPresence, UploadedFile } from '../activity-feed/comment-writer.ts';
import type { OutsiderFeedService } from '../activity-feed/outsider-feed.service.ts';
import type { OpenShare, SharesService } from './shares.service.ts';

/**
 * The feed through a shared link (`/api/shared/{token}/{type}/activity-feed…`): public comments
 * only, when the link exposes its `feed` section. The activity feed's OutsiderFeedService does the
 * reading and writing; this adds what belongs to links: which feed a link opens, and how many
 * comments outsiders may post.
 */
export class SharedFeedService {
  constructor(
    private readonly shares: SharesService,
    private readonly feed: OutsiderFeedService,
    /** Outsiders' comments per share and per address (SHARE_POST_LIMITS.windowMinutes). */
    private readonly posts: AttemptLimiter,
  ) {}

  list(share: OpenShare, type: ShareType, query: Record<string, unknown>) {
    return this.feed.outsiderList(this.shares.feedOf(share, type), query);
  }

  categories(share: OpenShare, type: ShareType, query: Record<string, unknown>) {
    return this.feed.outsiderCategories(this.shares.feedOf(share, type), query);
  }

  attachment(share: OpenShare, type: ShareType, id: number) {
    return this.feed.outsiderAttachment(this.shares.feedOf(share, type), id);
  }

  /**
   * An outsider's comment, counted per share and per client address (SHARE_POST_LIMITS): past
   * either, 429 `too_many_comments` with Retry-After. A refused comment (422…) gives its count back.
   */
  async post(
    share: OpenShare,
    type: ShareType,
    ip: string | undefined,
    name: unknown,
    input: TFeedCommentRequest,
    presence: PayloadPresence,
    files: UploadedFile[],
  ) {
    const feed = this.shares.feedOf(share, type);
    let taken;
    try {
      taken = await this.posts.take([
        { key: `share:post:share:${share.id}`, limit: SHARE_POST_LIMITS.perShare },
        { key: `share:post:ip:${ip ?? 'unknown'}`, limit: SHARE_POST_LIMITS.perAddress },
      ]);
    } catch (err) {
      if (err instanceof HttpError && err.statusCode === 429)
        throw new HttpError(
          429,
          'Too many comments from this link. Try again later.',
          ERROR_CODES.tooManyComments,
          undefined,
          err.headers,
        );
      throw err;
    }
    try {
      return await this.feed.outsiderPost(
        feed,
        typeof name === 'string' ? name : '',
        input,
        presence,
        files,
      );
    } catch (err) {
      await Promise.all(taken.map((t) => this.posts.giveBack(t.key, t.windowStart)));
      throw err;
    }
  }

  /** `DELETE /api/shared/{token}/delete-comment`: a comment this link wrote. */
  remove(share: OpenShare, commentId: number) {
    return this.feed.outsiderRemove(this.shares.feedOf(share, share.type as ShareType), commentId);
  }
}
