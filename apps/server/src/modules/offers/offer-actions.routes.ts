import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZBulkOperation } from '@embauche/contracts/application-selection';
import {
  ZArchiveRequest,
  ZBatchArchiveRequest,
  ZBatchArchiveSelectionRequest,
  ZBatchMoveRequest,
  ZBatchMoveSelectionRequest,
  ZBatchRequest,
  ZBatchResult,
  ZBatchSelectionRequest,
  ZOfferDetail,
  ZOfferMoveRequest,
} from '@embauche/contracts/offers';
import { ZIdParam } from '@embauche/contracts/ids';
import type { Permission } from '@embauche/contracts/permissions';
import { ZProjectRef } from '@embauche/contracts/projects';
import { requireAccess } from '../../platform/auth/access.ts';
import { validationFailed } from '../../platform/http/http-error.ts';
import type { OfferAction } from './offer-actions.ts';
import type { OfferSelectionService } from './offer-selection.service.ts';
import type { OffersService } from './offers.service.ts';

const refParams = z.object({ id: ZProjectRef });
const offerParams = z.object({ id: ZProjectRef, offer_id: ZIdParam });
const operationParams = z.object({ id: ZIdParam });

/** Path segment, action and permission of each life-cycle action (spec section 4 "Offer actions"). */
const ACTIONS: { path: string; action: OfferAction; access: Permission }[] = [
  { path: 'publish', action: 'publish', access: 'project_job_offer.publish' },
  { path: 'unpublish', action: 'unpublish', access: 'project_job_offer.publish' },
  { path: 'archive', action: 'archive', access: 'project_job_offer.archive' },
  { path: 'archive/draft', action: 'draft', access: 'project_job_offer.archive' },
  { path: 'move', action: 'move', access: 'project_job_offer.edit' },
];

/**
 * `PUT /projects/{id}/offers/{offer_id}/{action}` answers the updated offer (409 with the reason
 * as `code` when the action does not apply); `PUT /projects/{id}/offers/batch/{action}` answers
 * `{ changed, failed: [{ id, reason }] }`; with a `selection` ("select all N that match" the list's
 * filters, issue 42 part 2) instead of the ids, the operation: 200 when done, 202 when a job runs
 * (`GET /projects/all/offers/bulk-operations/{id}` tells its progress).
 */
export function offerActionsRoutes(service: OffersService, selections: OfferSelectionService) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();

    for (const { path, action, access } of ACTIONS) {
      const single =
        action === 'archive'
          ? ZArchiveRequest
          : action === 'move'
            ? ZOfferMoveRequest
            : z.unknown();
      app.put(
        `/projects/:id/offers/:offer_id/${path}`,
        {
          config: { access },
          schema: { params: offerParams, body: single, response: { 200: ZOfferDetail } },
        },
        async (request) => {
          const { id, offer_id } = request.params;
          // publish, unpublish and archive/draft take no body.
          const body = (request.body ?? {}) as { moving_offer?: number; target_project?: number };
          if (
            action === 'move' &&
            body.moving_offer !== undefined &&
            body.moving_offer !== offer_id
          ) {
            throw validationFailed({ moving_offer: ['invalid'] });
          }
          return service.actOne(requireAccess(request), id, action, offer_id, {
            ...(action === 'archive'
              ? { archive: request.body as z.infer<typeof ZArchiveRequest> }
              : {}),
            ...(action === 'move' ? { targetProject: body.target_project } : {}),
          });
        },
      );

      const batch =
        action === 'archive'
          ? ZBatchArchiveRequest
          : action === 'move'
            ? ZBatchMoveRequest
            : ZBatchRequest;
      const bySelection =
        action === 'archive'
          ? ZBatchArchiveSelectionRequest
          : action === 'move'
            ? ZBatchMoveSelectionRequest
            : ZBatchSelectionRequest;
      app.put(
        `/projects/:id/offers/batch/${path}`,
        {
          config: { access },
          schema: {
            params: refParams,
            body: z.union([batch, bySelection]),
            response: { 200: z.union([ZBatchResult, ZBulkOperation]), 202: ZBulkOperation },
          },
        },
        async (request, reply) => {
          const body = request.body as Partial<
            z.infer<typeof ZBatchArchiveRequest> &
              z.infer<typeof ZBatchMoveRequest> &
              z.infer<typeof ZBatchSelectionRequest>
          >;
          const input = {
            ...(action === 'archive'
              ? { archive: { reason: body.reason!, comment: body.comment ?? null } }
              : {}),
            ...(action === 'move' ? { targetProject: body.target_project } : {}),
          };
          const auth = requireAccess(request);
          if (body.selection) {
            const done = await selections.act(
              auth,
              request.params.id,
              action,
              body.selection,
              input,
            );
            return reply.status(done.code).send(done.operation);
          }
          const ids = action === 'move' ? body.moving_offers! : body.offers_ids!;
          return service.act(auth, request.params.id, action, ids, input);
        },
      );
    }

    app.get(
      '/projects/all/offers/bulk-operations/:id',
      {
        config: { access: 'project.list' },
        schema: { params: operationParams, response: { 200: ZBulkOperation } },
      },
      async (request) => selections.get(requireAccess(request), request.params.id),
    );
  };
}
