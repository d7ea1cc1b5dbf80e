import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZIdParam } from '@embauche/contracts/ids';
import {
  ZSmsOutboxList,
  ZSmsOutboxReceiptPayload,
  ZSmsOutboxReplyPayload,
} from '@embauche/contracts/sms';
import type { AuthContext } from '../../platform/auth/auth-context.ts';
import { requireAccess } from '../../platform/auth/access.ts';
import { notFound } from '../../platform/http/http-error.ts';
import { SMS_PERMISSION, type SmsDelivery } from './sms-delivery.ts';
import type { SmsRepository } from './sms.repository.ts';
import type { SmsService } from './sms.service.ts';

const idParams = z.object({ id: ZIdParam });

/**
 * The development SMS outbox (`SMS_PROVIDER=outbox`, outside production; 404 otherwise): what the
 * company "sent", and the two things a real provider would tell: the delivery receipt and the
 * applicant's reply, so the whole loop works on a fresh clone.
 */
export function smsDevRoutes(
  enabled: boolean,
  service: SmsService,
  repo: SmsRepository,
  delivery: SmsDelivery,
) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const config = { access: SMS_PERMISSION } as const;

    /** The caller's outbox row, once the outbox is on and the company has the feature. */
    const item = async (auth: AuthContext, id: number) => {
      await service.scope(auth);
      const row = await repo.outboxItem(auth.companyId, id);
      if (!row) throw notFound('Message');
      return row;
    };
    const on = () => {
      if (!enabled) throw notFound('Route');
    };

    app.get(
      '/dev/sms/outbox',
      { config, schema: { response: { 200: ZSmsOutboxList } } },
      async (request) => {
        const auth = requireAccess(request);
        on();
        await service.scope(auth);
        const rows = await repo.outbox(auth.companyId, 100);
        return {
          data: rows.map((r) => ({
            id: r.id,
            message_id: r.message_id,
            conversation_id: r.conversation_id,
            to: r.to_phone,
            from: r.from_phone,
            body: r.body,
            state: r.state as 'pending' | 'sent' | 'received' | 'failed',
            reason: r.reason,
            applicant_name: `${r.firstname} ${r.lastname}`.trim(),
            created_at: r.created_at,
          })),
        };
      },
    );
    app.post(
      '/dev/sms/outbox/:id/receipt',
      { config, schema: { params: idParams, body: ZSmsOutboxReceiptPayload } },
      async (request, reply) => {
        const auth = requireAccess(request);
        on();
        const row = await item(auth, request.params.id);
        const { state, reason } = request.body;
        await delivery.report(row.message_id, { state, reason: reason?.trim() || 'undelivered' });
        return reply.status(204).send();
      },
    );
    app.post(
      '/dev/sms/outbox/:id/reply',
      { config, schema: { params: idParams, body: ZSmsOutboxReplyPayload } },
      async (request, reply) => {
        const auth = requireAccess(request);
        on();
        const row = await item(auth, request.params.id);
        const message = await repo.message(row.message_id);
        const conversation =
          message && (await repo.conversation(auth.companyId, message.conversation_id));
        if (!conversation) throw notFound('Message');
        await delivery.receive(conversation, {
          providerId: null,
          from: row.to_phone,
          to: row.from_phone,
          body: request.body.message,
          provider: 'outbox',
        });
        return reply.status(204).send();
      },
    );
  };
}
