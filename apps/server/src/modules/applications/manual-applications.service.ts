import type { TManualApplicant } from '@embauche/contracts/applicants';
import { STATUS_RECRUITED } from '@embauche/contracts/constants';
import { MANUAL_PATH_FIELDS } from '@embauche/contracts/offer-settings';
import type { TProjectRef } from '@embauche/contracts/projects';
import type { Kysely } from 'kysely';
import type { AuthContext } from '../../platform/auth/auth-context.ts';
import type { DB } from '../../platform/db/schema.ts';
import { validationFailed } from '../../platform/http/http-error.ts';
import type {
  ApplicantsService,
  StoredFile,
  UploadedFile,
} from '../applicants/applicants.service.ts';
import type { FeedWriter } from '../activity-feed/feed-writer.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { ApplicationPathService } from '../offer-settings/application-path.service.ts';
import type { OffersService } from '../offers/offers.service.ts';
import type { ApplicationsRepository } from './applications.repository.ts';
import type { ApplicationsService } from './applications.service.ts';

/** The transaction the writes share (the applicants' repository opens it). */
type Trx = Kysely<DB>;

/** Manual applicants: created with their application (and CV), or updated. */
export class ManualApplicationsService {
  constructor(
    private readonly applications: ApplicationsService,
    private readonly repo: ApplicationsRepository,
    private readonly applicants: ApplicantsService,
    private readonly offers: OffersService,
    /** The company's default application path: which manual fields are required. */
    private readonly path: ApplicationPathService,
    /** The activity feed's event writer, looked up when an event happens (registered later). */
    private readonly feed: () => FeedWriter | undefined = () => undefined,
    /** Tells the users whose favourite offers get applications or status changes. */
    private readonly notifications: () => NotificationsService | undefined = () => undefined,
  ) {}

  /**
   * Manual applicant (spec section 3 payload): stores the CV (type from its bytes), creates the
   * applicant or joins the one with the same e-mail, and adds the application: on the offer of the
   * path or of `job_offer_id`, spontaneous without one. Applicant, application and CV-text job are
   * written in one transaction.
   */
  async manual(
    auth: AuthContext,
    input: TManualApplicant,
    cvFile: UploadedFile | null,
    path?: { ref: TProjectRef; offerId: number },
  ) {
    const offerId = path?.offerId ?? input.job_offer_id ?? null;
    if (path) await this.offers.requireVisibleOffer(auth, path.ref, path.offerId);
    else if (offerId !== null) {
      // An offer named in the body that the user does not see is a wrong field, not a 404.
      await this.offers.requireVisibleOffer(auth, input.project_id ?? 'all', offerId).catch(() => {
        throw validationFailed({ job_offer_id: ['invalid'] });
      });
    }
    await this.checkRequired(auth, input, offerId);
    const statusId = input.status_id ?? 1;
    // The status is one that the offer's workflow shows (the default workflow without an offer).
    const workflow = (await this.applications.workflowsOf(auth.companyId, [offerId])).get(offerId);
    if (!workflow?.statuses.some((s) => s.id === statusId)) {
      throw validationFailed({ status_id: ['invalid'] });
    }
    await this.applicants.checkJobBoard(input.source?.jobboard_id, 'source.jobboard_id');
    const { applicantId, applicationId, existing } = await this.create(
      { companyId: auth.companyId, userId: auth.userId },
      offerId,
      statusId,
      input,
      cvFile,
      [],
    );
    const [row] = await this.repo.byIds(auth.companyId, [applicationId]);
    return {
      applicant: await this.applicants.get(auth, applicantId),
      application: (await this.applications.items(auth.companyId, [row!]))[0]!,
      existing_applicant: existing,
    };
  }

  /**
   * An application a candidate sent from the career site (issue 37 part 3): the manual entry's
   * path without a user. The offer is one the site shows (the caller checked it is published);
   * the application lands at the first status of the offer's workflow; the applicant is found
   * by e-mail or created; the CV and documents are stored (type from their bytes, 422 `file_type`
   * on their field) and the CV's text extracted by the same job. `within` writes in the same
   * transaction (the consent, the confirmation e-mail). 422 `email: already_applied` when this
   * e-mail already applied to the offer (nothing kept).
   */
  async fromCareerSite(
    companyId: number,
    offerId: number,
    input: TManualApplicant,
    cvFile: UploadedFile | null,
    documents: { typeId: number; field: string; file: UploadedFile }[],
    within: (trx: Trx, ids: { applicantId: number; applicationId: number }) => Promise<void>,
  ) {
    const workflow = (await this.applications.workflowsOf(companyId, [offerId])).get(offerId);
    const first = workflow?.statuses[0]?.id ?? 1;
    await this.applicants.checkJobBoard(input.source?.jobboard_id, 'source.jobboard_id');
    return this.create(
      { companyId, userId: null },
      offerId,
      first,
      input,
      cvFile,
      documents,
      within,
    );
  }

