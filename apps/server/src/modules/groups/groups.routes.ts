import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZGroup,
  ZGroupForm,
  ZGroupListQuery,
  ZGroupMemberPage,
  ZGroupMemberQuery,
  ZGroupMembersSet,
  ZGroupPage,
  ZGroupUserPage,
} from '@embauche/contracts/groups';
import { ZIdParam } from '@embauche/contracts/ids';
import { requireAccess } from '../../platform/auth/access.ts';
import type { GroupsService } from './groups.service.ts';

/** The config page users/groups (spec 2): every route needs `internal.users_groups`. */
export function groupsRoutes(service: GroupsService) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const config = { access: 'internal.users_groups' } as const;
    const params = z.object({ id: ZIdParam });

    app.get(
      '/groups',
      { config, schema: { querystring: ZGroupListQuery, response: { 200: ZGroupPage } } },
      async (request) => service.page(requireAccess(request), request.query),
    );
    app.get(
      '/groups/users',
      { config, schema: { querystring: ZGroupMemberQuery, response: { 200: ZGroupUserPage } } },
      async (request) => service.users(requireAccess(request), request.query),
    );
    app.post(
      '/groups',
      { config, schema: { body: ZGroupForm, response: { 201: ZGroup } } },
      async (request, reply) =>
        reply.status(201).send(await service.create(requireAccess(request), request.body)),
    );
    app.put(
      '/groups/:id',
      { config, schema: { params, body: ZGroupForm, response: { 200: ZGroup } } },
      async (request) => service.rename(requireAccess(request), request.params.id, request.body),
    );
    app.get(
      '/groups/:id/members',
      {
        config,
        schema: { params, querystring: ZGroupMemberQuery, response: { 200: ZGroupMemberPage } },
      },
      async (request) => service.members(requireAccess(request), request.params.id, request.query),
    );
    app.put(
      '/groups/:id/members',
      { config, schema: { params, body: ZGroupMembersSet } },
      async (request, reply) => {
        await service.setMembers(requireAccess(request), request.params.id, request.body.user_ids);
        return reply.status(204).send();
      },
    );
    // Last: a walk over the routes (tests) reads the group before deleting it.
    app.delete('/groups/:id', { config, schema: { params } }, async (request, reply) => {
      await service.remove(requireAccess(request), request.params.id);
      return reply.status(204).send();
    });
  };
}
