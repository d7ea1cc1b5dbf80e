import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZIdParam } from '@embauche/contracts/ids';
import {
  ZChangePasswordRequest,
  ZInvalidateSessionsRequest,
  ZLanguageRequest,
  ZPersonalInfosRequest,
  ZProfile,
  ZTwoFactorConfirmRequest,
  ZTwoFactorConfirmResponse,
  ZTwoFactorDisableRequest,
  ZTimeZoneRequest,
  ZTwoFactorSetup,
} from '@embauche/contracts/profile';
import { requireAccess } from '../../platform/auth/access.ts';
import { parseOr422, readMultipart } from '../../platform/http/parse-body.ts';
import type { ProfileService } from './profile.service.ts';

/** The signed-in user's own profile and settings, under /api/user_profile. */
export function profileRoutes(
  service: ProfileService,
  upload: { maxBytes: number; maxMb: number },
) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const any = { access: '*' as const };

    app.get(
      '/personal_infos',
      { config: any, schema: { response: { 200: ZProfile } } },
      async (request) => service.personalInfos(requireAccess(request)),
    );

    app.post(
      '/personal_infos',
      { config: any, schema: { response: { 200: ZProfile } } },
      async (request) => {
        const auth = requireAccess(request);
        if (!request.isMultipart()) {
          return service.updatePersonalInfos(
            auth,
            parseOr422(ZPersonalInfosRequest, request.body),
            undefined,
          );
        }
        const { fields, files } = await readMultipart(request, upload.maxBytes, upload.maxMb);
        const image = files.find((f) => f.field === 'img_src' && f.data.length > 0);
        return service.updatePersonalInfos(auth, parseOr422(ZPersonalInfosRequest, fields), image);
      },
    );

    app.get(
      '/avatars/:userId',
      { config: any, schema: { params: z.object({ userId: ZIdParam }) } },
      async (request, reply) => {
        const { data, mime } = await service.avatar(requireAccess(request), request.params.userId);
        return reply
          .header('content-type', mime)
          .header('cache-control', 'private, max-age=86400')
          .send(data);
      },
    );

    app.post(
      '/change_password',
      { config: any, schema: { body: ZChangePasswordRequest } },
      async (request, reply) => {
        await service.changePassword(
          requireAccess(request),
          request.body.current_password,
          request.body.password,
        );
        return reply.status(204).send();
      },
    );

    app.post(
      '/invalidate_sessions',
      { config: any, schema: { body: ZInvalidateSessionsRequest } },
      async (request, reply) => {
        await service.invalidateOtherSessions(requireAccess(request), request.body.password);
        return reply.status(204).send();
      },
    );

    app.put(
      '/language',
      { config: any, schema: { body: ZLanguageRequest } },
      async (request, reply) => {
        await service.setLanguage(requireAccess(request), request.body.language);
        return reply.status(204).send();
      },
    );

    app.put(
      '/time_zone',
      { config: any, schema: { body: ZTimeZoneRequest } },
      async (request, reply) => {
        await service.setTimeZone(requireAccess(request), request.body.time_zone);
        return reply.status(204).send();
      },
    );

    app.post(
      '/two-factor/setup',
      { config: any, schema: { response: { 200: ZTwoFactorSetup } } },
      async (request) => service.setupTwoFactor(requireAccess(request)),
    );

    app.post(
      '/two-factor/confirm',
      {
        config: any,
        schema: { body: ZTwoFactorConfirmRequest, response: { 200: ZTwoFactorConfirmResponse } },
      },
      async (request) => ({
        recovery_codes: await service.confirmTwoFactor(requireAccess(request), request.body.code),
      }),
    );

    app.post(
      '/two-factor/disable',
      { config: any, schema: { body: ZTwoFactorDisableRequest } },
      async (request, reply) => {
        await service.disableTwoFactor(requireAccess(request), request.body.password);
        return reply.status(204).send();
      },
    );
  };
}