  /**
   * Stores the files, then in one transaction: the applicant created or joined by e-mail, the
   * application, its documents, the feed's event and the caller's writes; then the offer's
   * followers are told (live). A file is deleted again when anything fails.
   */
  private async create(
    base: { companyId: number; userId: number | null },
    offerId: number | null,
    statusId: number,
    input: TManualApplicant,
    cvFile: UploadedFile | null,
    documentFiles: { typeId: number; field: string; file: UploadedFile }[],
    within?: (trx: Trx, ids: { applicantId: number; applicationId: number }) => Promise<void>,
  ): Promise<{ applicantId: number; applicationId: number; existing: boolean }> {
    const { companyId } = base;
    const stored: StoredFile[] = [];
    try {
      const cv: StoredFile | null = cvFile
        ? await this.applicants.storeFile(companyId, cvFile, 'cv')
        : null;
      if (cv) stored.push(cv);
      const documents: { typeId: number; file: StoredFile }[] = [];
      for (const d of documentFiles) {
        const file = await this.applicants.storeFile(companyId, d.file, d.field, 'documents');
        stored.push(file);
        documents.push({ typeId: d.typeId, file });
      }
      const write = () =>
        this.applicants.transaction(async (trx) => {
          const { id, existing } = await this.applicants.createOrJoin(
            { companyId },
            input,
            cv,
            trx,
          );
          // A known applicant who already applied to this offer is not added twice (nothing is kept).
          if (existing && offerId !== null) {
            const onOffer = await this.repo.applicantsOnOffer(companyId, offerId, [id], trx);
            if (onOffer.size > 0) throw validationFailed({ email: ['already_applied'] });
          }
          const now = new Date().toISOString();
          const applicationId = await this.repo.insert(
            {
              company_id: companyId,
              offer_id: offerId,
              applicant_id: id,
              status_id: statusId,
              motif_id: null,
              jobboard_id: input.source?.jobboard_id ?? null,
              recruited_at: statusId === STATUS_RECRUITED ? now : null,
              motivation: input.motivation ?? null,
              created_at: now,
              updated_at: now,
            },
            trx,
            base.userId,
          );
          if (documents.length) await this.applicants.addDocuments(companyId, id, documents, trx);
          await this.feed()?.applicantAdded(
            base,
            { applicantId: id, offerId, applicationId, existing },
            trx,
          );
          await within?.(trx, { applicantId: id, applicationId });
          return { applicantId: id, applicationId, existing };
        });
      // Two requests adding the same new e-mail at once: the loser joins the winner's applicant.
      const result = await write().catch((err: unknown) => {
        if (isUniqueViolation(err)) return write();
        throw err;
      });
      await this.notifications()?.applicationReceived(
        companyId,
        base.userId,
        [result.applicantId],
        offerId,
      );
      return result;
    } catch (err) {
      await Promise.all(stored.map((f) => this.applicants.discard(f)));
      throw err;
    }
  }

  /**
   * The application path's required fields that the manual form shows (MANUAL_PATH_FIELDS):
   * 422 `field_required` on each one left empty. The motivation counts only where the offer's
   * project takes documents (elsewhere the form does not show it); the CV is not demanded.
   */
  private async checkRequired(auth: AuthContext, input: TManualApplicant, offerId: number | null) {
    const { fields } = await this.path.forCompany(auth.companyId);
    const missing: Record<string, string[]> = {};
    for (const [pathField, name] of Object.entries(MANUAL_PATH_FIELDS)) {
      if (fields[pathField as keyof typeof MANUAL_PATH_FIELDS] !== 'required' || input[name])
        continue;
      if (name === 'motivation' && offerId !== null)
        if (!(await this.offers.documentsEnabled(auth.companyId, offerId))) continue;
      missing[name] = ['field_required'];
    }
    if (Object.keys(missing).length) throw validationFailed(missing);
  }

  async updateManual(
    auth: AuthContext,
    applicantId: number,
    input: TManualApplicant,
    cvFile: UploadedFile | null,
  ) {
    await this.applicants.require(auth, applicantId);
    await this.applicants.checkJobBoard(input.source?.jobboard_id, 'source.jobboard_id');
    const cv = cvFile ? await this.applicants.storeFile(auth.companyId, cvFile, 'cv') : null;
    try {
      await this.applicants.updateManual(auth, applicantId, input, cv);
    } catch (err) {
      await this.applicants.discard(cv);
      throw err;
    }
    return {
      applicant: await this.applicants.get(auth, applicantId),
      application: null,
      existing_applicant: true,
    };
  }
}

/** A unique index refused the row (PostgreSQL 23505, SQLite SQLITE_CONSTRAINT_UNIQUE). */
function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: string } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}
