import type { TBulkStatusResult } from '@embauche/contracts/applications';
import { STATUS_RECRUITED, STATUSES_NEEDING_MOTIF } from '@embauche/contracts/constants';
import type { TProjectRef } from '@embauche/contracts/projects';
import type { AuthContext } from '../../platform/auth/auth-context.ts';
import { notFound, validationFailed } from '../../platform/http/http-error.ts';
import type { FeedWriter, StatusChangeEvent } from '../activity-feed/feed-writer.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { OffersService } from '../offers/offers.service.ts';
import type { ApplicationsRepository } from './applications.repository.ts';
import type { ApplicationsService } from './applications.service.ts';

type StatusChange = {
  application_id: number;
  status_id: number;
  motif_id?: number | null | undefined;
};

/** Status changes with their motifs: the board's single change and the treatment lists' bulk one. */
export class ApplicationStatusService {
  constructor(
    private readonly applications: ApplicationsService,
    private readonly repo: ApplicationsRepository,
    private readonly offers: OffersService,
    /** The activity feed's event writer, looked up when an event happens (registered later). */
    private readonly feed: () => FeedWriter | undefined = () => undefined,
    /** Tells the users whose favourite offers get applications or status changes. */
    private readonly notifications: () => NotificationsService | undefined = () => undefined,
  ) {}

  /**
   * Applies status changes; each fails alone with its reason. The changes that pass are written a
   * group (same status and motif) per transaction when no application comes twice, else one by
   * one in their order. `skipUnchanged` (a selection's change): an application already in that
   * status with that motif is left alone, as `unchanged`.
   */
  async changeStatuses(
    auth: AuthContext,
    changes: StatusChange[],
    scope?: { offerId?: number; spontaneous?: boolean },
    options: { skipUnchanged?: boolean } = {},
  ) {
    const ids = [...new Set(changes.map((c) => c.application_id))];
    const [motifs, found] = await Promise.all([
      this.applications.motifs(auth),
      this.repo.byIds(auth.companyId, ids),
    ]);
    const motifIds = new Set(motifs.map((m) => m.id));
    const rows = new Map(found.map((r) => [r.id, r]));
    // Each application's offer's workflow (spontaneous: the default), read once for the batch.
    const workflows = await this.applications.workflowsOf(
      auth.companyId,
      found.map((r) => r.offer_id),
    );
    /** A status of the workflow offered to pickers, or the hidden one the application holds. */
    const allowed = (row: { offer_id: number | null; status_id: number }, statusId: number) => {
      const workflow = workflows.get(row.offer_id);
      if (!workflow) return false;
      return (
        workflow.statuses.some((s) => s.id === statusId) ||
        (statusId === row.status_id && workflow.ids.has(statusId))
      );
    };
    const sight = await this.applications.sight(auth);
    const result: TBulkStatusResult = { changed: [], failed: [] };
    const now = new Date().toISOString();
    const events: StatusChangeEvent[] = [];
    // Each application at most once: the changes of one status and motif in one transaction.
    const grouped = ids.length === changes.length;
    const writes = new Map<string, { change: StatusChange; ids: number[] }>();
    for (const c of changes) {
      const row = rows.get(c.application_id);
      const seen =
        row &&
        sight.sees(row) &&
        (scope?.offerId === undefined || row.offer_id === scope.offerId) &&
        (scope?.spontaneous === undefined || (row.offer_id === null) === scope.spontaneous);
      let reason: string | null = null;
      if (!seen) reason = 'not_found';
      else if (!allowed(row!, c.status_id)) reason = 'invalid_status';
      else if (c.motif_id != null && !motifIds.has(c.motif_id)) reason = 'invalid_motif';
      else if (STATUSES_NEEDING_MOTIF.includes(c.status_id) && c.motif_id == null)
        reason = 'motif_required';
      else if (
        options.skipUnchanged &&
        row!.status_id === c.status_id &&
        row!.motif_id === (c.motif_id ?? null)
      )
        reason = 'unchanged';
      if (reason) {
        result.failed.push({ id: c.application_id, reason });
        continue;
      }
      const key = `${c.status_id}:${c.motif_id ?? ''}`;
      const group = grouped ? writes.get(key) : undefined;
      if (group) group.ids.push(c.application_id);
      else writes.set(grouped ? key : String(writes.size), { change: c, ids: [c.application_id] });
      result.changed.push(c.application_id);
      // The feed tells of real changes (a status, or a motif), once per application and change.
      const before = row!;
      if (before.status_id !== c.status_id || before.motif_id !== (c.motif_id ?? null)) {
        events.push({
          applicationId: before.id,
          applicantId: before.applicant_id!,
          offerId: before.offer_id,
          fromStatusId: before.status_id,
          statusId: c.status_id,
          motifId: c.motif_id ?? null,
        });
        rows.set(before.id, { ...before, status_id: c.status_id, motif_id: c.motif_id ?? null });
      }
    }
    for (const { change: c, ids: group } of writes.values()) {
      await this.repo.setStatus(
        auth.companyId,
        group,
        {
          status_id: c.status_id,
          motif_id: c.motif_id ?? null,
          recruited_at: c.status_id === STATUS_RECRUITED ? now : null,
        },
        auth.userId,
      );
    }
    await this.feed()?.statusChanged({ companyId: auth.companyId, userId: auth.userId }, events);
    await this.notifications()?.statusesChanged(auth.companyId, auth.userId, events);
    return result;
  }

  /** The single change of the board: the updated item, or 404 / 422 with the field at fault. */
  async changeStatus(auth: AuthContext, ref: TProjectRef, offerId: number, change: StatusChange) {
    await this.offers.requireVisibleOffer(auth, ref, offerId);
    const result = await this.changeStatuses(auth, [change], { offerId });
    const failure = result.failed[0];
    if (failure?.reason === 'not_found') throw notFound('Application');
    if (failure?.reason === 'motif_required')
      throw validationFailed({ motif_id: ['field_required'] });
    if (failure?.reason === 'invalid_motif') throw validationFailed({ motif_id: ['invalid'] });
    if (failure) throw validationFailed({ status_id: ['invalid'] });
    const [row] = await this.repo.byIds(auth.companyId, [change.application_id]);
    return (await this.applications.items(auth.companyId, [row!]))[0]!;
  }
}
