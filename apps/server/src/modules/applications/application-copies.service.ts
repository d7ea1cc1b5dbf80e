import type { TDuplicateRequest } from '@embauche/contracts/applications';
import { STATUS_RECRUITED, STATUSES_NEEDING_MOTIF } from '@embauche/contracts/constants';
import type { TProjectRef } from '@embauche/contracts/projects';
import type { AuthContext } from '../../platform/auth/auth-context.ts';
import { notFound, validationFailed } from '../../platform/http/http-error.ts';
import type { ApplicantsService } from '../applicants/applicants.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { OffersService } from '../offers/offers.service.ts';
import type { ApplicationCopiesRepository } from './application-copies.repository.ts';
import type { ApplicationRow, ApplicationsRepository } from './applications.repository.ts';
import type { ApplicationsService } from './applications.service.ts';

/** Copies of applications onto another offer (the offer's duplicate call). */
export class ApplicationCopiesService {
  constructor(
    private readonly applications: ApplicationsService,
    private readonly repo: ApplicationsRepository,
    private readonly copies: ApplicationCopiesRepository,
    private readonly applicants: ApplicantsService,
    private readonly offers: OffersService,
    /** Tells the users whose favourite offers get applications or status changes. */
    private readonly notifications: () => NotificationsService | undefined = () => undefined,
  ) {}

  /**
   * Copies applications onto another offer: the given application's applicant and `applicants_ids`;
   * `keep_statuses` keeps each one's status and motif, otherwise they start as new. A kept status
   * the target offer's workflow does not offer falls back to that workflow's first status (not
   * recruited, nor one that needs a motif; else "new", which every workflow holds), without motif.
   * Applicants already on the target are skipped.
   */
  async duplicate(auth: AuthContext, ref: TProjectRef, offerId: number, input: TDuplicateRequest) {
    await this.checkOffers(auth, ref, offerId, input.job_offer_id);
    const applicantIds = new Set(input.applicants_ids);
    let source: ApplicationRow | undefined;
    if (input.application_id) {
      source = await this.applications.require(auth, input.application_id);
      if (source.offer_id !== offerId) throw notFound('Application');
      applicantIds.add(source.applicant_id!);
    }
    if (!applicantIds.size) throw validationFailed({ applicants_ids: ['field_required'] });
    const known = await this.applicants.many(auth, [...applicantIds]);
    if (known.size !== applicantIds.size) throw validationFailed({ applicants_ids: ['invalid'] });
    const { created, already } = await this.copy(auth, offerId, input, [...applicantIds], source);
    return {
      created: created.map((c) => ({ applicant_id: c.applicant_id!, application_id: c.id })),
      skipped: [...already],
    };
  }

  /**
   * The offer the copies come from (`ref`, `offerId`: 404 unless the user sees it) and the target
   * (422 `job_offer_id: invalid` unless the user sees it).
   */
  async checkOffers(auth: AuthContext, ref: TProjectRef, offerId: number, targetId: number) {
    await this.offers.requireVisibleOffer(auth, ref, offerId);
    await this.offers.requireVisibleOffer(auth, 'all', targetId).catch(() => {
      throw validationFailed({ job_offer_id: ['invalid'] });
    });
  }

  /**
   * One batch of "all that match" copied (issue 42 part 2, CopySelectionService): the applicants
   * the user sees get an application as the id form gives them (one transaction); the others are
   * told apart by reason — `not_found` (gone, or out of the user's sight), `already_applied`.
   */
  async copyBatch(
    auth: AuthContext,
    offerId: number,
    input: Pick<TDuplicateRequest, 'job_offer_id' | 'keep_statuses'>,
    ids: number[],
  ): Promise<{ changed: number; failed: { reason: string }[] }> {
    const known = await this.applicants.many(auth, ids);
    const seen = [...new Set(ids)].filter((id) => known.has(id));
    const failed = ids.filter((id) => !known.has(id)).map(() => ({ reason: 'not_found' }));
    if (!seen.length) return { changed: 0, failed };
    const { created, already } = await this.copy(auth, offerId, input, seen);
    for (let i = 0; i < already.size; i++) failed.push({ reason: 'already_applied' });
    return { changed: created.length, failed };
  }

  /** Copies the applicants (seen by the user) not on the target yet; tells the offer's followers. */
  private async copy(
    auth: AuthContext,
    offerId: number,
    input: Pick<TDuplicateRequest, 'job_offer_id' | 'keep_statuses'>,
    applicantIds: number[],
    source?: ApplicationRow,
  ) {
    const already = await this.repo.applicantsOnOffer(
      auth.companyId,
      input.job_offer_id,
      applicantIds,
    );
    // Each applicant's application on this offer (or their latest) gives the status to keep.
    const latest = await this.copies.latestOf(auth.companyId, applicantIds);
    const target = (await this.applications.workflowsOf(auth.companyId, [input.job_offer_id])).get(
      input.job_offer_id,
    );
    const offered = new Set(target?.statuses.map((s) => s.id) ?? []);
    const fallback =
      target?.statuses.find(
        (s) => s.id !== STATUS_RECRUITED && !STATUSES_NEEDING_MOTIF.includes(s.id),
      )?.id ?? 1;
    const sources = applicantIds
      .filter((id) => !already.has(id))
      .map((id) => {
        const rows = latest.filter((r) => r.applicant_id === id);
        const r =
          (source?.applicant_id === id ? source : undefined) ??
          rows.find((x) => x.offer_id === offerId) ??
          rows[0];
        const kept = r !== undefined && offered.has(r.status_id);
        return {
          applicant_id: id,
          status_id: kept ? r.status_id : fallback,
          motif_id: kept ? r.motif_id : null,
          jobboard_id: r?.jobboard_id ?? null,
          recruited_at: kept ? r.recruited_at : null,
        };
      });
    const created = await this.copies.duplicate(
      auth.companyId,
      input.job_offer_id,
      sources,
      input.keep_statuses,
      auth.userId,
    );
    // The copies are new applications on the target offer: its followers are told, once per call
    // (a batch of "all that match" copied is one notification with its count).
    await this.notifications()?.applicationReceived(
      auth.companyId,
      auth.userId,
      created.map((c) => c.applicant_id!),
      input.job_offer_id,
    );
    return { created, already };
  }
}
