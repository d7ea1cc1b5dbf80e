import {
  SMS_ACTIVE_MAX,
  smsSegments,
  type TSmsActiveConversations,
  type TSmsConversation,
  type TSmsConversationListQuery,
  type TSmsConversationPage,
  type TSmsMarkReadResult,
  type TSmsMassSendPayload,
  type TSmsMassSendResult,
  type TSmsMessage,
  type TSmsSendPayload,
  SMS_MASS_MAX,
} from '@embauche/contracts/sms';
import type { SelectedApplicationsService } from '../applications/selected-applications.service.ts';
import type { ApplicantSelectionService } from '../recruitment-lists/applicant-selection.service.ts';
import type { Kysely } from 'kysely';
import type { AuthContext } from '../../platform/auth/auth-context.ts';
import type { DB } from '../../platform/db/schema.ts';
import { ERROR_CODES } from '@embauche/contracts/errors';
import {
  forbidden,
  HttpError,
  notFound,
  validationFailed,
} from '../../platform/http/http-error.ts';
import { enqueue } from '../../platform/jobs/jobs.ts';
import { displayPhone, mobileE164, smsDestination } from '../../platform/sms/phone.ts';
import { SMS_SEND_ATTEMPTS, SMS_SEND_JOB, type SmsDelivery } from './sms-delivery.ts';
import { toListItem, toMessage } from './sms-items.ts';
import type { ProjectFilter, SmsListsRepository } from './sms-lists.repository.ts';
import type { SmsRepository } from './sms.repository.ts';
import type { SmsTarget } from './sms-rows.ts';
import type { SmsPolicy, SmsSettingsService } from './sms-settings.service.ts';
import { pageOf } from '../../platform/http/list-query.ts';

type Projects = { visibleProjectIds(auth: AuthContext): Promise<number[] | null> };

/**
 * The users' SMS calls (spec 7 "SMS", docs/sms.md). Each needs the company's `SMS` feature (403
 * without it); applications and conversations are the company's, on an offer of a project the
 * user sees, or not found. A message is stored `pending` with its send job in one transaction,
 * then the job hands it to the provider.
 */
export class SmsService {
  constructor(
    private readonly repo: SmsRepository,
    private readonly lists: SmsListsRepository,
    private readonly delivery: SmsDelivery,
    private readonly projects: () => Projects,
    private readonly defaultCountry: string,
    private readonly settings: SmsSettingsService,
    /** "All that match" (issue 42 part 2): a list's selection, resolved by the applications module. */
    private readonly selection?: Pick<SelectedApplicationsService, 'applications'>,
    /** "All that match" of a sourcing search or a recruitment list (its own module resolves it). */
    private readonly applicantSelection?: () => Pick<ApplicantSelectionService, 'applicantIds'>,
  ) {}

  /** The company has the SMS feature: answers the projects the user sees. */
  async scope(auth: AuthContext): Promise<ProjectFilter> {
    if (!(await this.repo.hasFeature(auth.companyId, 'SMS'))) throw forbidden();
    return this.projects().visibleProjectIds(auth);
  }

  private sees(projects: ProjectFilter, projectId: number): boolean {
    return projects === null || projects.includes(projectId);
  }

  /** The application (of this applicant when given) the user may text about, or 404. */
  private async target(auth: AuthContext, applicationId: number, applicantId?: number) {
    const projects = await this.scope(auth);
    const target = await this.repo.target(auth.companyId, applicationId);
    if (
      !target ||
      (applicantId !== undefined && target.applicant_id !== applicantId) ||
      !this.sees(projects, target.project_id)
    )
      throw notFound('Application');
    return target;
  }

  async conversation(
    auth: AuthContext,
    applicantId: number,
    applicationId: number,
  ): Promise<TSmsConversation> {
    const target = await this.target(auth, applicationId, applicantId);
    const conversation = await this.repo.conversationOf(auth.companyId, applicationId);
    const rows = conversation ? await this.repo.messages(conversation.id) : [];
    const phone = mobileE164(target.phone, this.defaultCountry);
    return {
      conversation_id: conversation?.id ?? null,
      application_id: target.application_id,
      applicant_id: target.applicant_id,
      phone,
      phone_formatted: displayPhone(target.phone, this.defaultCountry),
      messages: rows.map((r) => toMessage(r, target)),
    };
  }

