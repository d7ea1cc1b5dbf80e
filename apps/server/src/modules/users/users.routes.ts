import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZUser,
  ZUserActivation,
  ZUserActivationResult,
  ZUserChoices,
  ZUserForm,
  ZUserGroupLevel,
  ZUserIdParams,
  ZUserListQuery,
  ZUserMail,
  ZUserOption,
  ZUserPage,
  ZUserSave,
} from '@embauche/contracts/users';
import { requireAccess } from '../../platform/auth/access.ts';
import { compiledSerializer } from '../../platform/serialization/compiled-serializer.ts';
import type { UsersService } from './users.service.ts';

/**
 * Spec 7 "Users" (without import, export, password reset and mentions), and the choices of the
 * page's filters and dialog: `internal.users_list`.
 */
export function usersRoutes(service: UsersService) {
  return async (instance: FastifyInstance) => {
    // Lists answer many rows: their JSON is written by a serializer compiled from the schema.
    instance.setSerializerCompiler(compiledSerializer);
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const config = { access: 'internal.users_list' } as const;
    const params = ZUserIdParams;

    app.get(
      '/users',
      { config, schema: { querystring: ZUserListQuery, response: { 200: ZUserPage } } },
      async (request) => service.page(requireAccess(request), request.query),
    );
    app.get(
      '/users/all',
      { config, schema: { response: { 200: z.array(ZUserOption) } } },
      async (request) => service.all(requireAccess(request)),
    );
    app.get(
      '/users/all-mails',
      { config, schema: { response: { 200: z.array(ZUserMail) } } },
      async (request) => service.allMails(requireAccess(request)),
    );
    app.get(
      '/users/choices',
      { config, schema: { response: { 200: ZUserChoices } } },
      async (request) => service.choices(requireAccess(request)),
    );
    app.get(
      '/users/:id',
      { config, schema: { params, response: { 200: ZUser } } },
      async (request) => service.get(requireAccess(request), request.params.id),
    );
    // Spec 7 "create or update on /users": an id in the body updates that user.
    app.post(
      '/users',
      { config, schema: { body: ZUserSave, response: { 200: ZUser, 201: ZUser } } },
      async (request, reply) => {
        const auth = requireAccess(request);
        const { id, ...form } = request.body;
        if (id !== undefined) return service.update(auth, id, form);
        return reply.status(201).send(await service.create(auth, form));
      },
    );
    app.put(
      '/users/account-activation',
      {
        config,
        schema: { body: ZUserActivation, response: { 200: ZUserActivationResult, 204: z.null() } },
      },
      async (request, reply) => {
        const auth = requireAccess(request);
        const { selection, active } = request.body;
        // All that match (issue 42 part 2): what changed and what was skipped, by reason.
        if (selection) return service.setActiveSelection(auth, selection, active);
        await service.setActive(auth, request.body);
        return reply.status(204).send(null);
      },
    );
    app.put(
      '/users/groups',
      { config, schema: { body: ZUserGroupLevel } },
      async (request, reply) => {
        await service.setGroupLevel(requireAccess(request), request.body);
        return reply.status(204).send();
      },
    );
    app.put(
      '/users/:id',
      { config, schema: { params, body: ZUserForm, response: { 200: ZUser } } },
      async (request) => service.update(requireAccess(request), request.params.id, request.body),
    );
  };
}
