import { LANGUAGES, knownLanguage, type Language } from '@embauche/contracts/constants';
import type { TMailPreview } from '@embauche/contracts/mail-models';
import {
  MAILING_RECIPIENTS_MAX,
  type TMailing,
  type TMailingInput,
  type TMailingPreviewInput,
} from '@embauche/contracts/mailings';
import type { AuthContext } from '../../platform/auth/auth-context.ts';
import { enqueue } from '../../platform/jobs/jobs.ts';
import { appendSignature } from '../../platform/mail/append-signature.ts';
import { conflict, notFound, validationFailed } from '../../platform/http/http-error.ts';
import {
  candidateValues,
  fillMergeFields,
  senderValues,
  type MergeValues,
} from '../../platform/mail/merge-fields.ts';
import type { ApplicantsService } from '../applicants/applicants.service.ts';
import type { ApplicationsService } from '../applications/applications.service.ts';
import type { SelectedApplicationsService } from '../applications/selected-applications.service.ts';
import type { ApplicantSelectionService } from '../recruitment-lists/applicant-selection.service.ts';
import type { CommunityMailing } from '../community/community-mailing.ts';
import type { MailModelsService } from '../mail-models/mail-models.service.ts';
import type { MailSignaturesService } from '../mail-models/mail-signatures.service.ts';
import type { MailingsRepository } from './mailings.repository.ts';
import type { UnsubscribeLinks } from './mail-unsubscribe.ts';
import type { MultipartFile } from '../../platform/http/parse-body.ts';
import type { FileStorage } from '../../platform/storage/storage.ts';
import { checkAttachments, removeAttachments, storeAttachments } from './mailing-attachments.ts';

export const MAILING_JOB = 'mailing.send';

/** The content of a mailing per language, as it was when the mailing was created. */
export type MailingContents = Partial<
  Record<Language, { subject: string; html: string; text: string }>
>;

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v));

/** The language a mailing writes in: the company's default when the content has it, else the first. */
export function mailingLanguage(contents: MailingContents, companyLanguage: string): Language {
  const preferred = knownLanguage(companyLanguage);
  if (contents[preferred]) return preferred;
  return LANGUAGES.find((l) => contents[l]) ?? preferred;
}

/**
 * The content one recipient reads: in their language when the mailing has it (the language they
 * wrote to the company in), else in the mailing's language (mailingLanguage).
 */
export function recipientContent(
  contents: MailingContents,
  recipientLanguage: string | null,
  companyLanguage: string,
): { subject: string; html: string; text: string; language: Language } {
  const own = recipientLanguage ? knownLanguage(recipientLanguage) : undefined;
  const language = own && contents[own] ? own : mailingLanguage(contents, companyLanguage);
  return { ...contents[language]!, language };
}

/** What a mailing's e-mails fill in for one applicant (the candidate, company, sender, offer). */
export function recipientValues(input: {
  firstname: string;
  lastname: string;
  company: { name: string; slug: string };
  sender: { firstname: string; lastname: string; email: string } | undefined;
  offer: { id: number; title: string; published: boolean } | null;
  base: string;
  unsubscribe: string;
}): MergeValues {
  const { sender, offer } = input;
  return {
    ...candidateValues(input),
    'company.name': input.company.name,
    ...senderValues(sender),
    'offer.title': offer?.title,
    // Only a published offer has a public page.
    'offer.link':
      offer?.published === true
        ? `${input.base}/careers/${encodeURIComponent(input.company.slug)}/offers/${offer.id}`
        : undefined,
    'unsubscribe.link': input.unsubscribe,
  };
}

/**
 * Writing to candidates (issue 38 part 3, contracts/mailings.ts, docs/mailings.md): a mailing is
 * created with its recipients (those the user sees) and its content copied, then a background job
 * (mailing-job.ts) writes the e-mails to the outbox in batches.
 */
export class MailingsService {
  constructor(
    private readonly repo: MailingsRepository,
    private readonly applicants: Pick<ApplicantsService, 'many' | 'require'>,
    private readonly applications: Pick<ApplicationsService, 'sight'>,
    private readonly models: Pick<MailModelsService, 'mailingContent' | 'choices'>,
    private readonly links: UnsubscribeLinks,
    private readonly base: () => string,
    private readonly storage: Pick<FileStorage, 'put' | 'delete'>,
    /** The sender's signature, shown at the end of the preview as it ends each e-mail. */
    private readonly signatures?: Pick<MailSignaturesService, 'signatureFor'>,
    /** The talent community (a later module, looked up when members are named). */
    private readonly community?: () => Pick<
      CommunityMailing,
      'knownIds' | 'member' | 'previewLinks'
    >,
    /** "All that match" (issue 42 part 2): a list's selection, resolved by the applications module. */
    private readonly selection?: Pick<SelectedApplicationsService, 'applications'>,
    /** "All that match" of a sourcing search or a recruitment list (its own module resolves it). */
    private readonly applicantSelection?: () => Pick<ApplicantSelectionService, 'applicantIds'>,
  ) {}

