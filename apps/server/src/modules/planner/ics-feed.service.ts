import type { TIcsFeed } from '@embauche/contracts/planner';
import type { AuthContext } from '../../platform/auth/auth-context.ts';
import { randomToken, sha256 } from '../../platform/auth/tokens.ts';
import { appointmentEvent } from './appointment-ics.ts';
import { icsCalendar } from './ics.ts';
import type { PlannerRepository } from './planner.repository.ts';

const DAY = 86_400_000;
/** A feed holds at most this many appointments (30 days back, a year ahead). */
const FEED_MAX = 2000;

/** Each user's private ICS feed: a secret URL (its hash stored), renewed or revoked at will. */
export class IcsFeedService {
  constructor(
    private readonly repo: PlannerRepository,
    private readonly base: () => string,
  ) {}

  async get(auth: AuthContext): Promise<TIcsFeed> {
    const row = await this.repo.db
      .selectFrom('planner_feeds')
      .select('created_at')
      .where('user_id', '=', auth.userId)
      .where('company_id', '=', auth.companyId)
      .executeTakeFirst();
    return { active: Boolean(row), url: null, created_at: row?.created_at ?? null };
  }

  /** A new secret (any previous one stops working); its URL is shown only now. */
  async renew(auth: AuthContext): Promise<TIcsFeed> {
    const secret = randomToken();
    const now = new Date().toISOString();
    await this.repo.transaction(async (trx) => {
      await trx.deleteFrom('planner_feeds').where('user_id', '=', auth.userId).execute();
      await trx
        .insertInto('planner_feeds')
        .values({
          user_id: auth.userId,
          company_id: auth.companyId,
          secret_hash: sha256(secret),
          created_at: now,
        })
        .execute();
    });
    return { active: true, url: `${this.base()}/api/planner/feed/${secret}.ics`, created_at: now };
  }

  async revoke(auth: AuthContext): Promise<void> {
    await this.repo.db.deleteFrom('planner_feeds').where('user_id', '=', auth.userId).execute();
  }

  /** The calendar of the feed's user, or null for an unknown (or revoked) secret. */
  async calendar(secret: string, now = Date.now()): Promise<string | null> {
    const feed = await this.repo.db
      .selectFrom('planner_feeds as f')
      .innerJoin('users as u', 'u.id', 'f.user_id')
      .select(['f.user_id', 'f.company_id', 'u.firstname', 'u.lastname', 'u.active'])
      .where('f.secret_hash', '=', sha256(secret))
      .executeTakeFirst();
    if (!feed || !feed.active) return null;
    const ids = await this.repo.idsInRange(
      feed.company_id,
      [feed.user_id],
      new Date(now - 30 * DAY).toISOString(),
      new Date(now + 365 * DAY).toISOString(),
      FEED_MAX,
    );
    const rows = await this.repo.appointmentsByIds(feed.company_id, ids);
    const company = await this.repo.company(feed.company_id);
    // The user's clock: their own zone, else the company's.
    const timeZone = await this.repo.userTimeZone(feed.company_id, feed.user_id);
    const base = this.base();
    return icsCalendar(
      rows.map((r) =>
        appointmentEvent(base, {
          id: r.id,
          // The feed is outside the product: the title and place, never notes.
          title: r.title,
          start: r.start_at,
          end: r.end_at,
          location: r.location,
          updatedAt: r.updated_at,
          cancelled: false,
          organizer: null,
          attendees: [],
          timeZone,
        }),
      ),
      'PUBLISH',
      {
        name: `${company.social_reason} — ${feed.firstname} ${feed.lastname}`,
        timeZone,
      },
    );
  }
}
