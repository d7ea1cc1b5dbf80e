import {
  APPLICANT_BULK_MAX,
  type TApplicantSelection,
} from '@embauche/contracts/applicant-selection';
import type { TBulkOperation } from '@embauche/contracts/application-selection';
import type { TProjectRef } from '@embauche/contracts/projects';
import type { AuthContext } from '../../platform/auth/auth-context.ts';
import {
  actorSnapshot,
  walkOperation,
  type ActorSnapshot,
  type BulkOperations,
} from '../../platform/jobs/bulk-operations.ts';
import type { JobWorker } from '../../platform/jobs/jobs.ts';
import type {
  ApplicantSelectionService,
  SelectedApplicants,
} from '../recruitment-lists/applicant-selection.service.ts';
import type { ApplicationCopiesService } from './application-copies.service.ts';

export const COPY_BULK_JOB = 'applications.bulk_copy';
export const COPY_BULK_KIND = 'applications.copy';
/** Applicants copied per transaction (one insert, one status-history write). */
export const COPY_BULK_BATCH = 200;

type CopyParams = {
  ref: TProjectRef;
  offer_id: number;
  job_offer_id: number;
  keep_statuses: boolean;
  selection: TApplicantSelection;
  actor: ActorSnapshot;
};

type Resolved = { selected: SelectedApplicants; except: number[] };

/** The applicants module's "all that match" (recruitment-lists module), as this one uses it. */
type Selections = Pick<ApplicantSelectionService, 'checked' | 'resolve'>;

/**
 * "Add to an offer" all that match of a sourcing search or a recruitment list (issue 42 part 2,
 * docs/bulk-actions.md): the offers are checked as for the id form, the selection resolved and
 * counted by the module that owns it (`applicantSelection`: this module never reads the sourcing
 * or list tables; 409 `selection_changed`, 422 over APPLICANT_BULK_MAX), then walked by id a batch
 * at a time, each batch through the id form's own copy (ApplicationCopiesService.copyBatch: the
 * sight check, one transaction, the followers told). Up to BULK_INLINE_MAX during the request; more
 * in the `applications.bulk_copy` job, its progress in bulk_operations.
 */
export class CopySelectionService {
  constructor(
    private readonly copies: ApplicationCopiesService,
    private readonly selections: () => Selections,
    private readonly operations: BulkOperations,
  ) {}

  /** Checks the offers and the count, then copies a small set at once (200) or queues the job (202). */
  async start(
    auth: AuthContext,
    ref: TProjectRef,
    offerId: number,
    input: { job_offer_id: number; keep_statuses: boolean; selection: TApplicantSelection },
  ): Promise<{ code: 200 | 202; operation: TBulkOperation }> {
    await this.copies.checkOffers(auth, ref, offerId, input.job_offer_id);
    const { selected, total } = await this.selections().checked(
      auth,
      input.selection,
      APPLICANT_BULK_MAX,
      'selection',
    );
    const params: CopyParams = {
      ref,
      offer_id: offerId,
      job_offer_id: input.job_offer_id,
      keep_statuses: input.keep_statuses,
      selection: input.selection,
      actor: actorSnapshot(auth),
    };
    return this.operations.start(
      auth,
      { kind: COPY_BULK_KIND, params, total },
      COPY_BULK_JOB,
      (id) => this.run(auth.companyId, id, { selected, except: input.selection.all.except }),
    );
  }

  /** `GET /applications/duplicate-operations/{id}`: the user's own copy, else 404. */
  async get(auth: AuthContext, id: number): Promise<TBulkOperation> {
    return this.operations.view(auth, id, (kind) => kind === COPY_BULK_KIND);
  }

  /** Walks the operation's selection from its cursor (walkOperation), a batch per transaction. */
  run(companyId: number, id: number, resolvedAlready?: Resolved): Promise<void> {
    return walkOperation<CopyParams, Resolved>(
      this.operations,
      companyId,
      id,
      {
        resolve: async (auth, params) => {
          await this.copies.checkOffers(auth, params.ref, params.offer_id, params.job_offer_id);
          const selected = await this.selections().resolve(auth, params.selection);
          return { selected, except: params.selection.all.except };
        },
        next: (resolved, cursor, batch) =>
          resolved.selected.idsAfter(resolved.except, cursor, batch),
        step: (auth, params, ids) =>
          this.copies.copyBatch(
            auth,
            params.offer_id,
            { job_offer_id: params.job_offer_id, keep_statuses: params.keep_statuses },
            ids,
          ),
        batch: COPY_BULK_BATCH,
      },
      resolvedAlready,
    );
  }

  /** The job that copies big selections. */
  register(worker: Pick<JobWorker, 'register'>) {
    worker.register<{ operation_id: number; company_id: number }>(COPY_BULK_JOB, (payload) =>
      this.run(payload.company_id, payload.operation_id),
    );
  }
}
