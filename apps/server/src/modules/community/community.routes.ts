import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCommunityInterest,
  ZCommunityInviteRequest,
  ZCommunityMember,
  ZCommunityMemberPage,
  ZCommunityMemberParams,
  ZCommunityQuery,
  ZCommunityToList,
  ZCommunityToListRequest,
} from '@embauche/contracts/community';
import { requireAccess } from '../../platform/auth/access.ts';
import { contentDisposition } from '../../platform/http/content-disposition.ts';
import type { CommunityService } from './community.service.ts';

const requestBase = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/**
 * The community area (issue 37 part 4, contracts/community.ts): any signed-in user (`*`), as the
 * spec's community area route; adding to a recruitment list needs `project.list`, as the lists do.
 */
export function communityRoutes(service: CommunityService) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const config = { access: '*' } as const;
    const params = ZCommunityMemberParams;

    app.get(
      '/community/members',
      {
        config,
        schema: { querystring: ZCommunityQuery, response: { 200: ZCommunityMemberPage } },
      },
      async (request) => service.page(requireAccess(request), request.query),
    );
    app.get(
      '/community/interests',
      { config, schema: { response: { 200: z.array(ZCommunityInterest) } } },
      async (request) => service.interests(requireAccess(request)),
    );
    app.get(
      '/community/members/:id',
      { config, schema: { params, response: { 200: ZCommunityMember } } },
      async (request) => service.get(requireAccess(request), request.params.id),
    );
    app.get('/community/members/:id/cv', { config, schema: { params } }, async (request, reply) => {
      const file = await service.cv(requireAccess(request), request.params.id);
      return reply
        .header('content-length', file.size)
        .header('content-type', file.mime)
        .header('content-disposition', contentDisposition('attachment', file.filename))
        .header('cache-control', 'private, max-age=300')
        .header('x-content-type-options', 'nosniff')
        .send(file.data);
    });
    app.post(
      '/community/members/:id/recruitment-list',
      {
        config: { access: 'project.list' },
        schema: { params, body: ZCommunityToListRequest, response: { 200: ZCommunityToList } },
      },
      async (request) =>
        service.toList(requireAccess(request), request.params.id, request.body.list_id),
    );
    app.post(
      '/community/members/:id/invitations',
      { config, schema: { params, body: ZCommunityInviteRequest } },
      async (request, reply) => {
        await service.invite(
          requireAccess(request),
          request.params.id,
          request.body.offer_id,
          requestBase(request),
        );
        return reply.status(204).send();
      },
    );
  };
}
