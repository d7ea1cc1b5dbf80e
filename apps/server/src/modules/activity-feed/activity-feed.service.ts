import { randomUUID } from 'node:crypto';
import {
  FEED_CATEGORIES,
  FEED_CATEGORY_OF,
  FEED_OUTSIDER_NAME_MAX,
  type TFeedCategories,
  type TFeedCommentRequest,
  type TFeedEntry,
  type TFeedPage,
  type TMentionables,
} from '@embauche/contracts/activity-feed';
import { CV_MIMES } from '@embauche/contracts/applicants';
import { ZIdParam } from '@embauche/contracts/ids';
import { SEE_ACTIVITY_FEED } from '@embauche/contracts/permissions';
import type { AuthContext } from '../../platform/auth/auth-context.ts';
import { parseDateRange } from '../../platform/http/date-range.ts';
import {
  forbidden,
  HttpError,
  notFound,
  validationFailed,
  type FieldErrors,
} from '../../platform/http/http-error.ts';
import { filterList, parseListQuery } from '../../platform/http/list-query.ts';
import { detectFileType } from '../../platform/storage/file-type.ts';
import type { FileStorage } from '../../platform/storage/storage.ts';
import type { ApplicantsService } from '../applicants/applicants.service.ts';
import type { OffersService } from '../offers/offers.service.ts';
import type {
  ActivityFeedRepository,
  CommentLinks,
  EntryRow,
  FeedFilters,
  NewAttachment,
} from './activity-feed.repository.ts';
import { feedMapper, namedUsers } from './feed-items.ts';
import type { FeedScope, FeedViewer } from './feed-visibility.ts';

/** Which feed a call names: `offer_id` and/or `applicant_id` (query string). */
export type FeedTarget = { offer_id?: number | undefined; applicant_id?: number | undefined };

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

export type UploadedFile = { field: string; filename: string; data: Buffer };

/** Which optional parts of the payload were sent at all (an edit keeps what is not sent). */
export type PayloadPresence = { isPrivate: boolean; mentions: boolean };

const ACCEPTED = new Set<string>(CV_MIMES);
const ADMINISTRATOR = 'internal.users_rights';

/**
 * The activity feed of offers and applicants (README "Activity feed"): threads newest first with
 * filters and category counts, comments with replies, edits, deletion, mentions, private
 * audiences and files. Visibility is decided in SQL on every read (feed-visibility.ts). Users go
 * through the `auth` methods; an outsider on a shared link through the `outsider…` methods.
 */
export class ActivityFeedService {
  constructor(
    private readonly repo: ActivityFeedRepository,
    private readonly files: FileStorage,
    private readonly applicants: ApplicantsService,
    private readonly offers: OffersService,
  ) {}

  // ---- users ---------------------------------------------------------------------------------

  async list(auth: AuthContext, target: FeedTarget, query: Record<string, unknown>) {
    return this.page(await this.userScope(auth, target), query);
  }

  async categories(auth: AuthContext, target: FeedTarget, query: Record<string, unknown>) {
    return this.counts(await this.userScope(auth, target), query);
  }

  /** `POST /activity-feed`: a new comment or reply (201), or an edit of one's own (`edit_id`, 200). */
  async post(
    auth: AuthContext,
    target: FeedTarget,
    input: TFeedCommentRequest,
    presence: PayloadPresence,
    files: UploadedFile[],
  ): Promise<{ created: boolean; entry: TFeedEntry }> {
    const scope = await this.userScope(auth, target);
    if (target.applicant_id !== undefined && target.offer_id !== undefined) {
      if (!(await this.repo.applies(auth.companyId, target.applicant_id, target.offer_id)))
        throw validationFailed({ offer_id: ['invalid'] });
    }
    const check = (root: EntryRow) => this.inUserFeed(auth, scope, root);
    return this.write(scope, input, presence, files, check);
  }

  /** `DELETE /activity-feed/{id}`: the author's comment, or any comment for an administrator. */
  async remove(auth: AuthContext, id: number) {
    const { row, viewer } = await this.requireVisible(auth, id);
    if (row.kind !== 'comment') throw forbidden();
    if (row.author_user_id !== auth.userId && !(viewer.type === 'user' && viewer.administrator))
      throw forbidden();
    await this.delete(row);
  }

  /** An attached file, for those who see its comment. */
  async attachment(auth: AuthContext, id: number) {
    const file = await this.repo.attachment(auth.companyId, id);
    if (!file) throw notFound('File');
    await this.requireVisible(auth, file.entry_id).catch(() => {
      throw notFound('File');
    });
    return this.fileData(file);
  }

