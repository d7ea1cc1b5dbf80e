import {
  NOTIFICATION_PAGE_SIZE,
  ZNotificationData,
  type TNotification,
  type TNotificationData,
  type TNotificationPage,
  type TNotificationTarget,
  type TNotificationTargetState,
} from '@embauche/contracts/notifications';
import { cvBundlePath } from '@embauche/contracts/applicants';
import { ZIdParam } from '@embauche/contracts/ids';
import { SEE_ACTIVITY_FEED } from '@embauche/contracts/permissions';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthContext } from '../../platform/auth/auth-context.ts';
import { notFound, validationFailed } from '../../platform/http/http-error.ts';
import { pageOf, parseListQuery } from '../../platform/http/list-query.ts';
import type { HubPublisher } from '../../platform/realtime/hub-publisher.ts';
import type { NotificationEmailsService } from './notification-emails.service.ts';
import type { NotificationPreferencesService } from './notification-preferences.service.ts';
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

/** Who manages users' rights: those a user without access is told to ask. */
const ADMINISTRATOR = 'internal.users_rights';

/** The applicant or offer a notification's route opens (`/applicants/{id}`, `/projects/{p}/offer/{id}`). */
export function targetOf(
  route: string | null | undefined,
): { applicantId: number } | { offerId: number } | null {
  const applicant = /^\/applicants\/(\d+)(?:[/?#]|$)/.exec(route ?? '');
  if (applicant) return { applicantId: Number(applicant[1]) };
  const offer = /^\/projects\/[^/]+\/offer\/(\d+)(?:[/?#]|$)/.exec(route ?? '');
  if (offer) return { offerId: Number(offer[1]) };
  return null;
}

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
    /** Who gets what by which channel (preferences), and the e-mails. */
    private readonly delivery: {
      preferences: NotificationPreferencesService;
      mails: NotificationEmailsService;
    },
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
    const notifications = rows.map(toNotification);
    const states = await this.targetStates(auth, notifications);
    return pageOf(
      notifications.map((n, i) => (states[i] ? { ...n, target: states[i] } : n)),
      parsed.page,
      parsed.perPage,
      total,
    );
  }

  /**
   * `GET /notifications/{id}/target`: whether the user still opens what their notification is
   * about, and whom to ask when they do not (issue 35). 404 for a notification without a target.
   */
  async target(auth: AuthContext, id: number): Promise<TNotificationTarget> {
    const row = await this.repo.one(auth.companyId, auth.userId, id);
    if (!row) throw notFound('Notification');
    const notification = toNotification(row);
    const target = targetOf(notification.data.route);
    if (!target) throw notFound('Notification');
    const [state] = await this.targetStates(auth, [notification]);
    return {
      state: state!,
      kind: 'applicantId' in target ? 'applicant' : 'offer',
      name:
        ('applicantId' in target
          ? notification.data.applicant_name
          : notification.data.offer_name) ?? null,
      route: notification.data.route ?? null,
      contacts:
        state === 'open' ? [] : await this.repo.administrators(auth.companyId, ADMINISTRATOR),
    };
  }

  /** Each notification's target state (undefined without a target), one check per target. */
  private async targetStates(auth: AuthContext, notifications: TNotification[]) {
    const checks = new Map<string, Promise<TNotificationTargetState>>();
    return Promise.all(
      notifications.map((n) => {
        const target = targetOf(n.data.route);
        if (!target) return undefined;
        const key = JSON.stringify(target);
        let check = checks.get(key);
        if (!check) {
          check = this.repo.sight(auth.companyId, target).then(async (sight) => {
            if (!sight) return 'gone';
            const opening = await this.repo.opening(auth.companyId, sight, [auth.userId]);
            return opening.has(auth.userId) ? 'open' : 'no_access';
          });
          checks.set(key, check);
        }
        return check;
      }),
    );
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
   * Notifies the company's active users among `userIds` (never the actor), as each one's
   * preferences for the kind say: one row each for those who get it in the app, and for those who
   * get it by e-mail the e-mail (digest `immediate`) or its place in their next digest (`daily`),
   * all written together; once committed, each row is published privately to its user's topic.
   * Answers the rows.
   */
  async notify(
    companyId: number,
    userIds: readonly (number | null | undefined)[],
    draft: NotificationDraft,
  ): Promise<TNotification[]> {
    const actorId = draft.actorId ?? null;
    const wanted = userIds.filter((id): id is number => typeof id === 'number' && id !== actorId);
    // Never about something the recipient cannot open: its route is the applicant's page when it
    // names one, else the offer's (issue 35).
    const target = draft.applicantId
      ? { applicantId: draft.applicantId }
      : draft.offerId
        ? { offerId: draft.offerId }
        : null;
    const recipients = target
      ? [...(await this.repo.opening(companyId, await this.repo.sight(companyId, target), wanted))]
      : await this.repo.activeUsers(companyId, wanted);
    if (!recipients.length) return [];
    const data = await this.dataOf(companyId, draft);
    const json = JSON.stringify(data);
    // Each recipient's preferences for the kind: in the app (a row, pushed live) and/or by e-mail,
    // now or in their next digest (docs/notifications.md).
    const choices = await this.delivery.preferences.deliveries(companyId, recipients, data.slug);
    const mailed = (digest: 'immediate' | 'daily') =>
      recipients.filter((id) => choices.get(id)?.email && choices.get(id)?.digest === digest);
    const [now, later] = [mailed('immediate'), mailed('daily')];
    const mails = now.length ? await this.delivery.mails.immediate(companyId, now, data) : [];
    const rows = await this.repo.insert(
      companyId,
      recipients.filter((id) => choices.get(id)?.in_app),
      json,
      mails.length || later.length
        ? (trx, at) => this.delivery.mails.write(trx, companyId, mails, later, json, at)
        : undefined,
    );
    const notifications = rows.map(toNotification);
    await this.publish(notifications);
    return notifications;
  }

  /**
   * A new comment or reply: the users it mentions and the members of the groups it mentions
   * (`comment_mention`), and on a reply the authors it answers (`comment_reply`); never its
   * author, in a private thread only those in its audience, and only those who open what it is on
   * (its applicant and offer) and read feeds. Answers the mentioned people left untold because they
   * cannot open it (none when the notifications could not be written).
   */
  async commentPosted(event: CommentEvent): Promise<number[]> {
    let dropped: number[] = [];
    await this.safely(async () => {
      const members = await this.repo.groupMembers(event.companyId, event.mentionedGroups);
      let mentioned = [...new Set([...event.mentionedUsers, ...members])].filter(
        (id) => id !== event.authorId,
      );
      let replied = [...new Set(event.repliedTo.filter((id): id is number => id !== null))];
      if (event.audience) {
        const allowed = await this.repo.inAudience(event.companyId, [...mentioned, ...replied], {
          users: event.audience.users,
          subsidiaries: event.audience.subsidiaries,
        });
        mentioned = mentioned.filter((id) => allowed.has(id));
        replied = replied.filter((id) => allowed.has(id));
      }
      const sight = await this.repo.sight(event.companyId, {
        applicantId: event.applicantId,
        offerId: event.offerId,
      });
      const opening = await this.repo.opening(
        event.companyId,
        sight,
        [...mentioned, ...replied],
        SEE_ACTIVITY_FEED,
      );
      dropped = mentioned.filter((id) => !opening.has(id));
      mentioned = mentioned.filter((id) => opening.has(id));
      replied = replied.filter((id) => opening.has(id) && !mentioned.includes(id));
      const base = {
        source: 'applicant' as const,
        actorId: event.authorId,
        applicantId: event.applicantId,
        offerId: event.offerId,
      };
      await this.notify(event.companyId, mentioned, { ...base, slug: 'comment_mention' });
      await this.notify(event.companyId, replied, { ...base, slug: 'comment_reply' });
    });
    return dropped;
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

  /**
   * New applications on an offer (one added, or several copied at once): the users who have it as
   * favourite (and still reach it). Several in one call make one notification with their count.
   */
  async applicationReceived(
    companyId: number,
    actorId: number | null,
    applicantIds: number[],
    offerId: number | null,
  ): Promise<void> {
    return this.safely(async () => {
      const applicants = [...new Set(applicantIds)];
      if (offerId === null || !applicants.length) return;
      const single = applicants.length === 1 ? applicants[0]! : null;
      await this.notify(companyId, await this.repo.offerFollowers(companyId, offerId), {
        slug: 'application_received',
        source: 'applicant',
        actorId,
        applicantId: single,
        offerId,
        // Several: counted and listed; the link opens the offer.
        ...(single === null ? { applicant_ids: applicants, count: applicants.length } : {}),
      });
    });
  }

  /**
   * Applications of favourite offers changed status: one notification per offer and new status of
   * the call (one application: named; several: counted).
   */
  async statusesChanged(
    companyId: number,
    actorId: number | null,
    changes: { applicantId: number; offerId: number | null; statusId: number }[],
  ): Promise<void> {
    return this.safely(async () => {
      // One notification per offer and new status of the call: a batch of 200 moved at once (a
      // bulk change) tells each follower "200 applications … moved to X", not 200 times.
      const groups = new Map<
        string,
        { offerId: number; statusId: number; applicantIds: number[] }
      >();
      for (const change of changes) {
        if (change.offerId === null) continue;
        const key = `${change.offerId}:${change.statusId}`;
        const group = groups.get(key);
        if (group) group.applicantIds.push(change.applicantId);
        else
          groups.set(key, {
            offerId: change.offerId,
            statusId: change.statusId,
            applicantIds: [change.applicantId],
          });
      }
      const followers = new Map<number, number[]>();
      for (const group of groups.values()) {
        let users = followers.get(group.offerId);
        if (!users) {
          users = await this.repo.offerFollowers(companyId, group.offerId);
          followers.set(group.offerId, users);
        }
        if (!users.length) continue;
        const applicantIds = [...new Set(group.applicantIds)];
        const single = applicantIds.length === 1 ? applicantIds[0]! : null;
        await this.notify(companyId, users, {
          slug: 'favorite_offer_status_changed',
          source: 'applicant',
          actorId,
          applicantId: single,
          offerId: group.offerId,
          status_id: group.statusId,
          status_name: await this.repo.statusName(companyId, group.statusId),
          // Several: counted and listed; the link opens the offer.
          ...(single === null ? { applicant_ids: applicantIds, count: applicantIds.length } : {}),
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

  /**
   * A ZIP of CVs a user asked for (issue 42) is ready, its file stored (`count`: CVs in it), or
   * could not be prepared (`count`: applications asked for): that user only, linked to the
   * bundle's page. The applicants module tells it; nothing here reads the applicants' tables.
   */
  async cvBundleFinished(
    companyId: number,
    userId: number,
    bundle: { operationId: number; status: 'ready' | 'failed'; count: number },
  ): Promise<void> {
    return this.safely(async () => {
      await this.notify(companyId, [userId], {
        slug: 'cv_bundle',
        source: 'other',
        route: cvBundlePath(bundle.operationId),
        bundle_status: bundle.status,
        count: bundle.count,
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
