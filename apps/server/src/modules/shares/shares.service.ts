import { createHash, randomBytes } from 'node:crypto';
import type { TFeedCommentRequest } from '@embauche/contracts/activity-feed';
import type { TApplicant, TApplicantDocument } from '@embauche/contracts/applicants';
import { ERROR_CODES } from '@embauche/contracts/errors';
import {
  SHARE_LIST_MAX,
  SHARE_POST_LIMITS,
  SHARE_SECTIONS,
  type ShareSection,
  type ShareType,
  type TApplicantTransferRequest,
  type TApplicationTransferRequest,
  type TShare,
  type TShareCreated,
  type TShareCreateRequest,
  type TSharedApplicant,
  type TSharedApplicantDetail,
  type TSharedApplication,
  type TSharedInfo,
  type TTransferAccess,
  type TTransferResult,
} from '@embauche/contracts/shares';
import type { AuthContext } from '../../platform/auth/auth-context.ts';
import type { AttemptLimiter } from '../../platform/http/attempt-limiter.ts';
import { HttpError, notFound, validationFailed } from '../../platform/http/http-error.ts';
import { queueMail } from '../../platform/mail/mailer.ts';
import type {
  ActivityFeedService,
  OutsiderShare,
  PayloadPresence,
  UploadedFile,
} from '../activity-feed/activity-feed.service.ts';
import type { FeedWriter } from '../activity-feed/feed-writer.ts';
import type { ApplicantsService } from '../applicants/applicants.service.ts';
import type { ApplicationsService } from '../applications/applications.service.ts';
import type { ShareRow, SharesRepository, TokenShareRow, Trx } from './shares.repository.ts';
import { transferMail, type TransferMailItem } from './transfer-mail.ts';

const DAY_MS = 86_400_000;
const hash = (token: string) => createHash('sha256').update(token).digest('hex');
const sectionsOf = (text: string): ShareSection[] =>
  SHARE_SECTIONS.filter((s) => text.split(',').includes(s));

/** A share its token opened: still open, with the token (for the links it answers). */
export type OpenShare = TokenShareRow & { token: string; sectionSet: ReadonlySet<ShareSection> };

/** One applicant (or application) a transfer or a share names. */
type Subject = {
  type: ShareType;
  applicantId: number;
  applicationId: number | null;
  offerId: number | null;
  name: string;
  jobPosition: string | null;
};

/** The same answer for a section the link does not expose as for a link that opens nothing. */
const hidden = () => notFound('Shared content');

/**
 * Shared links and transfers by e-mail (README "Shared links"). Users create, list and revoke
 * links and transfer applicants; outsiders holding a token read what its sections expose and
 * comment in the feed. The token (256 random bits) is given once (in the e-mail, or in the
 * answer of a link made on demand) and stored as its SHA-256 only.
 */
export class SharesService {
  constructor(
    private readonly repo: SharesRepository,
    private readonly applicants: ApplicantsService,
    private readonly applications: ApplicationsService,
    private readonly feedService: ActivityFeedService,
    private readonly feed: FeedWriter,
    private readonly options: { publicUrl: string },
    /** Outsiders' comments per share and per address (SHARE_POST_LIMITS.windowMinutes). */
    private readonly posts: AttemptLimiter,
  ) {}

  // ---- users ---------------------------------------------------------------------------------

  /** `POST /applicants/{id}/shares`: a link to the applicant (profile, CV, documents, feed). */
  async createForApplicant(auth: AuthContext, applicantId: number, input: TShareCreateRequest) {
    const row = await this.applicants.require(auth, applicantId);
    return this.createOnDemand(auth, input, {
      type: 'applicant',
      applicantId,
      applicationId: null,
      offerId: null,
      name: `${row.firstname} ${row.lastname}`,
      jobPosition: null,
    });
  }

  /** `POST /applications/{id}/shares`: a link to one application (its feed is its offer's). */
  async createForApplication(auth: AuthContext, applicationId: number, input: TShareCreateRequest) {
    const row = await this.applications.require(auth, applicationId);
    return this.createOnDemand(auth, input, this.applicationSubject(row));
  }

  /** `GET /applicants/{id}/shares`: the links still open on the applicant and its applications. */
  async list(auth: AuthContext, applicantId: number): Promise<TShare[]> {
    await this.applicants.require(auth, applicantId);
    const rows = await this.repo.active(
      auth.companyId,
      applicantId,
      new Date().toISOString(),
      SHARE_LIST_MAX,
    );
    return rows.map(toShare);
  }