  /**
   * Who can be mentioned: active users of the company whose role may read feeds, and the
   * company's groups; `search` matches every word in the name or e-mail, accents and case ignored.
   */
  async mentionables(auth: AuthContext, search: string | null): Promise<TMentionables> {
    const { users, groups } = await this.repo.mentionables(auth.companyId, SEE_ACTIVITY_FEED);
    const words = search ? fold(search).split(/\s+/).filter(Boolean) : [];
    const matches = (text: string) => {
      const folded = fold(text);
      return words.every((w) => folded.includes(w));
    };
    const limit = words.length ? 20 : 1000;
    return {
      users: users
        .filter((u) => matches(`${u.firstname} ${u.lastname} ${u.email}`))
        .slice(0, limit),
      groups: groups.filter((g) => matches(g.name)).slice(0, limit),
    };
  }

  // ---- outsiders on a shared link -----------------------------------------------------------

  /** The shared applicant's (or application's) feed: public comments and their replies only. */
  outsiderList(share: OutsiderShare, query: Record<string, unknown>) {
    return this.page(outsiderScope(share, ''), query, share.fileUrlPrefix);
  }

  outsiderCategories(share: OutsiderShare, query: Record<string, unknown>) {
    return this.counts(outsiderScope(share, ''), query);
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
  ) {
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
    return this.write(scope, input, presence, files, check, share.fileUrlPrefix);
  }

  /** `DELETE /api/shared/{token}/delete-comment`: a comment the share itself wrote. */
  async outsiderRemove(share: OutsiderShare, id: number) {
    const row = await this.repo.entry(share.companyId, id);
    if (!row || row.kind !== 'comment' || row.outsider_share_key !== share.shareKey)
      throw notFound('Comment');
    await this.delete(row);
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
    return this.fileData(file);
  }

  // ---- shared machinery ----------------------------------------------------------------------

  private async page(
    scope: FeedScope,
    query: Record<string, unknown>,
    fileUrlPrefix?: string,
  ): Promise<TFeedPage> {
    const list = parseListQuery(query);
    const result = await this.repo.page(scope, parseFilters(list.filters), list.page, list.perPage);
    return { ...result, data: await this.threads(scope, result.data, fileUrlPrefix) };
  }

