import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZIdParam } from '@embauche/contracts/ids';
import {
  ZAuthorizedUser,
  ZProject,
  ZProjectCreateRequest,
  ZProjectListQuery,
  ZProjectMoveRequest,
  ZProjectNode,
  ZProjectParent,
  ZProjectRef,
  ZProjectTree,
  ZProjectUpdateRequest,
  ZProjectUser,
  ZProjectUsersRequest,
} from '@embauche/contracts/projects';
import { requireAccess } from '../../platform/auth/access.ts';
import { validationFailed } from '../../platform/http/http-error.ts';
import type { ProjectsService } from './projects.service.ts';
import { compiledSerializer } from '../../platform/serialization/compiled-serializer.ts';

const idParams = z.object({ id: ZIdParam });

/** The project tree: spec section 7 "Projects" (offer-related project calls live with the offers). */
export function projectsRoutes(service: ProjectsService) {
  return async (instance: FastifyInstance) => {
    // Lists answer many rows: their JSON is written by a serializer compiled from the schema.
    instance.setSerializerCompiler(compiledSerializer);
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const list = { access: 'project.list' as const };

    app.get(
      '/projects',
      {
        config: list,
        schema: {
          querystring: ZProjectListQuery,
          response: { 200: z.union([z.array(ZProjectNode), z.array(ZProject)]) },
        },
      },
      async (request) => service.list(requireAccess(request), request.query.mode),
    );

    app.post(
      '/projects',
      {
        config: { access: 'project.create' },
        schema: { body: ZProjectCreateRequest, response: { 201: ZProject } },
      },
      async (request, reply) =>
        reply.status(201).send(await service.create(requireAccess(request), request.body)),
    );

    app.get(
      '/projects/parents',
      { config: list, schema: { response: { 200: z.array(ZProjectParent) } } },
      async (request) => service.parents(requireAccess(request)),
    );

    app.get(
      '/projects/favorites',
      { config: list, schema: { response: { 200: z.array(ZProject) } } },
      async (request) => service.favorites(requireAccess(request)),
    );

    app.get(
      '/projects/:id',
      { config: list, schema: { params: idParams, response: { 200: ZProject } } },
      async (request) => service.one(requireAccess(request), request.params.id),
    );

    app.put(
      '/projects/:id',
      {
        config: { access: 'project.edit' },
        schema: { params: idParams, body: ZProjectUpdateRequest, response: { 200: ZProject } },
      },
      async (request) => service.update(requireAccess(request), request.params.id, request.body),
    );

    app.delete(
      '/projects/:id',
      { config: { access: 'project.delete' }, schema: { params: idParams } },
      async (request, reply) => {
        await service.delete(requireAccess(request), request.params.id);
        return reply.status(204).send();
      },
    );

    app.put(
      '/projects/:id/move',
      {
        config: { access: 'project.edit' },
        schema: { params: idParams, body: ZProjectMoveRequest, response: { 200: ZProject } },
      },
      async (request) => {
        const { moving_project, target_project } = request.body;
        if (moving_project !== undefined && moving_project !== request.params.id) {
          throw validationFailed({ moving_project: ['invalid'] });
        }
        return service.move(requireAccess(request), request.params.id, target_project);
      },
    );

    app.get(
      '/projects/:id/tree',
      {
        config: list,
        schema: { params: z.object({ id: ZProjectRef }), response: { 200: ZProjectTree } },
      },
      async (request) => service.tree(requireAccess(request), request.params.id),
    );

    for (const method of ['post', 'delete'] as const) {
      app[method](
        '/projects/:id/favorites',
        { config: list, schema: { params: idParams } },
        async (request, reply) => {
          await service.setFavorite(requireAccess(request), request.params.id, method === 'post');
          return reply.status(204).send();
        },
      );
    }

    app.get(
      '/projects/:id/users/authorized',
      { config: list, schema: { params: idParams, response: { 200: z.array(ZAuthorizedUser) } } },
      async (request) => service.authorizedUsers(requireAccess(request), request.params.id),
    );

    app.get(
      '/projects/:id/users',
      {
        config: list,
        schema: {
          params: idParams,
          querystring: z.object({ subsidiary_id: ZIdParam.optional() }),
          response: { 200: z.array(ZProjectUser) },
        },
      },
      async (request) =>
        service.users(requireAccess(request), request.params.id, request.query.subsidiary_id),
    );

    app.put(
      '/projects/:id/users',
      {
        config: { access: 'project.edit' },
        schema: {
          params: idParams,
          body: ZProjectUsersRequest,
          response: { 200: z.array(ZProjectUser) },
        },
      },
      async (request) =>
        service.setUsers(requireAccess(request), request.params.id, request.body.users_ids),
    );
  };
}
