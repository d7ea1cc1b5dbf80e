import {
  TRANSFER_MAX_ITEMS,
  type TApplicantTransferRequest,
  type TApplicationTransferRequest,
  type TTransferAccess,
  type TTransferResult,
} from '@embauche/contracts/shares';
import type { AuthContext } from '../../platform/auth/auth-context.ts';
import { notFound, validationFailed } from '../../platform/http/http-error.ts';
import { mailLanguage } from '../../platform/mail/mail-language.ts';
import { appendSignature } from '../../platform/mail/append-signature.ts';
import { queueMail } from '../../platform/mail/mailer.ts';
import { candidateValues, fillMergeFields } from '../../platform/mail/merge-fields.ts';
import type { FeedWriter } from '../activity-feed/feed-writer.ts';
import type { ApplicantsService } from '../applicants/applicants.service.ts';
import type { ApplicationsService } from '../applications/applications.service.ts';
import type { MailModelsService } from '../mail-models/mail-models.service.ts';
import type { MailSignaturesService } from '../mail-models/mail-signatures.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { ApplicantSelectionService } from '../recruitment-lists/applicant-selection.service.ts';
import { applicationSubject, toShare, type ShareSubject } from './share-items.ts';
import type { SharesRepository } from './shares.repository.ts';
import type { SharesService } from './shares.service.ts';
import { transferMail, type TransferMailItem } from './transfer-mail.ts';

const DAY_MS = 86_400_000;

/**
 * Transfers by e-mail (docs/shared-links.md): applicants or applications the user
 * sees, sent to outside addresses with the sender's message, in the sender's language, each with a
 * shared link when `access` asks for one (SharesService makes the links).
 */
export class TransferService {
  constructor(
    private readonly repo: SharesRepository,
    private readonly shares: SharesService,
    private readonly applicants: ApplicantsService,
    private readonly applications: ApplicationsService,
    private readonly feed: FeedWriter,
    /** Tells the company's users among the recipients what was shared with them. */
    private readonly notifications?: NotificationsService,
    /** The company's time zone (company settings), in which the expiry day is written. */
    private readonly timeZoneOf?: (companyId: number) => Promise<string>,
    /** The company's `transfer` e-mail model, used for an e-mail about one applicant. */
    private readonly models?: Pick<MailModelsService, 'render' | 'senderValues'>,
    /** The sender's signature (else the company's), at the end of each e-mail. */
    private readonly signatures?: Pick<MailSignaturesService, 'signatureFor'>,
    /** "All that match" of a sourcing search or a recruitment list (recruitment lists module). */
    private readonly applicantSelection?: () => Pick<ApplicantSelectionService, 'applicantIds'>,
  ) {}

  /**
   * `POST /applicants/transfer`: the applicants the user sees, from `offer_id` when given; or
   * "all that match" (issue 42 part 2), resolved by `applicantSelection` (404 for a list the user
   * may not see, 409 on a changed count, 422 over TRANSFER_MAX_ITEMS) and sent as the ids.
   */
  async transferApplicants(
    auth: AuthContext,
    input: TApplicantTransferRequest,
  ): Promise<TTransferResult> {
    let ids = input.applicant_ids;
    if (input.applicant_selection) {
      if (!this.applicantSelection) throw validationFailed({ applicant_selection: ['invalid'] });
      ids = await this.applicantSelection().applicantIds(
        auth,
        input.applicant_selection,
        TRANSFER_MAX_ITEMS,
        'applicant_selection',
      );
      if (!ids.length) throw validationFailed({ applicant_selection: ['field_required'] });
    }
    const found = await this.applicants.many(auth, ids);
    if (found.size !== ids.length) throw notFound('Applicant');
    const offerId = input.offer_id ?? null;
    const subjects: ShareSubject[] = [];
    for (const id of ids) {
      const applicant = found.get(id)!;
      let jobPosition: string | null = null;
      if (offerId !== null) {
        const applied = (await this.applications.overview(auth, id, [])).find(
          (a) => a.offer_id === offerId,
        );
        if (!applied) throw validationFailed({ offer_id: ['invalid'] });
        jobPosition = applied.job_position;
      }
      subjects.push({
        type: 'applicant',
        applicantId: id,
        applicationId: null,
        offerId,
        name: `${applicant.firstname} ${applicant.lastname}`,
        firstname: applicant.firstname,
        lastname: applicant.lastname,
        jobPosition,
      });
    }
    return this.transfer(auth, input, subjects, 'grouped');
  }