  private members() {
    if (!this.community) throw validationFailed({ recipients: ['unknown_member'] });
    return this.community();
  }

  /** The company's models to pick from when writing (contracts/mailings.ts). */
  modelChoices(auth: AuthContext) {
    return this.models.choices(auth.companyId);
  }

  /**
   * The applicants (and applications) of the input that the user sees, and the members of the
   * company's talent community; 422 otherwise.
   */
  private async recipients(
    auth: AuthContext,
    input: Pick<
      TMailingInput['recipients'],
      'application_ids' | 'applicant_ids' | 'selection' | 'applicant_selection'
    > & {
      member_ids?: number[];
    },
  ) {
    // "All that match": resolved within the company and the user's sight (409, 404, 422 there).
    const selected =
      input.selection && this.selection
        ? await this.selection.applications(
            auth,
            input.selection,
            MAILING_RECIPIENTS_MAX,
            'recipients',
          )
        : [];
    if (input.selection && !this.selection)
      throw validationFailed({ recipients: ['unknown_applicant'] });
    const fromSelection = new Set(selected.map((r) => r.id));
    const applicationIds = [...new Set(input.application_ids)].filter(
      (id) => !fromSelection.has(id),
    );
    const [rows, sight] = await Promise.all([
      this.repo.applications(auth.companyId, applicationIds),
      this.applications.sight(auth),
    ]);
    if (rows.length !== applicationIds.length || rows.some((r) => !sight.sees(r)))
      throw validationFailed({ recipients: ['unknown_applicant'] });
    // "All that match" of a sourcing search or a recruitment list: applicants, each written to once.
    if (input.applicant_selection && !this.applicantSelection)
      throw validationFailed({ recipients: ['unknown_applicant'] });
    const selectedApplicants =
      input.applicant_selection && this.applicantSelection
        ? await this.applicantSelection().applicantIds(
            auth,
            input.applicant_selection,
            MAILING_RECIPIENTS_MAX,
            'recipients',
          )
        : [];
    const applicantIds = [...new Set([...input.applicant_ids, ...selectedApplicants])];
    const seen = await this.applicants.many(auth, applicantIds);
    if (seen.size !== applicantIds.length)
      throw validationFailed({ recipients: ['unknown_applicant'] });
    const memberIds = [...new Set(input.member_ids ?? [])];
    if (memberIds.length) {
      const known = await this.members().knownIds(auth.companyId, memberIds);
      if (known.size !== memberIds.length)
        throw validationFailed({ recipients: ['unknown_member'] });
    }
    const recipients = [
      ...selected.map((r) => ({
        applicant_id: r.applicant_id,
        application_id: r.id,
        member_id: null,
      })),
      ...rows.map((r) => ({
        applicant_id: r.applicant_id!,
        application_id: r.id,
        member_id: null,
      })),
      ...applicantIds.map((id) => ({ applicant_id: id, application_id: null, member_id: null })),
      ...memberIds.map((id) => ({ applicant_id: null, application_id: null, member_id: id })),
    ];
    if (recipients.length > MAILING_RECIPIENTS_MAX)
      throw validationFailed({ recipients: [`max_items:${MAILING_RECIPIENTS_MAX}`] });
    return recipients;
  }

  async create(
    auth: AuthContext,
    input: TMailingInput,
    files: MultipartFile[] = [],
  ): Promise<TMailing> {
    const recipients = await this.recipients(auth, input.recipients);
    const checked = checkAttachments(files);
    const company = await this.repo.company(auth.companyId);
    const content = await this.models.mailingContent(
      auth.companyId,
      input,
      knownLanguage(company.default_language),
    );
    const language = mailingLanguage(content.contents, company.default_language);
    const subject = content.contents[language]?.subject ?? '';
    if (!subject) throw validationFailed({ model_id: ['invalid'] });
    const now = new Date();
    const sendAt = input.send_at ? new Date(input.send_at) : now;
    if (sendAt.getTime() - now.getTime() > 366 * 86_400_000)
      throw validationFailed({ send_at: ['invalid'] });
    const at = sendAt < now ? now : sendAt;
    // Stored before the mailing's transaction (nothing else runs inside it); gone again if it fails.
    const attachments = await storeAttachments(this.storage, auth.companyId, checked);
    const id = await this.repo
      .transaction(async (trx) => {
        const id = await this.repo.insert(
          trx,
          {
            company_id: auth.companyId,
            created_by: auth.userId,
            model_id: content.modelId,
            model_name: content.modelName,
            subject,
            contents: JSON.stringify(content.contents),
            bulk: recipients.length > 1,
            send_at: at.toISOString(),
            created_at: now.toISOString(),
          },
          recipients,
          attachments,
        );
        await enqueue(
          trx,
          MAILING_JOB,
          { mailing_id: id, company_id: auth.companyId },
          { runAt: at },
        );
        return id;
      })
      .catch(async (err: unknown) => {
        await removeAttachments(this.storage, attachments);
        throw err;
      });
    return this.get(auth, id);
  }