  /**
   * One text to the applicant's application. A number that is not a valid mobile: 422
   * `applicant_without_mobile`; a destination the company may not text (issue 33): 422
   * `destination_not_allowed`; past the daily cap: 429 `sms_daily_cap`. Nothing stored then.
   */
  async send(auth: AuthContext, payload: TSmsSendPayload): Promise<TSmsMessage> {
    const target = await this.target(auth, payload.application_id, payload.applicant_id);
    const policy = await this.settings.policy(auth.companyId);
    const destination = smsDestination(target.phone, this.defaultCountry, policy.allowed);
    if (!destination.ok) {
      if (destination.reason === 'applicant_without_mobile')
        throw validationFailed({ applicant_id: ['applicant_without_mobile'] });
      throw new HttpError(
        422,
        'The applicant’s number is not a destination the company allows.',
        ERROR_CODES.destinationNotAllowed,
        { applicant_id: ['destination_not_allowed'] },
      );
    }
    const [id] = await this.store(auth, policy, [{ target, to: destination.to }], payload.message);
    const message = await this.delivery.publishMessage(id!, 'sms.message');
    if (!message) throw notFound('Message');
    return message;
  }

  /**
   * Texts the applicants' applications on the offer (without an offer: each one's newest
   * application the user sees): the ones sent are answered with their application; an applicant
   * without a valid mobile, without such an application, or whose number is not an allowed
   * destination, is refused with the reason (and not counted). When the others would pass the
   * daily cap: 429 `sms_daily_cap` and nobody is texted.
   */
  async massSend(auth: AuthContext, payload: TSmsMassSendPayload): Promise<TSmsMassSendResult> {
    const projects = await this.scope(auth);
    let targets: SmsTarget[];
    let applicantIds = payload.applicant_ids;
    if (payload.selection) {
      // "All that match": the list's selection within the company and the user's sight (404,
      // 409 `selection_changed`, 422 over the cap there); each selected application is texted,
      // one per applicant (the first by id).
      if (!this.selection) throw validationFailed({ selection: ['invalid'] });
      const selected = await this.selection.applications(
        auth,
        payload.selection,
        SMS_MASS_MAX,
        'selection',
      );
      applicantIds = selected.map((r) => r.applicant_id);
      targets = (
        await this.repo.targetsOf(
          auth.companyId,
          selected.map((r) => r.id),
        )
      ).filter((t) => this.sees(projects, t.project_id));
    } else if (payload.applicant_selection) {
      // "All that match" of a sourcing search or a recruitment list (404, 409, 422 there), then
      // as without an offer: each applicant's newest application the user sees.
      if (!this.applicantSelection) throw validationFailed({ applicant_selection: ['invalid'] });
      applicantIds = await this.applicantSelection().applicantIds(
        auth,
        payload.applicant_selection,
        SMS_MASS_MAX,
        'applicant_selection',
      );
      targets = await this.repo.newestTargets(auth.companyId, applicantIds, projects);
    } else if (payload.offer_id == null) {
      // No offer (a recruitment list): each applicant's newest application the user sees.
      targets = await this.repo.newestTargets(auth.companyId, payload.applicant_ids, projects);
    } else {
      const offer = await this.repo.offer(auth.companyId, payload.offer_id);
      if (!offer || !this.sees(projects, offer.project_id)) throw notFound('Offer');
      targets = await this.repo.targetsOnOffer(
        auth.companyId,
        payload.offer_id,
        payload.applicant_ids,
      );
    }
    const byApplicant = new Map<number, SmsTarget>();
    for (const t of targets)
      if (!byApplicant.has(t.applicant_id)) byApplicant.set(t.applicant_id, t);
    const policy = await this.settings.policy(auth.companyId);
    const result: TSmsMassSendResult = { sent: [], refused: [] };
    const sending: { target: SmsTarget; to: string }[] = [];
    for (const applicantId of new Set(applicantIds)) {
      const target = byApplicant.get(applicantId);
      if (!target) {
        result.refused.push({ applicationId: null, applicantId, reason: 'no_application' });
        continue;
      }
      const destination = smsDestination(target.phone, this.defaultCountry, policy.allowed);
      if (!destination.ok) {
        result.refused.push({
          applicationId: target.application_id,
          applicantId,
          reason: destination.reason,
        });
        continue;
      }
      sending.push({ target, to: destination.to });
      result.sent.push({ applicationId: target.application_id, applicantId });
    }
    const ids = await this.store(auth, policy, sending, payload.message);
    for (const id of ids) await this.delivery.publishMessage(id, 'sms.message');
    return result;
  }

