import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZSmsActiveConversations,
  ZSmsConversation,
  ZSmsConversationListQuery,
  ZSmsConversationPage,
  ZSmsConversationQuery,
  ZSmsMarkReadPayload,
  ZSmsMarkReadResult,
  ZSmsMassSendPayload,
  ZSmsMassSendResult,
  ZSmsMessage,
  ZSmsSendPayload,
} from '@embauche/contracts/sms';
import { requireAccess } from '../../platform/auth/access.ts';
import { SMS_PERMISSION } from './sms-delivery.ts';
import type { SmsService } from './sms.service.ts';

/** Spec 7 "SMS" and the header sheet's paged list; all need `project_application.sms`. */
export function smsRoutes(service: SmsService) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const config = { access: SMS_PERMISSION } as const;

    app.get(
      '/sms/get-conversation',
      {
        config,
        schema: { querystring: ZSmsConversationQuery, response: { 200: ZSmsConversation } },
      },
      async (request) =>
        service.conversation(
          requireAccess(request),
          request.query.applicant_id,
          request.query.application_id,
        ),
    );
    app.post(
      '/sms/send',
      { config, schema: { body: ZSmsSendPayload, response: { 201: ZSmsMessage } } },
      async (request, reply) =>
        reply.status(201).send(await service.send(requireAccess(request), request.body)),
    );
    app.post(
      '/sms/mass-send',
      { config, schema: { body: ZSmsMassSendPayload, response: { 200: ZSmsMassSendResult } } },
      async (request) => service.massSend(requireAccess(request), request.body),
    );
    app.get(
      '/sms/get-active-conversations',
      { config, schema: { response: { 200: ZSmsActiveConversations } } },
      async (request) => service.active(requireAccess(request)),
    );
    app.get(
      '/sms/conversations',
      {
        config,
        schema: { querystring: ZSmsConversationListQuery, response: { 200: ZSmsConversationPage } },
      },
      async (request) => service.page(requireAccess(request), request.query),
    );
    app.put(
      '/sms/mark-read',
      { config, schema: { body: ZSmsMarkReadPayload, response: { 200: ZSmsMarkReadResult } } },
      async (request) => service.markRead(requireAccess(request), request.body.conversation_id),
    );
  };
}
