import {
  NOTIFICATION_PAGE_SIZE,
  ZNotificationData,
  type TNotification,
  type TNotificationData,
  type TNotificationPage,
} from '@embauche/contracts/notifications';
import { ZIdParam } from '@embauche/contracts/ids';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthContext } from '../../platform/auth/auth-context.ts';
import { notFound, validationFailed } from '../../platform/http/http-error.ts';
import { pageOf, parseListQuery } from '../../platform/http/list-query.ts';
import type { HubPublisher } from '../../platform/realtime/hub-publisher.ts';
import type { NotificationRow, NotificationsRepository } from './notifications.repository.ts';

/**
 * What a producer tells: the data's slug and fields, and whom the text names: the user who acted
 * (`actorId`: never notified, named `user_name` with `creator_avatar`), the applicant and the
 * offer (names, avatar and the route are filled in from them unless given).
 */
export type NotificationDraft = Partial<TNotificationData> & {
  slug: TNotificationData['slug'];
  actorId?: number | null;
  applicantId?: number | null;
  offerId?: number | null;
};

/** A private comment's audience: its users (the thread's author among them) and subsidiaries. */
export type CommentAudience = { users: number[]; subsidiaries: number[] };

export type CommentEvent = {
  companyId: number;
  authorId: number | null;
  /** The comment's feed: an applicant's (and its offer), or an offer's. */
  applicantId: number | null;
  offerId: number | null;
  /** Users mentioned directly, and the mentioned groups' ids. */
  mentionedUsers: number[];
  mentionedGroups: number[];
  /** On a reply: the authors of the answered comment and of the thread. */
  repliedTo: (number | null)[];
  /** null: a public thread. */
  audience: CommentAudience | null;
};

export const toNotification = (row: NotificationRow): TNotification => ({
  id: row.id,
  user_id: row.user_id,
  read_at: row.read_at,
  created_at: row.created_at,
  data: ZNotificationData.parse(JSON.parse(row.data)),
});

/**
 * Notifications (spec 7 "Notifications", docs/notifications.md): each user reads and changes
 * their own only (another's id answers 404, as one of another company). Producers call `notify`
 * or one of the event helpers; the rows are written in one transaction, then each is published
 * privately on `v2/user/{id}` through the hub (best effort: a failure is logged, the row stays).
 */
export class NotificationsService {
  constructor(
    private readonly repo: NotificationsRepository,
    /** The live hub, looked up when a notification is published; none: nothing is published. */
    private readonly hub: () => HubPublisher | undefined,
    private readonly log?: FastifyBaseLogger,
  ) {}

  // ---- the user's calls ---------------------------------------------------------------------

  async list(auth: AuthContext, query: Record<string, unknown>): Promise<TNotificationPage> {
    const parsed = parseListQuery({ per_page: NOTIFICATION_PAGE_SIZE, ...query });
    const status = parsed.filters.status ?? 'all';
    if (status !== 'all' && status !== 'unread')
      throw validationFailed({ 'filter.status': ['invalid'] });
    // `filter[before]={id}`: the page after the last one a client shows (docs/notifications.md).
    const before =
      parsed.filters.before === undefined ? null : ZIdParam.safeParse(parsed.filters.before);
    if (before && !before.success) throw validationFailed({ 'filter.before': ['invalid'] });
    const { rows, total } = await this.repo.page(
      auth.companyId,
      auth.userId,
      status === 'unread',
      parsed.page,
      parsed.perPage,
      before?.data ?? null,
    );
    return pageOf(rows.map(toNotification), parsed.page, parsed.perPage, total);
  }

  count(auth: AuthContext): Promise<number> {
    return this.repo.unreadCount(auth.companyId, auth.userId);
  }

  async markRead(auth: AuthContext, id: number, read: boolean): Promise<void> {
    const readAt = read ? new Date().toISOString() : null;
    if (!(await this.repo.setRead(auth.companyId, auth.userId, id, readAt)))
      throw notFound('Notification');
  }

  readAll(auth: AuthContext): Promise<void> {
    return this.repo.readAll(auth.companyId, auth.userId, new Date().toISOString());
  }

  async delete(auth: AuthContext, id: number): Promise<void> {
    if (!(await this.repo.delete(auth.companyId, auth.userId, id))) throw notFound('Notification');
  }

  deleteAll(auth: AuthContext): Promise<void> {
    return this.repo.deleteAll(auth.companyId, auth.userId);
  }

  // ---- producers ----------------------------------------------------------------------------

  /**
   * Notifies the company's active users among `userIds` (never the actor): one row each, written
   * together; once committed, each is published privately to its user's topic. Answers the rows.
   */
  async notify(
    companyId: number,
    userIds: readonly (number | null | undefined)[],
    draft: NotificationDraft,
  ): Promise<TNotification[]> {
    const actorId = draft.actorId ?? null;
    const wanted = userIds.filter((id): id is number => typeof id === 'number' && id !== actorId);
    const recipients = await this.repo.activeUsers(companyId, wanted);
    if (!recipients.length) return [];
    const data = await this.dataOf(companyId, draft);
    const rows = await this.repo.insert(companyId, recipients, JSON.stringify(data));
    const notifications = rows.map(toNotification);
    await this.publish(notifications);
    return notifications;
  }

