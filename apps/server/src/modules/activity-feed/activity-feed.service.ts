import type {
  TFeedCategories,
  TFeedCommentRequest,
  TFeedPostAnswer,
  TFeedPage,
  TMentionables,
} from '@embauche/contracts/activity-feed';
import { SEE_ACTIVITY_FEED } from '@embauche/contracts/permissions';
import type { AuthContext } from '../../platform/auth/auth-context.ts';
import { foldText } from '../../platform/db/text-fold.ts';
import {
  forbidden,
  HttpError,
  notFound,
  validationFailed,
} from '../../platform/http/http-error.ts';
import type { FileStorage } from '../../platform/storage/storage.ts';
import type { ApplicantsService } from '../applicants/applicants.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { OffersService } from '../offers/offers.service.ts';
import type { ActivityFeedRepository, EntryRow } from './activity-feed.repository.ts';
import { CommentWriter, type PayloadPresence, type UploadedFile } from './comment-writer.ts';
import { FeedReader } from './feed-reader.ts';
import type { FeedScope, FeedViewer } from './feed-visibility.ts';

/** Which feed a call names: `offer_id` and/or `applicant_id` (query string). */
export type FeedTarget = { offer_id?: number | undefined; applicant_id?: number | undefined };

const ADMINISTRATOR = 'internal.users_rights';
/** Mentionable users and groups answered for a search, and without one. */
const MENTIONS_SEARCH_LIMIT = 20;
const MENTIONS_ALL_LIMIT = 1000;

/**
 * The activity feed of offers and applicants as users read and write it (docs/activity-feed.md):
 * threads newest first with filters and category counts, comments with replies, edits, deletion,
 * mentions, private audiences and files. Visibility is decided in SQL on every read
 * (feed-visibility.ts). Outsiders on a shared link go through OutsiderFeedService.
 */
export class ActivityFeedService {
  private readonly reader: FeedReader;
  private readonly writer: CommentWriter;

  constructor(
    private readonly repo: ActivityFeedRepository,
    files: FileStorage,
    private readonly applicants: ApplicantsService,
    private readonly offers: OffersService,
    notifications: () => NotificationsService | undefined = () => undefined,
  ) {
    this.reader = new FeedReader(repo, files);
    this.writer = new CommentWriter(repo, files, this.reader, notifications);
  }

  async list(
    auth: AuthContext,
    target: FeedTarget,
    query: Record<string, unknown>,
  ): Promise<TFeedPage> {
    return this.reader.page(await this.userScope(auth, target), query);
  }

  async categories(
    auth: AuthContext,
    target: FeedTarget,
    query: Record<string, unknown>,
  ): Promise<TFeedCategories> {
    return this.reader.counts(await this.userScope(auth, target), query);
  }

  /** `POST /activity-feed`: a new comment or reply (201), or an edit of one's own (`edit_id`, 200). */
  async post(
    auth: AuthContext,
    target: FeedTarget,
    input: TFeedCommentRequest,
    presence: PayloadPresence,
    files: UploadedFile[],
  ): Promise<{ created: boolean; entry: TFeedPostAnswer }> {
    const scope = await this.userScope(auth, target);
    if (target.applicant_id !== undefined && target.offer_id !== undefined) {
      if (!(await this.repo.applies(auth.companyId, target.applicant_id, target.offer_id)))
        throw validationFailed({ offer_id: ['invalid'] });
    }
    const check = (root: EntryRow) => this.inUserFeed(auth, scope, root);
    return this.writer.write(scope, input, presence, files, check);
  }

  /** `DELETE /activity-feed/{id}`: the author's comment, or any comment for an administrator. */
  async remove(auth: AuthContext, id: number) {
    const { row, viewer } = await this.requireVisible(auth, id);
    if (row.kind !== 'comment') throw forbidden();
    if (row.author_user_id !== auth.userId && !(viewer.type === 'user' && viewer.administrator))
      throw forbidden();
    await this.writer.remove(row);
  }

  /** An attached file, for those who see its comment. */
  async attachment(auth: AuthContext, id: number) {
    const file = await this.repo.attachment(auth.companyId, id);
    if (!file) throw notFound('File');
    await this.requireVisible(auth, file.entry_id).catch(() => {
      throw notFound('File');
    });
    return this.reader.file(file);
  }