  /** `DELETE /applicants/{id}/shares/{share_id}`: closes the link at once (twice is harmless). */
  async revoke(auth: AuthContext, applicantId: number, shareId: number): Promise<void> {
    await this.applicants.require(auth, applicantId);
    const [row] = await this.repo.byIds(auth.companyId, [shareId]);
    if (!row || row.applicant_id !== applicantId) throw notFound('Share');
    await this.repo.transaction(async (trx) => {
      const now = new Date().toISOString();
      if (!(await this.repo.revoke(auth.companyId, shareId, auth.userId, now, trx))) return;
      await this.feed.shareChanged(
        { companyId: auth.companyId, userId: auth.userId },
        {
          revoked: true,
          applicantId,
          offerId: row.offer_id,
          shareId,
          type: row.type,
        },
        trx,
      );
    });
  }

  /** `POST /applicants/transfer`: the applicants the user sees, from `offer_id` when given. */
  async transferApplicants(
    auth: AuthContext,
    input: TApplicantTransferRequest,
  ): Promise<TTransferResult> {
    const found = await this.applicants.many(auth, input.applicant_ids);
    if (found.size !== input.applicant_ids.length) throw notFound('Applicant');
    const offerId = input.offer_id ?? null;
    const subjects: Subject[] = [];
    for (const id of input.applicant_ids) {
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
    const subjects: Subject[] = [];
    for (const id of input.application_ids)
      subjects.push(this.applicationSubject(await this.applications.require(auth, id)));
    return this.transfer(auth, input, subjects, input.send_type ?? 'grouped');
  }

  private applicationSubject(row: {
    id: number;
    applicant_id: number | null;
    offer_id: number | null;
    firstname: string;
    lastname: string;
    job_position?: string | null;
  }): Subject {
    return {
      type: 'application',
      applicantId: row.applicant_id!,
      applicationId: row.id,
      offerId: row.offer_id,
      name: `${row.firstname} ${row.lastname}`,
      jobPosition: row.job_position ?? null,
    };
  }

  private async createOnDemand(
    auth: AuthContext,
    input: TShareCreateRequest,
    subject: Subject,
  ): Promise<TShareCreated> {
    const access = { sections: input.sections, expires_in_days: input.expires_in_days };
    const { id, token } = await this.repo.transaction(async (trx) => {
      const created = await this.createShare(trx, auth, subject, access, null);
      await this.feed.shareChanged(
        { companyId: auth.companyId, userId: auth.userId },
        {
          revoked: false,
          applicantId: subject.applicantId,
          offerId: subject.offerId,
          shareId: created.id,
          type: subject.type,
        },
        trx,
      );
      return created;
    });
    const [row] = await this.repo.byIds(auth.companyId, [id]);
    return { ...toShare(row!), token, url: this.link(token, subject.type) };
  }

  private async createShare(
    trx: Trx,
    auth: AuthContext,
    subject: Subject,
    access: NonNullable<TTransferAccess>,
    recipients: string[] | null,
  ) {
    // 256 random bits; only their hash is kept.
    const token = randomBytes(32).toString('base64url');
    const now = Date.now();
    const id = await this.repo.insert(
      {
        company_id: auth.companyId,
        applicant_id: subject.applicantId,
        application_id: subject.applicationId,
        offer_id: subject.offerId,
        type: subject.type,
        token_hash: hash(token),
        sections: access.sections.join(','),
        recipients: recipients ? JSON.stringify(recipients) : null,
        expires_at: new Date(now + access.expires_in_days * DAY_MS).toISOString(),
        revoked_at: null,
        revoked_by: null,
        created_by: auth.userId,
        created_at: new Date(now).toISOString(),
      },
      trx,
    );
    return { id, token };
  }

  /** The web page of a link: `${PUBLIC_URL}/shared/{token}/{type}`. */
  private link(token: string, type: ShareType) {
    return `${this.options.publicUrl}/shared/${token}/${type}`;
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
    subjects: Subject[],
    sendType: 'grouped' | 'separate',
  ): Promise<TTransferResult> {
    const sender = await this.repo.sender(auth.userId);
    const senderName = sender ? `${sender.firstname} ${sender.lastname}`.trim() : '';
    const recipients = [...new Set([...input.to, ...input.cc, ...input.bcc])];
    const base = { companyId: auth.companyId, userId: auth.userId };
    const access = input.access;
    const { shareIds, mails } = await this.repo.transaction(async (trx) => {
      const shareIds: number[] = [];
      const items: TransferMailItem[] = [];
      for (const subject of subjects) {
        let link: string | null = null;
        if (access) {
          const { id, token } = await this.createShare(trx, auth, subject, access, recipients);
          shareIds.push(id);
          link = this.link(token, subject.type);
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
      const groups = sendType === 'separate' ? items.map((i) => [i]) : [items];
      for (const group of groups) {
        const body = transferMail({
          senderName: senderName || 'Embauche',
          message: input.message,
          items: group,
          expiresAt,
        });
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
    const shares = await this.repo.byIds(auth.companyId, shareIds);
    return { mails, shares: shares.map(toShare) };
  }

  // ---- outsiders holding a token ----------------------------------------------------------

  /** The share a token opens: undefined when unknown, expired or revoked (all answer 404 alike). */
  async open(token: string): Promise<OpenShare | undefined> {
    const row = await this.repo.byTokenHash(hash(token));
    if (!row || row.revoked_at !== null || row.expires_at <= new Date().toISOString())
      return undefined;
    return { ...row, token, sectionSet: new Set(sectionsOf(row.sections)) };
  }

  /** `GET /api/shared/{token}`: what the link is and exposes. */
  info(share: OpenShare): TSharedInfo {
    return {
      type: share.type as ShareType,
      sections: [...share.sectionSet],
      expires_at: share.expires_at,
      company: share.company,
      sender:
        share.sender_firstname !== null
          ? { firstname: share.sender_firstname, lastname: share.sender_lastname ?? '' }
          : null,
    };
  }

  async applicant(share: OpenShare): Promise<TSharedApplicant> {
    return this.sharedApplicantOf(share, (await this.loadApplicant(share)).applicant);
  }

  /** `GET /api/shared/{token}/detail`: documents and motivation are null unless exposed. */
  async detail(share: OpenShare): Promise<TSharedApplicantDetail> {
    const { applicant } = await this.loadApplicant(share);
    return {
      ...this.sharedApplicantOf(share, applicant),
      documents: share.sectionSet.has('documents') ? await this.documentsOf(share) : null,
      motivation: share.sectionSet.has('motivation')
        ? (await this.motivationOf(share)).motivation
        : null,
    };
  }

  async cv(share: OpenShare) {
    this.need(share, 'cv');
    return this.applicants.sharedCv(share.company_id, share.applicant_id);
  }

  async documents(share: OpenShare, type: ShareType = 'applicant') {
    this.need(share, 'documents', type);
    return this.documentsOf(share);
  }

  async documentFile(share: OpenShare, documentId: number) {
    this.need(share, 'documents');
    return this.applicants.sharedDocumentFile(share.company_id, share.applicant_id, documentId);
  }

  /** `GET /api/shared/{token}/application`: an application share only. */
  async application(share: OpenShare): Promise<TSharedApplication> {
    this.need(share, null, 'application');
    const found = await this.applications.sharedApplication(
      share.company_id,
      share.application_id!,
    );
    if (!found) throw hidden();
    const { applicant } = await this.loadApplicant(share);
    const profile = share.sectionSet.has('profile');
    // eslint-disable-next-line @typescript-eslint/no-unused-vars
    const { tests_count, ...item } = found.item;
    return {
      ...item,
      email: profile ? item.email : null,
      phone: profile ? item.phone : null,
      tags: profile ? item.tags : [],
      has_cv: share.sectionSet.has('cv') && item.has_cv,
      applicant: this.sharedApplicantOf(share, applicant),
    };
  }

  async motivation(share: OpenShare) {
    this.need(share, 'motivation', 'application');
    return this.motivationOf(share);
  }

  // ---- the feed through a link (public comments only) ------------------------------------------

  /** The feed a link opens on `/api/shared/{token}/{type}/activity-feed`. */
  feedOf(share: OpenShare, type: ShareType): OutsiderShare {
    this.need(share, 'feed', type);
    return {
      companyId: share.company_id,
      applicantId: share.applicant_id,
      offerId: share.offer_id,
      shareKey: `share:${share.id}`,
      fileUrlPrefix: `/api/shared/${share.token}/${type}/activity-feed/attachments`,
    };
  }

  feedList(share: OpenShare, type: ShareType, query: Record<string, unknown>) {
    return this.feedService.outsiderList(this.feedOf(share, type), query);
  }

  feedCategories(share: OpenShare, type: ShareType, query: Record<string, unknown>) {
    return this.feedService.outsiderCategories(this.feedOf(share, type), query);
  }

  feedAttachment(share: OpenShare, type: ShareType, id: number) {
    return this.feedService.outsiderAttachment(this.feedOf(share, type), id);
  }

  /**
   * An outsider's comment, counted per share and per client address (SHARE_POST_LIMITS): past
   * either, 429 `too_many_comments` with Retry-After. A refused comment (422…) gives its count back.
   */
  async feedPost(
    share: OpenShare,
    type: ShareType,
    ip: string | undefined,
    name: unknown,
    input: TFeedCommentRequest,
    presence: PayloadPresence,
    files: UploadedFile[],
  ) {
    const feed = this.feedOf(share, type);
    let taken;
    try {
      taken = await this.posts.take([
        { key: `share:post:share:${share.id}`, limit: SHARE_POST_LIMITS.perShare },
        { key: `share:post:ip:${ip ?? 'unknown'}`, limit: SHARE_POST_LIMITS.perAddress },
      ]);
    } catch (err) {
      if (err instanceof HttpError && err.statusCode === 429)
        throw new HttpError(
          429,
          'Too many comments from this link. Try again later.',
          ERROR_CODES.tooManyComments,
          undefined,
          err.headers,
        );
      throw err;
    }
    try {
      return await this.feedService.outsiderPost(
        feed,
        typeof name === 'string' ? name : '',
        input,
        presence,
        files,
      );
    } catch (err) {
      await Promise.all(taken.map((t) => this.posts.giveBack(t.key, t.windowStart)));
      throw err;
    }
  }

  feedRemove(share: OpenShare, commentId: number) {
    return this.feedService.outsiderRemove(this.feedOf(share, share.type as ShareType), commentId);
  }

  // ---- helpers -----------------------------------------------------------------------------

  /**
   * 404 unless the link exposes `section` (null: no section asked) and is of a type that has
   * `type`'s calls: an application's link opens the applicant's calls too, not the reverse.
   */
  private need(share: OpenShare, section: ShareSection | null, type: ShareType = 'applicant') {
    if (section !== null && !share.sectionSet.has(section)) throw hidden();
    if (type === 'application' && share.type !== 'application') throw hidden();
  }

  private async loadApplicant(share: OpenShare) {
    const found = await this.applicants.sharedApplicant(share.company_id, share.applicant_id);
    if (!found) throw hidden();
    return found;
  }

  private async documentsOf(share: OpenShare): Promise<TApplicantDocument[]> {
    const documents = await this.applicants.sharedDocuments(share.company_id, share.applicant_id);
    return documents.map((d) => ({
      ...d,
      url: `/api/shared/${share.token}/documents/${d.id}`,
    }));
  }

  /** The application's motivation (else the applicant's) on an application link. */
  private async motivationOf(share: OpenShare) {
    if (share.application_id !== null) {
      const found = await this.applications.sharedApplication(
        share.company_id,
        share.application_id,
      );
      if (found?.motivation) return { motivation: found.motivation };
    }
    return { motivation: (await this.loadApplicant(share)).motivation };
  }

  private sharedApplicantOf(share: OpenShare, a: TApplicant): TSharedApplicant {
    const profile = share.sectionSet.has('profile');
    return {
      id: a.id,
      firstname: a.firstname,
      lastname: a.lastname,
      img_src: a.img_src,
      email: profile ? a.email : null,
      phone: profile ? a.phone : null,
      tags: profile ? a.tags : [],
      source: profile ? a.source : null,
      cv:
        share.sectionSet.has('cv') && a.cv
          ? { filename: a.cv.filename, mime: a.cv.mime, url: `/api/shared/${share.token}/cv` }
          : null,
      share: this.info(share),
    };
  }
}

function toShare(row: ShareRow): TShare {
  let recipients: string[] = [];
  try {
    const parsed: unknown = row.recipients ? JSON.parse(row.recipients) : [];
    if (Array.isArray(parsed)) recipients = parsed.filter((r) => typeof r === 'string');
  } catch {
    // not JSON: none
  }
  return {
    id: row.id,
    type: row.type as ShareType,
    applicant_id: row.applicant_id,
    application_id: row.application_id,
    offer_id: row.offer_id,
    sections: sectionsOf(row.sections),
    recipients,
    expires_at: row.expires_at,
    created_at: row.created_at,
    created_by:
      row.created_by !== null && row.creator_firstname !== null
        ? {
            id: row.created_by,
            firstname: row.creator_firstname,
            lastname: row.creator_lastname ?? '',
          }
        : null,
  };
}
