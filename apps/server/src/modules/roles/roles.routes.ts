import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZRole,
  ZRoleForm,
  ZRoleList,
  ZRolePermissions,
  ZRolePermissionsBody,
} from '@embauche/contracts/roles';
import { ZIdParam } from '@embauche/contracts/ids';
import { requireAccess } from '../../platform/auth/access.ts';
import type { RolesService } from './roles.service.ts';

/** Roles tree and permission matrix (contracts/roles.ts): `internal.users_rights`. */
export function rolesRoutes(service: RolesService) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const config = { access: 'internal.users_rights' } as const;
    const params = z.object({ id: ZIdParam });

    app.get('/roles', { config, schema: { response: { 200: ZRoleList } } }, async (request) =>
      service.tree(requireAccess(request)),
    );
    app.post(
      '/roles',
      { config, schema: { body: ZRoleForm, response: { 201: ZRole } } },
      async (request, reply) =>
        reply.status(201).send(await service.create(requireAccess(request), request.body)),
    );
    app.put(
      '/roles/:id',
      { config, schema: { params, body: ZRoleForm, response: { 200: ZRole } } },
      async (request) => service.update(requireAccess(request), request.params.id, request.body),
    );
    app.delete('/roles/:id', { config, schema: { params } }, async (request, reply) => {
      await service.delete(requireAccess(request), request.params.id);
      return reply.status(204).send();
    });
    app.get(
      '/roles/:id/permissions',
      { config, schema: { params, response: { 200: ZRolePermissions } } },
      async (request) => service.permissions(requireAccess(request), request.params.id),
    );
    app.put(
      '/roles/:id/permissions',
      {
        config,
        schema: { params, body: ZRolePermissionsBody, response: { 200: ZRolePermissions } },
      },
      async (request) =>
        service.setPermissions(requireAccess(request), request.params.id, request.body),
    );
  };
}
