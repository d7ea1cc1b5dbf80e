import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SmsConfig } from '../../platform/config/config.ts';
import { HttpError, notFound } from '../../platform/http/http-error.ts';
import { toE164 } from '../../platform/sms/phone.ts';
import { TWILIO_INBOUND_PATH, TWILIO_STATUS_PATH } from '../../platform/sms/sms-providers.ts';
import { validTwilioSignature } from '../../platform/sms/twilio-signature.ts';
import type { DeliveryReport, SmsDelivery } from './sms-delivery.ts';
import type { SmsRepository } from './sms.repository.ts';

/** Twilio's message statuses, in our states; the others (queued, sending…) change nothing. */
function reportOf(status: string, errorCode: string | undefined): DeliveryReport | null {
  switch (status) {
    case 'sent':
      return { state: 'sent' };
    case 'delivered':
    case 'read':
      return { state: 'received' };
    case 'failed':
    case 'undelivered':
    case 'canceled':
      return { state: 'failed', reason: errorCode ? `undelivered: ${errorCode}` : 'undelivered' };
    default:
      return null;
  }
}

const forbiddenSignature = () =>
  new HttpError(403, 'The request signature is not valid.', 'forbidden');

/**
 * Twilio's webhooks (public: the signature is the key): delivery receipts and the applicants'
 * texts. A request whose `X-Twilio-Signature` does not match answers 403 and stores nothing; a
 * receipt or a text delivered twice changes or stores nothing the second time (provider id).
 * Without Twilio configured they answer 404.
 */
export function smsWebhookRoutes(
  sms: SmsConfig,
  publicUrl: string | undefined,
  repo: SmsRepository,
  delivery: SmsDelivery,
) {
  return async (app: FastifyInstance) => {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_request, body, done) => done(null, new URLSearchParams(String(body))),
    );

    /** The form's fields, after checking the signature against the URL Twilio called. */
    const verified = (request: FastifyRequest): Record<string, string> => {
      const twilio = sms.provider === 'twilio' ? sms.twilio : undefined;
      if (!twilio) throw notFound('Route');
      const form = request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
      const params: Record<string, string[]> = {};
      for (const [key, value] of form) (params[key] ??= []).push(value);
      const origin = publicUrl ?? `${request.protocol}://${request.host}`;
      const signature = request.headers['x-twilio-signature'];
      if (
        !validTwilioSignature(
          twilio.authToken,
          typeof signature === 'string' ? signature : undefined,
          `${origin}${request.url}`,
          params,
        )
      )
        throw forbiddenSignature();
      return Object.fromEntries(Object.entries(params).map(([k, v]) => [k, v[0] ?? '']));
    };

    app.post(
      TWILIO_STATUS_PATH,
      { config: { access: 'public' }, schema: { hide: true } },
      async (request, reply) => {
        const form = verified(request);
        const sid = form.MessageSid ?? form.SmsSid;
        const report = reportOf(form.MessageStatus ?? form.SmsStatus ?? '', form.ErrorCode);
        if (sid && report) await delivery.reportByProviderId(sid, report);
        return reply.status(204).send();
      },
    );

    app.post(
      TWILIO_INBOUND_PATH,
      { config: { access: 'public' }, schema: { hide: true } },
      async (request, reply) => {
        const form = verified(request);
        const sid = form.MessageSid ?? form.SmsSid;
        const from = toE164(form.From, sms.defaultCountry);
        const body = (form.Body ?? '').slice(0, 1600);
        if (sid && from && body.trim()) {
          // A text from a number nobody wrote to belongs to no conversation: it is not kept.
          const answered = await repo.lastWrittenTo(from);
          const conversation =
            answered && (await repo.conversation(answered.company_id, answered.conversation_id));
          if (conversation)
            await delivery.receive(conversation, {
              providerId: sid,
              from,
              to: form.To ?? '',
              body,
              provider: 'twilio',
            });
        }
        return reply.status(204).send();
      },
    );
  };
}