  /**
   * Who can be mentioned: active users of the company whose role may read feeds, and the
   * company's groups; `search` matches every word in the name or e-mail, accents and case ignored
   * (20 of each; 1,000 without a search). Searched and limited in SQL. With a target (which the
   * caller must see: 404 otherwise) only those who also open it are mentionable; the others are
   * listed after them, greyed with the reason (issue 35).
   */
  async mentionables(
    auth: AuthContext,
    search: string | null,
    target: FeedTarget = {},
  ): Promise<TMentionables> {
    const words = search ? foldText(search).split(/\s+/).filter(Boolean) : [];
    const targeted = target.offer_id !== undefined || target.applicant_id !== undefined;
    if (targeted) await this.userScope(auth, target);
    const sight = targeted
      ? await this.repo.audience.sight(auth.companyId, {
          applicantId: target.applicant_id,
          offerId: target.offer_id,
        })
      : undefined;
    return this.repo.audience.mentionables(
      auth.companyId,
      SEE_ACTIVITY_FEED,
      words,
      words.length ? MENTIONS_SEARCH_LIMIT : MENTIONS_ALL_LIMIT,
      sight,
    );
  }

  // ---- who sees what ------------------------------------------------------------------------

  private async viewer(auth: AuthContext): Promise<FeedViewer> {
    const me = await this.repo.audience.userSubsidiary(auth.companyId, auth.userId);
    return {
      type: 'user',
      userId: auth.userId,
      subsidiaryId: me?.subsidiary_id ?? null,
      administrator: auth.permissions.has(ADMINISTRATOR),
    };
  }

  /** The offer if the user sees it; another company's or one out of their scope: 404. */
  private async requireOffer(auth: AuthContext, offerId: number) {
    await this.offers.requireVisibleOffer(auth, 'all', offerId).catch((err: unknown) => {
      if (err instanceof HttpError && err.statusCode === 403) throw notFound('Offer');
      throw err;
    });
  }

  /**
   * The feed a user reads: an offer's (the offer must be visible), an applicant's (the applicant
   * must be visible; without project.see_all, entries on offers they do not reach are left out),
   * or an applicant's narrowed to one offer (both visible). 404 otherwise.
   */
  private async userScope(auth: AuthContext, target: FeedTarget): Promise<FeedScope> {
    if (target.offer_id === undefined && target.applicant_id === undefined)
      throw validationFailed({ applicant_id: ['field_required'], offer_id: ['field_required'] });
    if (target.applicant_id !== undefined) await this.applicants.require(auth, target.applicant_id);
    if (target.offer_id !== undefined) await this.requireOffer(auth, target.offer_id);
    const base = {
      companyId: auth.companyId,
      ...(target.offer_id !== undefined ? { offerId: target.offer_id } : {}),
      ...(target.applicant_id !== undefined ? { applicantId: target.applicant_id } : {}),
      viewer: await this.viewer(auth),
    };
    if (target.offer_id !== undefined) return { ...base, reach: null };
    const scope = await this.applicants.scope(auth);
    return {
      ...base,
      reach: scope.visibleProjects
        ? { companyId: auth.companyId, userId: auth.userId, visibleProjects: scope.visibleProjects }
        : null,
    };
  }

  /** Whether a thread belongs to the user's feed: the same applicant and offer, objects they see. */
  private async inUserFeed(auth: AuthContext, scope: FeedScope, root: EntryRow) {
    if (scope.applicantId !== undefined && root.applicant_id !== scope.applicantId) return false;
    if (scope.offerId !== undefined && root.offer_id !== scope.offerId) return false;
    if (scope.reach && root.offer_id !== null) {
      try {
        await this.requireOffer(auth, root.offer_id);
      } catch {
        return false;
      }
    }
    return true;
  }

  /** An entry (and its thread) that the user sees, with the objects it is about; 404 otherwise. */
  private async requireVisible(auth: AuthContext, id: number) {
    const row = await this.repo.entry(auth.companyId, id);
    if (!row) throw notFound('Comment');
    const root = row.parent_id ? await this.repo.entry(auth.companyId, row.parent_id) : row;
    if (!root) throw notFound('Comment');
    if (root.applicant_id !== null) await this.applicants.require(auth, root.applicant_id);
    if (root.offer_id !== null) await this.requireOffer(auth, root.offer_id);
    const viewer = await this.viewer(auth);
    if (!(await this.repo.sees(auth.companyId, root.id, viewer))) throw notFound('Comment');
    return { row, root, viewer };
  }
}
