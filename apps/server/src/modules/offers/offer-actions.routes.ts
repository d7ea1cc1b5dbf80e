import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZArchiveRequest,
  ZBatchArchiveRequest,
  ZBatchMoveRequest,
  ZBatchRequest,
  ZBatchResult,
  ZOfferDetail,
  ZOfferMoveRequest,
} from '@embauche/contracts/offers';
import { ZIdParam } from '@embauche/contracts/ids';
import type { Permission } from '@embauche/contracts/permissions';
import { ZProjectRef } from '@embauche/contracts/projects';
import { requireAccess } from '../../platform/auth/access.ts';
import { validationFailed } from '../../platform/http/http-error.ts';
import type { OfferAction } from './offer-actions.ts';
import type { OffersService } from './offers.service.ts';

const refParams = z.object({ id: ZProjectRef });
const offerParams = z.object({ id: ZProjectRef, offer_id: ZIdParam });

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
 * `{ changed, failed: [{ id, reason }] }`.
 */
export function offerActionsRoutes(service: OffersService) {
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
      app.put(
        `/projects/:id/offers/batch/${path}`,
        {
          config: { access },
          schema: { params: refParams, body: batch, response: { 200: ZBatchResult } },
        },
        async (request) => {
          const body = request.body as Partial<
            z.infer<typeof ZBatchArchiveRequest> & z.infer<typeof ZBatchMoveRequest>
          >;
          const ids = action === 'move' ? body.moving_offers! : body.offers_ids!;
          return service.act(requireAccess(request), request.params.id, action, ids, {
            ...(action === 'archive'
              ? { archive: { reason: body.reason!, comment: body.comment ?? null } }
              : {}),
            ...(action === 'move' ? { targetProject: body.target_project } : {}),
          });
        },
      );
    }
  };
}
