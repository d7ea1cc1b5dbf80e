import type { TBulkOperation } from '@embauche/contracts/application-selection';
import type { TOfferSelection } from '@embauche/contracts/offers';
import type { TProjectRef } from '@embauche/contracts/projects';
import type { Kysely } from 'kysely';
import type { AuthContext } from '../../platform/auth/auth-context.ts';
import type { DB } from '../../platform/db/schema.ts';
import { HttpError } from '../../platform/http/http-error.ts';
import {
  actorSnapshot,
  selectionQuery,
  walkOperation,
  type ActorSnapshot,
  type BulkOperations,
} from '../../platform/jobs/bulk-operations.ts';
import type { JobWorker } from '../../platform/jobs/jobs.ts';
import type { ActionInput, OfferAction } from './offer-actions.ts';
import type { OfferFilters, OfferSource } from './offer-list-filters.ts';
import type { OffersService } from './offers.service.ts';

export const OFFER_BULK_JOB = 'offers.bulk_action';
/** The kinds of the operations this service writes: `offers.publish`, `offers.move`… */
const OFFER_BULK_KIND_PREFIX = 'offers.';
/** Offers changed per call of OffersService.act (one update per kind of change). */
export const OFFER_BULK_BATCH = 200;

type Resolved = { source: OfferSource; filters: OfferFilters; except: number[] };

type OfferBulkParams = {
  ref: TProjectRef;
  action: OfferAction;
  input: ActionInput;
  selection: TOfferSelection;
  actor: ActorSnapshot;
};

/**
 * "Select all N that match" on an offer list + a batch action (issue 42 part 2,
 * docs/bulk-actions.md): the selection is resolved by the list's own filters and source
 * (OffersService.listFilters: company, the user's sight, the project or special list), counted
 * (409 `selection_changed` when the user was shown another number), then walked by id a batch at a
 * time, each batch through OffersService.act — the id form's own checks and writes. Up to
 * BULK_INLINE_MAX during the request; more in the `offers.bulk_action` job, its progress in
 * bulk_operations (kind `offers.<action>`).
 */
export class OfferSelectionService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly offers: OffersService,
    private readonly operations: BulkOperations,
  ) {}

  /** The list's source and filters; 404 for another company's project, 403 for one not seen. */
  async resolve(
    auth: AuthContext,
    ref: TProjectRef,
    selection: TOfferSelection,
  ): Promise<Resolved> {
    const { source, filters } = await this.offers.listFilters(
      auth,
      ref,
      selectionQuery(selection.all.filters),
    );
    return { source, filters, except: selection.all.except };
  }

  /** Checks the action and the count, then acts on a small set at once (200) or queues the job (202). */
  async act(
    auth: AuthContext,
    ref: TProjectRef,
    action: OfferAction,
    selection: TOfferSelection,
    input: ActionInput,
  ): Promise<{ code: 200 | 202; operation: TBulkOperation }> {
    const resolved = await this.resolve(auth, ref, selection);
    await this.offers.checkInput(auth, action, input);
    const total = await this.offers.lists.countSelected(
      resolved.source,
      resolved.filters,
      resolved.except,
    );
    if (total !== selection.all.count)
      throw new HttpError(409, 'The selection changed since it was counted.', 'selection_changed', {
        count: [String(total)],
      });
    const params: OfferBulkParams = { ref, action, input, selection, actor: actorSnapshot(auth) };
    return this.operations.start(
      auth,
      { kind: `${OFFER_BULK_KIND_PREFIX}${action}`, params, total },
      OFFER_BULK_JOB,
      (id) => this.run(auth.companyId, id, resolved),
    );
  }

  /** `GET /projects/all/offers/bulk-operations/{id}`: the user's own operation, else 404. */
  get(auth: AuthContext, id: number): Promise<TBulkOperation> {
    return this.operations.view(auth, id, (kind) => kind.startsWith(OFFER_BULK_KIND_PREFIX));
  }

  /** Walks the selection from the operation's cursor (walkOperation), a batch per OffersService.act. */
  run(companyId: number, id: number, resolvedAlready?: Resolved): Promise<void> {
    return walkOperation<OfferBulkParams, Resolved>(
      this.operations,
      companyId,
      id,
      {
        resolve: (auth, params) => this.resolve(auth, params.ref, params.selection),
        next: (resolved, cursor, batch) =>
          this.offers.lists.selectedIdsAfter(
            resolved.source,
            resolved.filters,
            resolved.except,
            cursor,
            batch,
          ),
        step: async (auth, params, ids) => {
          const result = await this.offers.act(auth, params.ref, params.action, ids, params.input);
          return { changed: result.changed.length, failed: result.failed };
        },
        batch: OFFER_BULK_BATCH,
      },
      resolvedAlready,
    );
  }

  /** The job that acts on big selections. */
  register(worker: Pick<JobWorker, 'register'>) {
    worker.register<{ operation_id: number; company_id: number }>(OFFER_BULK_JOB, (payload) =>
      this.run(payload.company_id, payload.operation_id),
    );
  }
}