  /**
   * Stores the messages `pending`, each with its send job, in one transaction that first counts
   * them against the daily cap (past it, nothing is stored or counted).
   */
  private store(
    auth: AuthContext,
    policy: SmsPolicy,
    items: { target: SmsTarget; to: string }[],
    body: string,
  ): Promise<number[]> {
    if (!items.length) return Promise.resolve([]);
    const at = new Date().toISOString();
    return this.repo.db.transaction().execute(async (trx: Kysely<DB>) => {
      await this.settings.reserve(trx, auth.companyId, policy, items.length);
      const ids: number[] = [];
      for (const { target, to } of items) {
        const conversation = await this.repo.ensureConversation(
          trx,
          { ...target, company_id: auth.companyId },
          at,
        );
        const id = await this.repo.addMessage(trx, {
          company_id: auth.companyId,
          conversation_id: conversation.id,
          direction: 'outbound',
          user_id: auth.userId,
          body,
          to_phone: to,
          from_phone: this.delivery.provider.from,
          provider: this.delivery.provider.name,
          provider_id: null,
          state: 'pending',
          segments: smsSegments(body),
          received_at: null,
        });
        await enqueue(trx, SMS_SEND_JOB, { messageId: id }, { maxAttempts: SMS_SEND_ATTEMPTS });
        ids.push(id!);
      }
      return ids;
    });
  }

  async active(auth: AuthContext): Promise<TSmsActiveConversations> {
    const projects = await this.scope(auth);
    const [rows, unread] = await Promise.all([
      this.lists.list(auth.companyId, projects, { limit: SMS_ACTIVE_MAX, offset: 0 }),
      this.lists.unreadCount(auth.companyId, projects),
    ]);
    return {
      conversations: rows.map((r) => toListItem(r, this.defaultCountry)),
      unread_conversation_count: unread,
    };
  }

  async page(auth: AuthContext, query: TSmsConversationListQuery): Promise<TSmsConversationPage> {
    const projects = await this.scope(auth);
    const search = query.search || undefined;
    const [rows, total, unread] = await Promise.all([
      this.lists.list(auth.companyId, projects, {
        limit: query.per_page,
        offset: (query.page - 1) * query.per_page,
        search,
      }),
      this.lists.count(auth.companyId, projects, search),
      this.lists.unreadCount(auth.companyId, projects),
    ]);
    return {
      ...pageOf(
        rows.map((r) => toListItem(r, this.defaultCountry)),
        query.page,
        query.per_page,
        total,
      ),
      unread_conversation_count: unread,
    };
  }

  async markRead(auth: AuthContext, conversationId: number): Promise<TSmsMarkReadResult> {
    const projects = await this.scope(auth);
    const conversation = await this.repo.conversation(auth.companyId, conversationId);
    if (!conversation || !this.sees(projects, conversation.project_id))
      throw notFound('Conversation');
    await this.repo.markRead(auth.companyId, conversationId);
    return {
      conversation_id: conversationId,
      unread_conversation_count: await this.lists.unreadCount(auth.companyId, projects),
    };
  }
}