  async get(auth: AuthContext, id: number): Promise<TMailing> {
    const [row, attachments] = await Promise.all([
      this.repo.find(auth.companyId, id),
      this.repo.attachments(auth.companyId, id),
    ]);
    if (!row) throw notFound('Mailing');
    const skipped = {
      no_email: row.skipped_no_email,
      unsubscribed: row.skipped_unsubscribed,
      cancelled: row.skipped_cancelled,
    };
    return {
      id: row.id,
      status: row.status as TMailing['status'],
      model_name: row.model_name,
      subject: row.subject,
      total: row.total,
      sent: row.sent,
      skipped: skipped.no_email + skipped.unsubscribed + skipped.cancelled,
      skipped_reasons: skipped,
      send_at: iso(row.send_at),
      created_at: iso(row.created_at),
      finished_at: row.finished_at ? iso(row.finished_at) : null,
      created_by: row.created_by_name,
      attachments: attachments.map((a) => ({ filename: a.filename, size: a.size })),
    };
  }

  async cancel(auth: AuthContext, id: number): Promise<TMailing> {
    const mailing = await this.get(auth, id);
    if (mailing.status === 'done' || mailing.status === 'cancelled')
      throw conflict('The mailing is over.');
    await this.repo.cancel(auth.companyId, id);
    return this.get(auth, id);
  }

  /** The e-mail as one recipient (an applicant, or a community member) will read it. */
  async preview(auth: AuthContext, input: TMailingPreviewInput): Promise<TMailPreview> {
    if (input.member_id !== undefined) return this.previewForMember(auth, input, input.member_id);
    const applicantId = input.applicant_id!;
    const [recipient] = await this.recipients(auth, {
      applicant_ids: input.application_id ? [] : [applicantId],
      application_ids: input.application_id ? [input.application_id] : [],
    });
    if (recipient!.applicant_id !== applicantId)
      throw validationFailed({ recipients: ['unknown_applicant'] });
    const [company, applicant, sender, recipientLanguage] = await Promise.all([
      this.repo.company(auth.companyId),
      this.applicants.require(auth, applicantId),
      this.repo.user(auth.userId),
      this.repo.language(auth.companyId, applicantId),
    ]);
    const offer = input.application_id
      ? await this.offerOf(auth.companyId, input.application_id)
      : null;
    return this.render(
      auth,
      input,
      company,
      recipientLanguage,
      recipientValues({
        firstname: applicant.firstname,
        lastname: applicant.lastname,
        company: { name: company.social_reason, slug: company.slug },
        sender,
        offer,
        base: this.base(),
        unsubscribe: this.links.url(auth.companyId, applicantId),
      }),
    );
  }

  /** A member's e-mail: their names and language, their community page, the community's footer. */
  private async previewForMember(
    auth: AuthContext,
    input: TMailingPreviewInput,
    memberId: number,
  ): Promise<TMailPreview> {
    const community = this.members();
    const [company, member, sender] = await Promise.all([
      this.repo.company(auth.companyId),
      community.member(auth.companyId, memberId),
      this.repo.user(auth.userId),
    ]);
    if (!member) throw validationFailed({ recipients: ['unknown_member'] });
    const links = await community.previewLinks(auth.companyId, member.language, this.base());
    const mail = await this.render(
      auth,
      input,
      company,
      member.language,
      recipientValues({
        firstname: member.firstname,
        lastname: member.lastname,
        company: { name: company.social_reason, slug: company.slug },
        sender,
        offer: null,
        base: this.base(),
        unsubscribe: links.page,
      }),
    );
    return { subject: mail.subject, ...links.close(mail) };
  }

  /** The content in the recipient's language, filled and signed as the job does. */
  private async render(
    auth: AuthContext,
    input: TMailingPreviewInput,
    company: { default_language: string },
    recipientLanguage: string | null,
    values: MergeValues,
  ): Promise<TMailPreview> {
    const content = await this.models.mailingContent(
      auth.companyId,
      input,
      knownLanguage(company.default_language),
    );
    const c = recipientContent(content.contents, recipientLanguage, company.default_language);
    const signature = await this.signatures?.signatureFor(auth.companyId, auth.userId, c.language);
    return {
      subject: fillMergeFields(c.subject, values, 'subject'),
      // The sender's signature at the end, as the job appends it (issue 38 part 2).
      ...appendSignature(
        {
          html: fillMergeFields(c.html, values, 'html'),
          text: fillMergeFields(c.text, values, 'text'),
        },
        signature,
      ),
    };
  }

  private async offerOf(companyId: number, applicationId: number) {
    const row = await this.repo.offerOfApplication(companyId, applicationId);
    return row
      ? { id: row.id, title: row.job_position, published: row.status === 'published' }
      : null;
  }
}
