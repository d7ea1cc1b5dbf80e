import {
  APPLICANT_BULK_MAX,
  type TApplicantSelection,
} from '@embauche/contracts/applicant-selection';
import type { TBulkOperation } from '@embauche/contracts/application-selection';
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
} from './applicant-selection.service.ts';
import type { RecruitmentListsService } from './recruitment-lists.service.ts';

export const LIST_BULK_JOB = 'recruitment_lists.bulk_applicants';
/** The kinds of `bulk_operations` rows this service writes: `recruitment_lists.add|remove`. */
const KIND_PREFIX = 'recruitment_lists.';
/** Applicants added or removed per transaction (one insert or delete, one counter update). */
export const LIST_BULK_BATCH = 500;

type ListAction = 'add' | 'remove';

type ListBulkParams = {
  list_id: number;
  action: ListAction;
  selection: TApplicantSelection;
  actor: ActorSnapshot;
};

type Resolved = { selected: SelectedApplicants; except: number[] };

/**
 * Add to or remove from a recruitment list "all that match" of a sourcing search or a list (issue
 * 42 part 2, docs/bulk-actions.md): the list is checked (404 unseen, 403 read-only), the selection
 * resolved by the module that owns it (ApplicantSelectionService) and counted (409
 * `selection_changed`, 422 over APPLICANT_BULK_MAX), then walked by id a batch at a time, each
 * batch through the id form's own add or remove (RecruitmentListsService.applyBatch: the sight
 * check, one transaction, the counter). Up to BULK_INLINE_MAX during the request; more in the
 * `recruitment_lists.bulk_applicants` job, its progress in bulk_operations.
 */
export class ListSelectionService {
  constructor(
    private readonly lists: RecruitmentListsService,
    private readonly selections: () => ApplicantSelectionService,
    private readonly operations: BulkOperations,
  ) {}

  /** Checks the list and the count, then acts on a small set at once (200) or queues the job (202). */
  async start(
    auth: AuthContext,
    listId: number,
    action: ListAction,
    selection: TApplicantSelection,
  ): Promise<{ code: 200 | 202; operation: TBulkOperation }> {
    await this.lists.editable(auth, listId);
    const { selected, total } = await this.selections().checked(
      auth,
      selection,
      APPLICANT_BULK_MAX,
      'selection',
    );
    const params: ListBulkParams = {
      list_id: listId,
      action,
      selection,
      actor: actorSnapshot(auth),
    };
    return this.operations.start(
      auth,
      { kind: `${KIND_PREFIX}${action}`, params, total },
      LIST_BULK_JOB,
      (id) => this.run(auth.companyId, id, { selected, except: selection.all.except }),
    );
  }

  /** `GET /recruitment-lists/bulk-operations/{id}`: the user's own list operation, else 404. */
  async get(auth: AuthContext, id: number): Promise<TBulkOperation> {
    return this.operations.view(auth, id, (kind) => kind.startsWith(KIND_PREFIX));
  }

  /** Walks the operation's selection from its cursor (walkOperation), a batch per transaction. */
  run(companyId: number, id: number, resolvedAlready?: Resolved): Promise<void> {
    return walkOperation<ListBulkParams, Resolved>(
      this.operations,
      companyId,
      id,
      {
        resolve: async (auth, params) => {
          await this.lists.editable(auth, params.list_id);
          const selected = await this.selections().resolve(auth, params.selection);
          return { selected, except: params.selection.all.except };
        },
        next: (resolved, cursor, batch) =>
          resolved.selected.idsAfter(resolved.except, cursor, batch),
        step: (auth, params, ids) =>
          this.lists.applyBatch(auth, params.list_id, params.action, ids),
        batch: LIST_BULK_BATCH,
      },
      resolvedAlready,
    );
  }

  /** The job that adds or removes big selections. */
  register(worker: Pick<JobWorker, 'register'>) {
    worker.register<{ operation_id: number; company_id: number }>(LIST_BULK_JOB, (payload) =>
      this.run(payload.company_id, payload.operation_id),
    );
  }
}