  private async counts(scope: FeedScope, query: Record<string, unknown>): Promise<TFeedCategories> {
    const list = parseListQuery(query);
    const counts = await this.repo.categoryCounts(scope, parseFilters(list.filters));
    const categories = FEED_CATEGORIES.map((category) => ({
      category,
      count: counts.get(category) ?? 0,
    }));
    return { total: categories.reduce((sum, c) => sum + c.count, 0), categories };
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

  private async thread(scope: FeedScope, id: number, fileUrlPrefix?: string) {
    const row = (await this.repo.entry(scope.companyId, id))!;
    const root = row.parent_id ? (await this.repo.entry(scope.companyId, row.parent_id))! : row;
    const [entry] = await this.threads(scope, [root], fileUrlPrefix);
    if (row.id === root.id) return entry!;
    return { ...entry!.replies.find((r) => r.id === row.id)!, replies: [] };
  }

  /**
   * Creates or edits a comment. `inFeed` tells whether a thread's first entry belongs to the feed
   * the caller writes in (and the caller may see its offer and applicant).
   */
  private async write(
    scope: FeedScope,
    input: TFeedCommentRequest,
    presence: PayloadPresence,
    uploads: UploadedFile[],
    inFeed: (root: EntryRow) => Promise<boolean>,
    fileUrlPrefix?: string,
  ): Promise<{ created: boolean; entry: TFeedEntry }> {
    const viewer = scope.viewer;
    const thread = async (id: number, field: string) => {
      const row = await this.repo.entry(scope.companyId, id);
      const root = row?.parent_id ? await this.repo.entry(scope.companyId, row.parent_id) : row;
      if (
        !row ||
        !root ||
        !(await inFeed(root)) ||
        !(await this.repo.sees(scope.companyId, root.id, viewer))
      )
        throw validationFailed({ [field]: ['invalid'] });
      return { row, root };
    };

    const edit = input.edit_id !== undefined ? await thread(input.edit_id, 'edit_id') : null;
    if (edit) {
      const mine =
        edit.row.kind === 'comment' &&
        (viewer.type === 'user'
          ? edit.row.author_user_id === viewer.userId
          : edit.row.outsider_share_key === viewer.shareKey);
      if (!mine) throw forbidden();
    }
    const parent =
      !edit && input.parent_id !== undefined ? await thread(input.parent_id, 'parent_id') : null;
    // The thread whose audience applies: the edited entry's, the answered one's, or a new one.
    const root = edit ? edit.root : parent ? parent.root : null;
    const isRoot = !root || (edit !== null && edit.row.id === edit.root.id);

    const checked = await this.checkFiles(uploads);
    const existingFiles = edit
      ? (await this.repo.details(scope.companyId, [edit.row.id])).files.length
      : 0;
    if (!input.text && !checked.length && !existingFiles)
      throw validationFailed({ text: ['field_required'] });

    // The audience: a new thread's from the payload; an edited thread's from the payload when
    // sent, else as it is; a reply's is its thread's.
    let isPrivate: boolean;
    let audience: { users: number[]; subsidiaries: number[] };
    const changesAudience = isRoot && (!edit || presence.isPrivate);
    if (changesAudience) {
      const p = input.is_private;
      isPrivate = p.self || p.users.length > 0 || p.subsidiaries.length > 0;
      audience = {
        users: p.users.filter((u) => viewer.type !== 'user' || u !== viewer.userId),
        subsidiaries: p.subsidiaries,
      };
    } else {
      isPrivate = Boolean(root!.is_private);
      audience = await this.repo.audienceOf(root!.id);
    }
    const mentions =
      edit && !presence.mentions
        ? await this.mentionsOf(scope.companyId, edit.row.id)
        : { users: input.mentions.users, groups: input.mentions.group };
    await this.checkPeople(scope.companyId, {
      isPrivate,
      audience,
      mentions,
      checkAudience: changesAudience,
      // The thread's author is always in its audience.
      threadAuthor: root ? root.author_user_id : viewer.type === 'user' ? viewer.userId : null,
    });

    const stored = await this.storeFiles(scope.companyId, checked);
    const now = new Date().toISOString();
    const links: CommentLinks = {
      audienceUsers: isRoot ? audience.users : [],
      audienceSubsidiaries: isRoot ? audience.subsidiaries : [],
      mentionUsers: mentions.users,
      mentionGroups: mentions.groups,
    };
    try {
      const id = await this.repo.transaction(async (trx) => {
        if (edit) {
          await this.repo.updateEntry(
            scope.companyId,
            edit.row.id,
            {
              text: input.text,
              edited_at: now,
              // An outsider's edit keeps no user; the author's own edit names them.
              edited_by: viewer.type === 'user' ? viewer.userId : null,
              ...(changesAudience ? { is_private: isPrivate } : {}),
            },
            changesAudience
              ? links
              : { mentionUsers: links.mentionUsers, mentionGroups: links.mentionGroups },
            stored,
            trx,
          );
          return edit.row.id;
        }
        return this.repo.insertEntry(
          {
            company_id: scope.companyId,
            offer_id: root ? root.offer_id : (scope.offerId ?? null),
            applicant_id: root ? root.applicant_id : (scope.applicantId ?? null),
            parent_id: root ? root.id : null,
            kind: 'comment',
            category: FEED_CATEGORY_OF.comment,
            author_user_id: viewer.type === 'user' ? viewer.userId : null,
            outsider_name: viewer.type === 'outsider' ? viewer.name : null,
            outsider_share_key: viewer.type === 'outsider' ? viewer.shareKey : null,
            text: input.text,
            data: null,
            status_id: null,
            is_private: isRoot ? isPrivate : false,
            source: input.source || null,
            edited_at: null,
            edited_by: null,
            created_at: now,
          },
          links,
          stored,
          trx,
        );
      });
      return { created: !edit, entry: await this.thread(scope, id, fileUrlPrefix) };
    } catch (err) {
      await Promise.all(stored.map((f) => this.files.delete(f.key).catch(() => {})));
      throw err;
    }
  }

  private async mentionsOf(companyId: number, id: number) {
    const details = await this.repo.details(companyId, [id]);
    return {
      users: details.mentionUsers.map((m) => m.user_id),
      groups: details.mentionGroups.map((g) => g.id),
    };
  }

  /**
   * Audience and mentions name the company's own users, subsidiaries and groups (422 `invalid`);
   * in a private comment every mentioned user, and every member of a mentioned group, must be in
   * the audience: its author, a chosen user, or a user of a chosen subsidiary (422
   * `mention_outside_audience`).
   */
  private async checkPeople(
    companyId: number,
    c: {
      isPrivate: boolean;
      audience: { users: number[]; subsidiaries: number[] };
      mentions: { users: number[]; groups: number[] };
      checkAudience: boolean;
      threadAuthor: number | null;
    },
  ) {
    const errors: FieldErrors = {};
    const [audienceUsers, subsidiaries, mentioned, groups] = await Promise.all([
      c.checkAudience ? this.repo.activeUsers(companyId, c.audience.users) : Promise.resolve(null),
      c.checkAudience
        ? this.repo.subsidiaryIds(companyId, c.audience.subsidiaries)
        : Promise.resolve(null),
      this.repo.activeUsers(companyId, c.mentions.users),
      this.repo.groups(companyId, c.mentions.groups),
    ]);
    if (audienceUsers && audienceUsers.length !== new Set(c.audience.users).size)
      errors['is_private.users'] = ['invalid'];
    if (subsidiaries && subsidiaries.size !== new Set(c.audience.subsidiaries).size)
      errors['is_private.subsidiaries'] = ['invalid'];
    if (mentioned.length !== new Set(c.mentions.users).size) errors['mentions.users'] = ['invalid'];
    if (groups.size !== new Set(c.mentions.groups).size) errors['mentions.group'] = ['invalid'];
    if (Object.keys(errors).length) throw validationFailed(errors);
    if (!c.isPrivate) return;
    const users = new Set(c.audience.users);
    const subs = new Set(c.audience.subsidiaries);
    const inAudience = (u: { id: number; subsidiary_id: number | null }) =>
      u.id === c.threadAuthor ||
      users.has(u.id) ||
      (u.subsidiary_id !== null && subs.has(u.subsidiary_id));
    if (!mentioned.every(inAudience)) errors['mentions.users'] = ['mention_outside_audience'];
    if (![...groups.values()].every((members) => members.every(inAudience)))
      errors['mentions.group'] = ['mention_outside_audience'];
    if (Object.keys(errors).length)
      throw validationFailed(
        errors,
        'A private comment may only mention people who can see it: add them to its audience or remove the mention.',
      );
  }

  /** Same kinds as a CV, recognised from the bytes: 422 `file_type` on `files.{i}` otherwise. */
  private async checkFiles(uploads: UploadedFile[]) {
    const errors: FieldErrors = {};
    const checked = uploads.map((file, i) => {
      const type = detectFileType(file.data);
      if (!type || !ACCEPTED.has(type.mime)) errors[`files.${i}`] = ['file_type'];
      return { file, type: type! };
    });
    if (Object.keys(errors).length) throw validationFailed(errors);
    return checked;
  }

  private async storeFiles(
    companyId: number,
    checked: { file: UploadedFile; type: { mime: string; ext: string } }[],
  ): Promise<NewAttachment[]> {
    const stored: NewAttachment[] = [];
    try {
      for (const { file, type } of checked) {
        const key = `activity-feed/${companyId}/${randomUUID()}.${type.ext}`;
        await this.files.put(key, file.data);
        const base =
          file.filename
            .replace(/\.[^.]*$/, '')
            .replace(/[^\p{L}\p{N} _.-]+/gu, '')
            .trim() || 'file';
        stored.push({
          key,
          filename: `${base.slice(0, 200)}.${type.ext}`,
          mime: type.mime,
          size: file.data.length,
        });
      }
    } catch (err) {
      await Promise.all(stored.map((f) => this.files.delete(f.key).catch(() => {})));
      throw err;
    }
    return stored;
  }

  private async fileData(file: { storage_key: string; mime: string; filename: string }) {
    const data = await this.files.get(file.storage_key);
    if (!data) throw notFound('File');
    return { data, mime: file.mime, filename: file.filename };
  }

  private async delete(row: EntryRow) {
    const keys = await this.repo.deleteEntry(row.company_id, row.id);
    await Promise.all(keys.map((k) => this.files.delete(k).catch(() => {})));
  }

  private async viewer(auth: AuthContext): Promise<FeedViewer> {
    const me = await this.repo.userSubsidiary(auth.companyId, auth.userId);
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

function outsiderScope(share: OutsiderShare, name: string): FeedScope {
  return {
    companyId: share.companyId,
    applicantId: share.applicantId,
    ...(share.offerId !== null ? { offerId: share.offerId } : {}),
    viewer: { type: 'outsider', shareKey: share.shareKey, name },
    reach: null,
  };
}

/** filter[scope_range], filter[category], filter[subsidiary], filter[status] (spec 7). */
function parseFilters(filters: Record<string, string>): FeedFilters {
  const errors: FieldErrors = {};
  const ids = (name: string) => {
    const values = filterList(filters[name]);
    if (!values.length) return null;
    const parsed = values.map((v) => ZIdParam.safeParse(v));
    if (parsed.some((p) => !p.success)) errors[`filter.${name}`] = ['invalid'];
    return parsed.flatMap((p) => (p.success ? [p.data] : []));
  };
  const categories = filterList(filters.category);
  if (categories.some((c) => !(FEED_CATEGORIES as readonly string[]).includes(c)))
    errors['filter.category'] = ['invalid'];
  let range: FeedFilters['range'] = null;
  try {
    range = parseDateRange(filters.scope_range, 'scope_range');
  } catch (err) {
    if (!(err instanceof HttpError) || !err.errors) throw err;
    Object.assign(errors, err.errors);
  }
  const result: FeedFilters = {
    range,
    categories: categories.length ? categories : null,
    subsidiaries: ids('subsidiary'),
    statuses: ids('status'),
  };
  if (Object.keys(errors).length) throw validationFailed(errors);
  return result;
}

/** Lower case without accents, for the mention search. */
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}
