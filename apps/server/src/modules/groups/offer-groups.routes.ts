import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZOfferGroups, ZOfferGroupsQuery } from '@embauche/contracts/groups';
import { ZIdParam } from '@embauche/contracts/ids';
import { requireAccess } from '../../platform/auth/access.ts';
import type { OfferGroupsService } from './offer-groups.service.ts';

/**
 * Offers granted to groups (contracts/groups.ts), with the permissions of the offer's users
 * (`/offer/{id}/users-with-offer-access`): reading needs project.list, granting project_job_offer.edit.
 */
export function offerGroupsRoutes(service: OfferGroupsService) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const read = { access: 'project.list' } as const;
    const edit = { access: 'project_job_offer.edit' } as const;
    const offer = z.object({ id: ZIdParam });
    const grant = z.object({ id: ZIdParam, group_id: ZIdParam });

    app.get(
      '/offer/:id/groups',
      { config: read, schema: { params: offer, response: { 200: ZOfferGroups } } },
      async (request) => service.granted(requireAccess(request), request.params.id),
    );
    app.get(
      '/offer/:id/groups-without-offer-access',
      {
        config: read,
        schema: { params: offer, querystring: ZOfferGroupsQuery, response: { 200: ZOfferGroups } },
      },
      async (request) =>
        service.available(requireAccess(request), request.params.id, request.query.search),
    );
    app.put(
      '/offer/:id/groups/:group_id',
      { config: edit, schema: { params: grant, response: { 200: ZOfferGroups } } },
      async (request) =>
        service.grant(requireAccess(request), request.params.id, request.params.group_id),
    );
    app.delete(
      '/offer/:id/groups/:group_id',
      { config: edit, schema: { params: grant } },
      async (request, reply) => {
        await service.revoke(requireAccess(request), request.params.id, request.params.group_id);
        return reply.status(204).send();
      },
    );
  };
}
