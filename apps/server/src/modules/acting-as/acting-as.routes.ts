import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZActingCompany,
  ZActingCompanyPage,
  ZActingListQuery,
  ZActingRole,
  ZActingUser,
  ZActingUserPage,
  ZChangeCompany,
  ZChangeRole,
  ZChangeUser,
} from '@embauche/contracts/acting-as';
import { requireAccess } from '../../platform/auth/access.ts';
import { setSessionCookie } from '../../platform/auth/session-cookie.ts';
import type { ActingAsService, ActingFamily } from './acting-as.service.ts';

/** The two families' paths (spec 7): the super administrator's use `_`, the partner's `-`. */
const PATHS: Record<ActingFamily, Record<string, string>> = {
  superadmin: {
    changeCompany: 'change_company',
    changeUser: 'change_user',
    currentCompany: 'current_company',
    currentUser: 'current_user',
  },
  partner: {
    changeCompany: 'change-company',
    changeUser: 'change-user',
    currentCompany: 'current-company',
    currentUser: 'current-user',
  },
};

/**
 * Spec 7 "Super admin" and "Partner admin". Access `*`: the service answers 403 unless the REAL
 * person is a super (partner) administrator, since acting drops their own permissions.
 */
export function actingAsRoutes(service: ActingAsService) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const config = { access: '*' } as const;

    /** A switch's answer: the new session's cookie (sign-in sets it the same way), or nothing. */
    const switched = (request: FastifyRequest, reply: FastifyReply, token: string | null) => {
      if (token) setSessionCookie(request, reply, token);
      return reply.status(204).send();
    };

    for (const family of ['superadmin', 'partner'] as const) {
      const base = `/${family}`;
      const path = PATHS[family];
      app.put(
        `${base}/${path.changeCompany}`,
        { config, schema: { body: ZChangeCompany } },
        async (request, reply) =>
          switched(
            request,
            reply,
            await service.changeCompany(requireAccess(request), family, request.body.company_id),
          ),
      );
      app.put(
        `${base}/${path.changeUser}`,
        { config, schema: { body: ZChangeUser } },
        async (request, reply) =>
          switched(
            request,
            reply,
            await service.changeUser(requireAccess(request), family, request.body.user_id),
          ),
      );
      app.post(`${base}/reset`, { config }, async (request, reply) =>
        switched(request, reply, await service.reset(requireAccess(request), family)),
      );
      app.post(`${base}/reset-user`, { config }, async (request, reply) =>
        switched(request, reply, await service.resetUser(requireAccess(request), family)),
      );
      app.get(
        `${base}/${path.currentCompany}`,
        { config, schema: { response: { 200: ZActingCompany } } },
        async (request) => service.currentCompany(requireAccess(request), family),
      );
      app.get(
        `${base}/${path.currentUser}`,
        { config, schema: { response: { 200: ZActingUser } } },
        async (request) => service.currentUser(requireAccess(request), family),
      );
      app.get(
        `${base}/companies`,
        {
          config,
          schema: { querystring: ZActingListQuery, response: { 200: ZActingCompanyPage } },
        },
        async (request) => service.companies(requireAccess(request), family, request.query),
      );
      app.get(
        `${base}/users`,
        { config, schema: { querystring: ZActingListQuery, response: { 200: ZActingUserPage } } },
        async (request) => service.users(requireAccess(request), family, request.query),
      );
    }

    app.put(
      '/partner/change-role',
      { config, schema: { body: ZChangeRole } },
      async (request, reply) =>
        switched(
          request,
          reply,
          await service.changeRole(requireAccess(request), request.body.role_id),
        ),
    );
    app.get(
      '/partner/current-role',
      { config, schema: { response: { 200: ZActingRole.nullable() } } },
      async (request) => service.currentRole(requireAccess(request)),
    );
    app.get(
      '/partner/roles',
      { config, schema: { response: { 200: z.array(ZActingRole) } } },
      async (request) => service.roles(requireAccess(request)),
    );
  };
}
