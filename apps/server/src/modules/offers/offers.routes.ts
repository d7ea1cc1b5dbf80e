import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZIdParam } from '@embauche/contracts/ids';
import {
  ZJobBoard,
  ZOfferCreateRequest,
  ZOfferDetail,
  ZOfferJobBoard,
  ZOfferJobBoardsRequest,
  ZOfferPage,
  ZOfferUpdateRequest,
  ZOfferUsers,
  ZOfferUsersRequest,
} from '@embauche/contracts/offers';
import {
  STATS_IDS,
  ZBreadcrumb,
  ZProjectRef,
  ZProjectSearchQuery,
  ZProjectSearchResult,
  ZProjectStats,
  ZUserSummary,
} from '@embauche/contracts/projects';
import { requireAccess } from '../../platform/auth/access.ts';
import type { OfferExtrasService } from './offer-extras.service.ts';
import type { OffersService } from './offers.service.ts';
import { compiledSerializer } from '../../platform/serialization/compiled-serializer.ts';

const refParams = z.object({ id: ZProjectRef });
const offerParams = z.object({ id: ZProjectRef, offer_id: ZIdParam });
const optionalOffer = z.object({ offer_id: ZIdParam.optional() });

/** Spec section 7 "Offers" (lists, offer screen, favourites, job boards, accesses) and the project calls about offers. */
export function offersRoutes(service: OffersService, extras: OfferExtrasService) {
  return async (instance: FastifyInstance) => {
    // Lists answer many rows: their JSON is written by a serializer compiled from the schema.
    instance.setSerializerCompiler(compiledSerializer);
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const list = { access: 'project.list' as const };

    app.get(
      '/projects/:id/offers',
      {
        config: list,
        schema: { params: refParams, response: { 200: ZOfferPage } },
      },
      async (request) =>
        service.list(
          requireAccess(request),
          request.params.id,
          request.query as Record<string, unknown>,
        ),
    );

    app.post(
      '/projects/:id/offers',
      {
        config: { access: 'project_job_offer.create' },
        schema: {
          params: z.object({ id: ZIdParam }),
          body: ZOfferCreateRequest,
          response: { 201: ZOfferDetail },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await service.create(requireAccess(request), request.params.id, request.body)),
    );

    app.get(
      '/projects/:id/offers/jobboards',
      { config: list, schema: { params: refParams, response: { 200: z.array(ZJobBoard) } } },
      async (request) => extras.jobBoards(requireAccess(request), request.params.id),
    );

    app.get(
      '/projects/:id/offers/users-publish',
      { config: list, schema: { params: refParams, response: { 200: z.array(ZUserSummary) } } },
      async (request) => extras.usersPublish(requireAccess(request), request.params.id),
    );

    app.get(
      '/projects/:id/offers/:offer_id',
      { config: list, schema: { params: offerParams, response: { 200: ZOfferDetail } } },
      async (request) =>
        service.detail(requireAccess(request), request.params.id, request.params.offer_id),
    );

    app.put(
      '/projects/:id/offers/:offer_id',
      {
        config: { access: 'project_job_offer.edit' },
        schema: { params: offerParams, body: ZOfferUpdateRequest, response: { 200: ZOfferDetail } },
      },
      async (request) =>
        service.update(
          requireAccess(request),
          request.params.id,
          request.params.offer_id,
          request.body,
        ),
    );

    for (const method of ['post', 'delete'] as const) {
      app[method](
        '/projects/:id/offers/:offer_id/favorites',
        { config: list, schema: { params: offerParams } },
        async (request, reply) => {
          const { id, offer_id } = request.params;
          await service.setFavorite(requireAccess(request), id, offer_id, method === 'post');
          return reply.status(204).send();
        },
      );
    }

    app.get(
      '/projects/:id/offers/:offer_id/jobboards',
      { config: list, schema: { params: offerParams, response: { 200: z.array(ZOfferJobBoard) } } },
      async (request) =>
        extras.offerJobBoards(requireAccess(request), request.params.id, request.params.offer_id),
    );

    app.put(
      '/projects/:id/offers/:offer_id/jobboards',
      {
        config: { access: 'project_job_offer.publish' },
        schema: {
          params: offerParams,
          body: ZOfferJobBoardsRequest,
          response: { 200: z.array(ZOfferJobBoard) },
        },
      },
      async (request) =>
        extras.setOfferJobBoards(
          requireAccess(request),
          request.params.id,
          request.params.offer_id,
          request.body.jobboard_ids,
        ),
    );

    app.get(
      '/projects/:id/users-without-access',
      {
        config: list,
        schema: {
          params: refParams,
          querystring: optionalOffer,
          response: { 200: z.array(ZUserSummary) },
        },
      },
      async (request) =>
        extras.usersWithoutAccess(
          requireAccess(request),
          request.params.id,
          request.query.offer_id,
        ),
    );

    const offerId = z.object({ id: ZIdParam });
    app.get(
      '/offer/:id/users-with-offer-access',
      { config: list, schema: { params: offerId, response: { 200: ZOfferUsers } } },
      async (request) => extras.usersWithOfferAccess(requireAccess(request), request.params.id),
    );

    app.put(
      '/offer/:id/users-with-offer-access',
      {
        config: { access: 'project_job_offer.edit' },
        schema: { params: offerId, body: ZOfferUsersRequest, response: { 200: ZOfferUsers } },
      },
      async (request) =>
        extras.setUsersWithOfferAccess(
          requireAccess(request),
          request.params.id,
          request.body.users_ids,
        ),
    );

    app.get(
      '/projects/:id/stats',
      {
        config: list,
        schema: {
          params: z.object({
            id: z.union([z.enum(STATS_IDS), ZIdParam]),
          }),
          response: { 200: ZProjectStats },
        },
      },
      async (request) => extras.stats(requireAccess(request), request.params.id),
    );

    app.get(
      '/projects/:id/breadcrumbs',
      {
        config: list,
        schema: {
          params: refParams,
          querystring: optionalOffer,
          response: { 200: z.array(ZBreadcrumb) },
        },
      },
      async (request) =>
        extras.breadcrumbs(requireAccess(request), request.params.id, request.query.offer_id),
    );

    app.get(
      '/projects/search',
      {
        config: list,
        schema: { querystring: ZProjectSearchQuery, response: { 200: ZProjectSearchResult } },
      },
      async (request) =>
        extras.search(requireAccess(request), request.query.search, request.query.scope),
    );
  };
}