  /** `POST /applications/transfer`: the applications the user sees. */
  async transferApplications(
    auth: AuthContext,
    input: TApplicationTransferRequest,
  ): Promise<TTransferResult> {
    const subjects: ShareSubject[] = [];
    for (const id of input.application_ids)
      subjects.push(applicationSubject(await this.applications.require(auth, id)));
    return this.transfer(auth, input, subjects, input.send_type ?? 'grouped');
  }

  /**
   * Writes the shares (with `access`), one feed event per applicant or application, and the
   * e-mails (one, or one per item with `separate`) in one transaction: the mail job sends them
   * afterwards, retried with backoff until the SMTP server takes them.
   */
  private async transfer(
    auth: AuthContext,
    input: {
      to: string[];
      cc: string[];
      bcc: string[];
      subject: string;
      message: string;
      access: TTransferAccess;
    },
    subjects: ShareSubject[],
    sendType: 'grouped' | 'separate',
  ): Promise<TTransferResult> {
    const sender = await this.repo.sender(auth.userId);
    const senderName = sender ? `${sender.firstname} ${sender.lastname}`.trim() : '';
    // The fixed texts in the sender's language; the subject and message stay as they wrote them.
    const language = mailLanguage(sender?.language);
    const timeZone = await this.timeZoneOf?.(auth.companyId);
    const recipients = [...new Set([...input.to, ...input.cc, ...input.bcc])];
    const base = { companyId: auth.companyId, userId: auth.userId };
    const access = input.access;
    const groups = sendType === 'separate' ? subjects.map((s) => [s]) : [subjects];
    // An e-mail about one applicant uses the company's transfer model when it has one, filled
    // before the transaction (its link, made inside it, is filled there).
    const own = await Promise.all(
      groups.map(async (group) => {
        const [one] = group;
        if (!this.models || group.length !== 1 || !one) return null;
        return this.models.render(auth.companyId, 'transfer', [language], {
          ...candidateValues(one),
          'company.name': await this.repo.companyName(auth.companyId),
          ...(await this.models.senderValues(auth.userId)),
          'transfer.message': input.message,
          'transfer.link': '{{transfer.link}}',
        });
      }),
    );
    const signature = await this.signatures?.signatureFor(auth.companyId, auth.userId, language);
    const { shareIds, mails } = await this.repo.transaction(async (trx) => {
      const shareIds: number[] = [];
      const items: TransferMailItem[] = [];
      for (const subject of subjects) {
        let link: string | null = null;
        if (access) {
          const { id, token } = await this.shares.createShare(
            trx,
            auth,
            subject,
            access,
            recipients,
          );
          shareIds.push(id);
          link = this.shares.link(token, subject.type);
        }
        items.push({ name: subject.name, jobPosition: subject.jobPosition, link });
        await this.feed.applicantTransferred(
          base,
          { applicantId: subject.applicantId, offerId: subject.offerId, to: recipients },
          trx,
        );
      }
      const expiresAt = access
        ? new Date(Date.now() + access.expires_in_days * DAY_MS).toISOString()
        : null;
      for (const [index, group] of groups.entries()) {
        const listed = group.map((s) => items[subjects.indexOf(s)]!);
        const model = own[index];
        const link = { 'transfer.link': listed[0]?.link ?? undefined };
        const body = appendSignature(
          model
            ? {
                text: fillMergeFields(model.text, link, 'text'),
                html: fillMergeFields(model.html, link, 'html'),
              }
            : transferMail({
                senderName: senderName || 'Embauche',
                message: input.message,
                items: listed,
                expiresAt,
                language,
                timeZone,
              }),
          signature,
        );
        await queueMail(trx, {
          companyId: auth.companyId,
          to: input.to.join(', '),
          cc: input.cc,
          bcc: input.bcc,
          subject: input.subject,
          text: body.text,
          html: body.html,
          replyTo: sender?.email ?? null,
          fromName: senderName || null,
        });
      }
      return { shareIds, mails: groups.length };
    });
    await this.notifications?.applicantsShared(
      auth.companyId,
      auth.userId,
      recipients,
      subjects.map((s) => s.applicantId),
      subjects.length === 1 ? subjects[0]!.offerId : null,
    );
    const shares = await this.repo.byIds(auth.companyId, shareIds);
    return { mails, shares: shares.map(toShare) };
  }
}
