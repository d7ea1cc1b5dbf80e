import type { Insertable, Kysely } from 'kysely';
import { FEED_CATEGORY_OF, type FeedKind } from '@embauche/contracts/activity-feed';
import type { ActivityFeedEntriesTable, DB } from '../../platform/db/schema.ts';

/** One application's status change, as the applications module applies it. */
export type StatusChangeEvent = {
  applicationId: number;
  applicantId: number;
  offerId: number | null;
  fromStatusId: number | null;
  statusId: number;
  motifId: number | null;
};

type Base = { companyId: number; userId: number | null };
type Executor = Kysely<DB>;

/**
 * Writes the product's own events into the activity feed (issue 12: status changes, applicants
 * added, documents requested and received, transfers, shares). Other modules get it from the
 * service registry (`services.get('activityFeed')`) and pass their transaction, so that an event is
 * written with the change it tells of. Events are never private: whoever sees the feed sees them
 * (shared-link viewers see comments only). Names (statuses, motifs, document types) are copied
 * into the event, so the feed keeps telling what happened after a rename.
 */
export class FeedWriter {
  constructor(private readonly db: Kysely<DB>) {}

  async statusChanged(base: Base, changes: StatusChangeEvent[], db: Executor = this.db) {
    if (!changes.length) return;
    const statusIds = [...new Set(changes.flatMap((c) => [c.statusId, c.fromStatusId ?? 0]))];
    const motifIds = [...new Set(changes.map((c) => c.motifId ?? 0))];
    const [statuses, motifs] = await Promise.all([
      db
        .selectFrom('statuses')
        .select(['id', 'name', 'default_status'])
        .where('id', 'in', statusIds)
        .execute(),
      db
        .selectFrom('motifs')
        .select(['id', 'name', 'default_motif'])
        .where('id', 'in', motifIds)
        .execute(),
    ]);
    const status = (id: number | null) => {
      const s = statuses.find((x) => x.id === id);
      return s ? { id: s.id, name: s.name, default_status: Boolean(s.default_status) } : null;
    };
    const motif = (id: number | null) => {
      const m = motifs.find((x) => x.id === id);
      return m ? { id: m.id, name: m.name, default_motif: Boolean(m.default_motif) } : null;
    };
    await this.insert(
      db,
      changes.map((c) => ({
        ...this.row(base, 'status_changed', c.applicantId, c.offerId),
        status_id: c.statusId,
        data: JSON.stringify({
          application_id: c.applicationId,
          from_status: status(c.fromStatusId),
          status: status(c.statusId),
          motif: motif(c.motifId),
        }),
      })),
    );
  }

  async applicantAdded(
    base: Base,
    e: {
      applicantId: number;
      offerId: number | null;
      applicationId: number | null;
      existing: boolean;
    },
    db: Executor = this.db,
  ) {
    await this.insert(db, [
      {
        ...this.row(base, 'applicant_added', e.applicantId, e.offerId),
        data: JSON.stringify({ application_id: e.applicationId, existing_applicant: e.existing }),
      },
    ]);
  }

  async documentsRequested(
    base: Base,
    e: { applicantId: number; requestId: number; documentTypeIds: number[] },
    db: Executor = this.db,
  ) {
    await this.documents('documents_requested', base, e, db);
  }

  /** The applicant sent documents through their link (no user: `userId` null). */
  async documentsReceived(
    base: Base,
    e: { applicantId: number; requestId: number; documentTypeIds: number[] },
    db: Executor = this.db,
  ) {
    await this.documents('documents_received', base, e, db);
  }

  async applicantTransferred(
    base: Base,
    e: { applicantId: number; offerId: number | null; to: string[] },
    db: Executor = this.db,
  ) {
    await this.insert(db, [
      {
        ...this.row(base, 'applicant_transferred', e.applicantId, e.offerId),
        data: JSON.stringify({ to: e.to }),
      },
    ]);
  }

  async shareChanged(
    base: Base,
    e: {
      revoked: boolean;
      applicantId: number;
      offerId: number | null;
      shareId: number | string;
      type: string;
    },
    db: Executor = this.db,
  ) {
    await this.insert(db, [
      {
        ...this.row(base, e.revoked ? 'share_revoked' : 'share_created', e.applicantId, e.offerId),
        data: JSON.stringify({ share_id: e.shareId, type: e.type }),
      },
    ]);
  }

  /** E-mails written to applicants (a mailing's batch): the subject and the text, each. */
  async mailsSent(
    base: Base,
    mails: { applicantId: number; offerId: number | null; subject: string; text: string }[],
    db: Executor = this.db,
  ) {
    await this.insert(
      db,
      mails.map((m) => ({
        ...this.row(base, 'mail_sent', m.applicantId, m.offerId),
        data: JSON.stringify({ subject: m.subject, text: m.text.slice(0, 20_000) }),
      })),
    );
  }

  /** An appointment of the applicant made, moved or cancelled (issue 39, the planner). */
  async appointment(
    base: Base,
    kind: 'appointment_scheduled' | 'appointment_changed' | 'appointment_cancelled',
    e: {
      applicantId: number;
      offerId: number | null;
      appointmentId: number;
      applicationId: number | null;
      title: string;
      startAt: string;
      endAt: string;
      source: string;
    },
    db: Executor = this.db,
  ) {
    await this.insert(db, [
      {
        ...this.row(base, kind, e.applicantId, e.offerId),
        data: JSON.stringify({
          appointment_id: e.appointmentId,
          application_id: e.applicationId,
          title: e.title,
          start_at: e.startAt,
          end_at: e.endAt,
          source: e.source,
        }),
      },
    ]);
  }

  private async documents(
    kind: FeedKind,
    base: Base,
    e: { applicantId: number; requestId: number; documentTypeIds: number[] },
    db: Executor,
  ) {
    if (!e.documentTypeIds.length) return;
    const types = await db
      .selectFrom('document_types')
      .select(['id', 'name', 'default_type'])
      .where('id', 'in', e.documentTypeIds)
      .orderBy('id')
      .execute();
    await this.insert(db, [
      {
        ...this.row(base, kind, e.applicantId, null),
        data: JSON.stringify({
          request_id: e.requestId,
          documents: types.map((t) => ({
            id: t.id,
            name: t.name,
            default_type: Boolean(t.default_type),
          })),
        }),
      },
    ]);
  }

  private row(
    base: Base,
    kind: FeedKind,
    applicantId: number | null,
    offerId: number | null,
  ): Insertable<ActivityFeedEntriesTable> {
    return {
      company_id: base.companyId,
      applicant_id: applicantId,
      offer_id: offerId,
      parent_id: null,
      kind,
      category: FEED_CATEGORY_OF[kind],
      author_user_id: base.userId,
      outsider_name: null,
      outsider_share_key: null,
      text: null,
      data: null,
      status_id: null,
      source: null,
      edited_at: null,
      edited_by: null,
      created_at: new Date().toISOString(),
    };
  }

  private async insert(db: Executor, rows: Insertable<ActivityFeedEntriesTable>[]) {
    // A bulk change writes its events in slices (SQLite binds at most 32,766 values per statement).
    for (let i = 0; i < rows.length; i += 500) {
      await db
        .insertInto('activity_feed_entries')
        .values(rows.slice(i, i + 500))
        .execute();
    }
  }
}
