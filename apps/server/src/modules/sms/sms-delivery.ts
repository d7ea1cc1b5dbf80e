import { randomBytes } from 'node:crypto';
import {
  SMS_LIVE_EVENT_TYPE,
  smsSegments,
  type TSmsLiveEvent,
  type TSmsMessage,
} from '@embauche/contracts/sms';
import type { FastifyBaseLogger } from 'fastify';
import type { JobWorker } from '../../platform/jobs/jobs.ts';
import type { HubPublisher } from '../../platform/realtime/hub-publisher.ts';
import { SmsRejected, type SmsProvider } from '../../platform/sms/sms-provider.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { toMessage } from './sms-items.ts';
import type { SmsRepository } from './sms.repository.ts';
import type { ConversationRow } from './sms-rows.ts';

/** The job that hands a stored message to the provider. */
export const SMS_SEND_JOB = 'sms.send';
/** Tries of the send job (backoff doubles between them) before the message is marked failed. */
export const SMS_SEND_ATTEMPTS = 6;
export const SMS_PERMISSION = 'project_application.sms';

/** A provider's delivery report, in our states. */
export type DeliveryReport = { state: 'sent' | 'received' | 'failed'; reason?: string | null };

/** States a report may move a message from (a late `sent` never undoes `received`). */
const FROM: Record<DeliveryReport['state'], readonly string[]> = {
  sent: ['pending'],
  received: ['pending', 'sent'],
  failed: ['pending', 'sent'],
};

/**
 * The SMS life cycle outside the user's requests: the send job (provider failures retried with
 * backoff, a refusal marks the message failed), delivery reports, the applicant's replies, and the
 * live updates and notifications they cause.
 */
export class SmsDelivery {
  constructor(
    private readonly repo: SmsRepository,
    readonly provider: SmsProvider,
    private readonly hub: () => HubPublisher | undefined,
    private readonly notifications: () => NotificationsService | undefined,
    private readonly log?: FastifyBaseLogger,
  ) {}

  register(worker: JobWorker): void {
    worker.register<{ messageId: number }>(SMS_SEND_JOB, (payload, job) =>
      this.send(payload.messageId, job.attempt),
    );
  }

  /** Sends a pending message once; a message no longer pending (sent, failed) is left alone. */
  async send(messageId: number, attempt: number): Promise<void> {
    const message = await this.repo.message(messageId);
    if (!message || message.state !== 'pending') return;
    try {
      const sent = await this.provider.send({
        messageId,
        companyId: message.company_id,
        to: message.to_phone,
        body: message.body,
      });
      await this.report(
        messageId,
        { state: 'sent' },
        {
          provider_id: sent.providerId,
          from_phone: sent.from,
        },
      );
    } catch (err) {
      if (err instanceof SmsRejected) {
        await this.report(messageId, { state: 'failed', reason: err.message });
        return;
      }
      if (attempt >= SMS_SEND_ATTEMPTS)
        await this.report(messageId, { state: 'failed', reason: 'provider_unreachable' });
      throw err;
    }
  }

  /** Applies a delivery report; answers whether the message changed (repeats change nothing). */
  async report(
    messageId: number,
    report: DeliveryReport,
    extra: { provider_id?: string; from_phone?: string } = {},
  ): Promise<boolean> {
    const changed = await this.repo.setState(messageId, FROM[report.state], {
      state: report.state,
      ...(report.state === 'failed' ? { reason: report.reason ?? 'undelivered' } : {}),
      ...extra,
    });
    if (changed) await this.publishMessage(messageId, 'sms.state');
    return changed;
  }

  /** A report for the provider's message id (webhooks); an unknown id is ignored. */
  async reportByProviderId(providerId: string, report: DeliveryReport): Promise<void> {
    const message = await this.repo.byProviderId(providerId);
    if (message && message.direction === 'outbound') await this.report(message.id, report);
  }

  /**
   * An applicant's text: stored once per provider id on the conversation, published live, and
   * notified to the users who wrote in it (every user reaching it when nobody did yet).
   */
  async receive(
    conversation: ConversationRow,
    sms: { providerId: string | null; from: string; to: string; body: string; provider: string },
  ): Promise<number | undefined> {
    const id = await this.repo.db.transaction().execute((trx) =>
      this.repo.addMessage(trx, {
        company_id: conversation.company_id,
        conversation_id: conversation.id,
        direction: 'inbound',
        user_id: null,
        body: sms.body,
        to_phone: sms.to,
        from_phone: sms.from,
        provider: sms.provider,
        provider_id: sms.providerId ?? `IN${randomBytes(16).toString('hex')}`,
        state: 'received',
        segments: smsSegments(sms.body),
        received_at: new Date().toISOString(),
      }),
    );
    if (id === undefined) return undefined;
    await this.publishMessage(id, 'sms.message');
    try {
      const writers = await this.repo.senders(conversation.id);
      await this.notifications()?.notify(
        conversation.company_id,
        writers.length ? writers : await this.reaching(conversation),
        {
          slug: 'sms_received',
          source: 'applicant',
          applicantId: conversation.applicant_id,
          offerId: conversation.offer_id,
        },
      );
    } catch (err) {
      this.log?.error({ err }, 'SMS reply not notified');
    }
    return id;
  }

  private reaching(conversation: ConversationRow): Promise<number[]> {
    return this.repo.usersReaching(
      conversation.company_id,
      conversation.project_id,
      SMS_PERMISSION,
    );
  }

  /** Publishes a message to every user who reaches its conversation (best effort, logged). */
  async publishMessage(
    messageId: number,
    type: TSmsLiveEvent['type'],
  ): Promise<TSmsMessage | undefined> {
    const row = await this.repo.message(messageId);
    if (!row) return undefined;
    const conversation = await this.repo.conversation(row.company_id, row.conversation_id);
    if (!conversation) return undefined;
    const target = await this.repo.target(row.company_id, conversation.application_id);
    const message = toMessage(row, target ?? { firstname: '', lastname: '', img_src: null });
    const hub = this.hub();
    if (!hub) return message;
    try {
      const event: TSmsLiveEvent = {
        type,
        conversation_id: conversation.id,
        application_id: conversation.application_id,
        applicant_id: conversation.applicant_id,
        message,
      };
      const data = JSON.stringify(event);
      const users = await this.reaching(conversation);
      await Promise.all(
        users.map((id) =>
          hub.publish({
            topics: [`v2/user/${id}`],
            data,
            private: true,
            type: SMS_LIVE_EVENT_TYPE,
          }),
        ),
      );
    } catch (err) {
      this.log?.warn({ err }, 'SMS update not published live');
    }
    return message;
  }
}
