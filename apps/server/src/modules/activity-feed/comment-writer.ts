import { randomUUID } from 'node:crypto';
import {
  FEED_CATEGORY_OF,
  type TFeedCommentRequest,
  type TFeedPostAnswer,
} from '@embauche/contracts/activity-feed';
import { CV_MIMES } from '@embauche/contracts/applicants';
import { forbidden, validationFailed, type FieldErrors } from '../../platform/http/http-error.ts';
import { detectFileType } from '../../platform/storage/file-type.ts';
import type { FileStorage } from '../../platform/storage/storage.ts';
import type {
  ActivityFeedRepository,
  CommentLinks,
  EntryRow,
  NewAttachment,
} from './activity-feed.repository.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { FeedReader } from './feed-reader.ts';
import type { FeedScope } from './feed-visibility.ts';

export type UploadedFile = { field: string; filename: string; data: Buffer };

/** Which optional parts of the payload were sent at all (an edit keeps what is not sent). */
export type PayloadPresence = { isPrivate: boolean; mentions: boolean };

const ACCEPTED = new Set<string>(CV_MIMES);

/**
 * Writes comments for their scope's viewer (a user, or an outsider on a shared link): new threads,
 * replies and edits with their audience, mentions and files, and deletions. Whether the viewer may
 * write in the scope at all is the caller's check.
 */
export class CommentWriter {
  constructor(
    private readonly repo: ActivityFeedRepository,
    private readonly files: FileStorage,
    private readonly reader: FeedReader,
    /** Tells the mentioned and the answered of a new comment (looked up when one is written). */
    private readonly notifications: () => NotificationsService | undefined = () => undefined,
  ) {}

  /**
   * Creates or edits a comment. `inFeed` tells whether a thread's first entry belongs to the feed
   * the caller writes in (and the caller may see its offer and applicant).
   */
  async write(
    scope: FeedScope,
    input: TFeedCommentRequest,
    presence: PayloadPresence,
    uploads: UploadedFile[],
    inFeed: (root: EntryRow) => Promise<boolean>,
    fileUrlPrefix?: string,
  ): Promise<{ created: boolean; entry: TFeedPostAnswer }> {
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
      audience = await this.repo.audience.audienceOf(root!.id);
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
      const dropped = edit
        ? []
        : ((await this.notifications()?.commentPosted({
            companyId: scope.companyId,
            authorId: viewer.type === 'user' ? viewer.userId : null,
            applicantId: root ? root.applicant_id : (scope.applicantId ?? null),
            offerId: root ? root.offer_id : (scope.offerId ?? null),
            mentionedUsers: mentions.users,
            mentionedGroups: mentions.groups,
            repliedTo: parent ? [parent.row.author_user_id, parent.root.author_user_id] : [],
            audience: isPrivate
              ? {
                  users: [
                    ...audience.users,
                    ...(root?.author_user_id ? [root.author_user_id] : []),
                  ],
                  subsidiaries: audience.subsidiaries,
                }
              : null,
          })) ?? []);
      const [entry, untold] = await Promise.all([
        this.reader.thread(scope, id, fileUrlPrefix),
        this.repo.audience.people(scope.companyId, dropped),
      ]);
      return { created: !edit, entry: { ...entry, dropped_mentions: { users: untold } } };
    } catch (err) {
      await Promise.all(stored.map((f) => this.files.delete(f.key).catch(() => {})));
      throw err;
    }
  }

  /** Deletes an entry with its replies, then their files. */
  async remove(row: EntryRow) {
    const keys = await this.repo.deleteEntry(row.company_id, row.id);
    await Promise.all(keys.map((k) => this.files.delete(k).catch(() => {})));
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
      c.checkAudience
        ? this.repo.audience.activeUsers(companyId, c.audience.users)
        : Promise.resolve(null),
      c.checkAudience
        ? this.repo.audience.subsidiaryIds(companyId, c.audience.subsidiaries)
        : Promise.resolve(null),
      this.repo.audience.activeUsers(companyId, c.mentions.users),
      this.repo.audience.groups(companyId, c.mentions.groups),
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
}
