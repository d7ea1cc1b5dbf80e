import {
  type TApplicationSelection,
  type TBulkOperation,
  type TSelectionStatusRequest,
} from '@embauche/contracts/application-selection';
import type { Kysely } from 'kysely';
import type { AuthContext } from '../../platform/auth/auth-context.ts';
import type { DB } from '../../platform/db/schema.ts';
import { HttpError, validationFailed } from '../../platform/http/http-error.ts';
import {
  actorSnapshot,
  selectionQuery,
  walkOperation,
  type ActorSnapshot,
  type BulkOperations,
} from '../../platform/jobs/bulk-operations.ts';
import type { JobWorker } from '../../platform/jobs/jobs.ts';
import type { OffersService } from '../offers/offers.service.ts';
import { parseApplicationQuery } from './application-filters.ts';
import type {
  ApplicationSelectionRepository,
  ResolvedSelection,
} from './application-selection.repository.ts';
import type { ApplicationStatusService } from './application-status.service.ts';
import type { TreatmentService } from './treatment.service.ts';

export const BULK_STATUS_JOB = 'applications.bulk_status';
export const BULK_STATUS_KIND = 'status_change';
/** Applications changed per transaction (one status-history write, one feed write). */
export const BULK_BATCH = 200;

type BulkStatusParams = {
  selection: TApplicationSelection;
  spontaneous: boolean;
  status_id: number;
  motif_id: number | null;
  actor: ActorSnapshot;
};

/**
 * "Select all N that match" + status change (issue 42 part 2, docs/bulk-actions.md): the selection
 * is resolved on the server by the list's filters within the company and the user's sight, walked
 * by id a batch at a time, each batch changed through ApplicationStatusService (its checks, its
 * status history, feed and notifications) in a transaction. Up to BULK_INLINE_MAX during the
 * request; more in the `applications.bulk_status` job, its progress in bulk_operations.
 */
export class BulkStatusService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly repo: ApplicationSelectionRepository,
    private readonly statusChanges: ApplicationStatusService,
    private readonly treatment: TreatmentService,
    private readonly offers: OffersService,
    private readonly operations: BulkOperations,
  ) {}

  /** The selection's filters, company and sight included; 404 for an offer the user does not reach. */
  async resolve(
    auth: AuthContext,
    selection: TApplicationSelection,
    spontaneous: boolean,
  ): Promise<ResolvedSelection> {
    if ('ids' in selection) {
      const filters = await this.treatment.treatmentFilters(auth, {}, spontaneous);
      // Whatever the status: the ids name the applications, the list's scope bounds them.
      return { filters: { ...filters, statuses: undefined }, ids: selection.ids, except: [] };
    }
    const { all } = selection;
    const query = selectionQuery(all.filters);
    if (all.list === 'treatment')
      return {
        filters: await this.treatment.treatmentFilters(auth, query, spontaneous),
        except: all.except,
      };
    if (spontaneous || all.offer_id === undefined || all.project_id === undefined)
      throw validationFailed({ 'selection.all.offer_id': ['field_required'] });
    await this.offers.requireVisibleOffer(auth, all.project_id, all.offer_id);
    const { filters } = parseApplicationQuery(query);
    return { filters: { ...filters, offerIds: [all.offer_id] }, except: all.except };
  }

  /**
   * Checks the count the user confirmed (409 `selection_changed` with the current one), then
   * changes a small set at once (200) or queues the job (202).
   */
  async change(
    auth: AuthContext,
    input: TSelectionStatusRequest,
    spontaneous: boolean,
  ): Promise<{ code: 200 | 202; operation: TBulkOperation }> {
    const resolved = await this.resolve(auth, input.selection, spontaneous);
    const total = await this.repo.count(auth.companyId, resolved);
    if ('all' in input.selection && total !== input.selection.all.count)
      throw new HttpError(409, 'The selection changed since it was counted.', 'selection_changed', {
        count: [String(total)],
      });
    const params: BulkStatusParams = {
      selection: input.selection,
      spontaneous,
      status_id: input.status_id,
      motif_id: input.motif_id ?? null,
      actor: actorSnapshot(auth),
    };
    return this.operations.start(
      auth,
      { kind: BULK_STATUS_KIND, params, total },
      BULK_STATUS_JOB,
      (id) => this.run(auth.companyId, id, resolved),
    );
  }

  /** `GET /applications/bulk-operations/{id}`: the user's own operation, else 404. */
  get(auth: AuthContext, id: number): Promise<TBulkOperation> {
    return this.operations.view(auth, id, (kind) => kind === BULK_STATUS_KIND);
  }

  /** Walks the operation's selection from its cursor (walkOperation), a batch per transaction. */
  run(companyId: number, id: number, resolvedAlready?: ResolvedSelection): Promise<void> {
    return walkOperation<BulkStatusParams, ResolvedSelection>(
      this.operations,
      companyId,
      id,
      {
        resolve: (auth, params) => this.resolve(auth, params.selection, params.spontaneous),
        next: (resolved, cursor, batch) => this.repo.idsAfter(companyId, resolved, cursor, batch),
        step: async (auth, params, ids) => {
          const result = await this.statusChanges.changeStatuses(
            auth,
            ids.map((application_id) => ({
              application_id,
              status_id: params.status_id,
              motif_id: params.motif_id,
            })),
            { spontaneous: params.spontaneous },
            { skipUnchanged: true },
          );
          return { changed: result.changed.length, failed: result.failed };
        },
        batch: BULK_BATCH,
      },
      resolvedAlready,
    );
  }

  /** The job that changes big selections. */
  register(worker: Pick<JobWorker, 'register'>) {
    worker.register<{ operation_id: number; company_id: number }>(BULK_STATUS_JOB, (payload) =>
      this.run(payload.company_id, payload.operation_id),
    );
  }
}