  /**
   * A new comment or reply: the users it mentions and the members of the groups it mentions
   * (`comment_mention`), and on a reply the authors it answers (`comment_reply`); never its
   * author, and in a private thread only those in its audience.
   */
  async commentPosted(event: CommentEvent): Promise<void> {
    return this.safely(async () => {
      const members = await this.repo.groupMembers(event.companyId, event.mentionedGroups);
      let mentioned = [...new Set([...event.mentionedUsers, ...members])];
      let replied = [...new Set(event.repliedTo.filter((id): id is number => id !== null))];
      if (event.audience) {
        const allowed = await this.repo.inAudience(event.companyId, [...mentioned, ...replied], {
          users: event.audience.users,
          subsidiaries: event.audience.subsidiaries,
        });
        mentioned = mentioned.filter((id) => allowed.has(id));
        replied = replied.filter((id) => allowed.has(id));
      }
      replied = replied.filter((id) => !mentioned.includes(id));
      const base = {
        source: 'applicant' as const,
        actorId: event.authorId,
        applicantId: event.applicantId,
        offerId: event.offerId,
      };
      await this.notify(event.companyId, mentioned, { ...base, slug: 'comment_mention' });
      await this.notify(event.companyId, replied, { ...base, slug: 'comment_reply' });
    });
  }

  /** The documents asked for arrived: the user who asked. */
  async documentsReceived(
    companyId: number,
    requestId: number,
    applicantId: number,
    count: number,
  ): Promise<void> {
    return this.safely(async () => {
      const requester = await this.repo.requester(companyId, requestId);
      await this.notify(companyId, [requester], {
        slug: 'documents_received',
        source: 'applicant',
        applicantId,
        count,
      });
    });
  }

  /** A new application on an offer: the users who have it as favourite (and still reach it). */
  async applicationReceived(
    companyId: number,
    actorId: number | null,
    applicantId: number,
    offerId: number | null,
  ): Promise<void> {
    return this.safely(async () => {
      if (offerId === null) return;
      await this.notify(companyId, await this.repo.offerFollowers(companyId, offerId), {
        slug: 'application_received',
        source: 'applicant',
        actorId,
        applicantId,
        offerId,
      });
    });
  }

  /** Applications of favourite offers changed status: one notification per application. */
  async statusesChanged(
    companyId: number,
    actorId: number | null,
    changes: { applicantId: number; offerId: number | null; statusId: number }[],
  ): Promise<void> {
    return this.safely(async () => {
      const followers = new Map<number, number[]>();
      for (const change of changes) {
        if (change.offerId === null) continue;
        let users = followers.get(change.offerId);
        if (!users) {
          users = await this.repo.offerFollowers(companyId, change.offerId);
          followers.set(change.offerId, users);
        }
        if (!users.length) continue;
        await this.notify(companyId, users, {
          slug: 'favorite_offer_status_changed',
          source: 'applicant',
          actorId,
          applicantId: change.applicantId,
          offerId: change.offerId,
          status_id: change.statusId,
          status_name: await this.repo.statusName(companyId, change.statusId),
        });
      }
    });
  }

  /** A transfer whose recipients include users of the company: they are told what was shared. */
  async applicantsShared(
    companyId: number,
    actorId: number,
    recipients: string[],
    applicantIds: number[],
    offerId: number | null,
  ): Promise<void> {
    return this.safely(async () => {
      const users = await this.repo.usersByEmail(companyId, recipients);
      if (!users.length || !applicantIds.length) return;
      const single = applicantIds.length === 1 ? applicantIds[0]! : null;
      await this.notify(companyId, users, {
        slug: 'applicants_shared',
        source: 'applicant',
        actorId,
        applicantId: single,
        offerId,
        applicant_ids: [...new Set(applicantIds)],
        shared_count: new Set(applicantIds).size,
        // Without a single applicant to open, the offer's screen (or none).
        ...(single === null && offerId === null ? { route: null } : {}),
      });
    });
  }

  // ---- helpers ------------------------------------------------------------------------------

  /** The data of a draft: the names, pictures and route of the people and objects it names. */
  private async dataOf(companyId: number, draft: NotificationDraft): Promise<TNotificationData> {
    const { actorId = null, applicantId = null, offerId = null, ...given } = draft;
    const [actor, applicant, offer] = await Promise.all([
      this.repo.person(companyId, actorId),
      this.repo.applicant(companyId, applicantId),
      this.repo.offer(companyId, offerId),
    ]);
    const route = applicant
      ? `/applicants/${applicant.id}`
      : offer
        ? `/projects/${offer.project_id}/offer/${offer.id}`
        : null;
    return ZNotificationData.parse({
      source: 'other',
      route,
      ...(actor
        ? {
            user_name: `${actor.firstname} ${actor.lastname}`.trim(),
            creator_avatar: actor.img_src,
          }
        : {}),
      ...(applicant
        ? {
            applicant_name: `${applicant.firstname} ${applicant.lastname}`.trim(),
            applicant_avatar: applicant.img_src,
            applicant_ids: [applicant.id],
          }
        : {}),
      ...(offer ? { offer_name: offer.job_position } : {}),
      ...given,
    });
  }

  /** An event's notifications never fail the change that caused them: a failure is logged. */
  private async safely(work: () => Promise<unknown>): Promise<void> {
    try {
      await work();
    } catch (err) {
      this.log?.error({ err }, 'notifications not written');
    }
  }

  private async publish(notifications: TNotification[]) {
    const hub = this.hub();
    if (!hub) return;
    await Promise.all(
      notifications.map((n) =>
        hub
          .publish({
            topics: [`v2/user/${n.user_id}`],
            data: JSON.stringify(n),
            private: true,
          })
          .catch((err: unknown) => this.log?.warn({ err }, 'notification not published live')),
      ),
    );
  }
}
