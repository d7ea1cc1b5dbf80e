import { createHash, randomBytes } from 'node:crypto';
import type { TApplicant, TApplicantDocument } from '@embauche/contracts/applicants';
import {
  type ShareSection,
  type ShareType,
  type TShare,
  type TShareCreated,
  type TShareCreateRequest,
  type TSharedApplicant,
  type TSharedApplicantDetail,
  type TSharedApplication,
  type TSharedInfo,
  type TTransferAccess,
} from '@embauche/contracts/shares';
import type { AuditTrail } from '../../platform/audit/audit-trail.ts';
import type { AuthContext } from '../../platform/auth/auth-context.ts';
import { notFound } from '../../platform/http/http-error.ts';
import type { OutsiderShare } from '../activity-feed/outsider-feed.service.ts';
import type { FeedWriter } from '../activity-feed/feed-writer.ts';
import type { ApplicantsService } from '../applicants/applicants.service.ts';
import type { SharedApplicantsService } from '../applicants/shared-applicants.service.ts';
import type { ApplicationsService } from '../applications/applications.service.ts';
import { applicationSubject, sectionsOf, toShare, type ShareSubject } from './share-items.ts';
import type { SharesRepository, TokenShareRow, Trx } from './shares.repository.ts';

const DAY_MS = 86_400_000;
const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/** A share its token opened: still open, with the token (for the links it answers). */
export type OpenShare = TokenShareRow & { token: string; sectionSet: ReadonlySet<ShareSection> };

/** The same answer for a section the link does not expose as for a link that opens nothing. */
const hidden = () => notFound('Shared content');

/**
 * Shared links (docs/shared-links.md). Users create, list and revoke links; outsiders holding a
 * token read what its sections expose (their comments in the feed: SharedFeedService). The token
 * (256 random bits) is given once (in the e-mail of a transfer, see TransferService, or in the
 * answer of a link made on demand) and stored as its SHA-256 only.
 */
export class SharesService {
  constructor(
    private readonly repo: SharesRepository,
    private readonly applicants: ApplicantsService,
    /** What a link opens of the applicant, read without a user's scope. */
    private readonly sharedApplicants: SharedApplicantsService,
    private readonly applications: ApplicationsService,
    private readonly feed: FeedWriter,
    private readonly options: { publicUrl: string },
    private readonly audit: AuditTrail,
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
      firstname: row.firstname,
      lastname: row.lastname,
      jobPosition: null,
    });
  }

  /** `POST /applications/{id}/shares`: a link to one application (its feed is its offer's). */
  async createForApplication(auth: AuthContext, applicationId: number, input: TShareCreateRequest) {
    const row = await this.applications.require(auth, applicationId);
    return this.createOnDemand(auth, input, applicationSubject(row));
  }

  /** `GET /applicants/{id}/shares`: the links still open on the applicant and its applications. */
  async list(auth: AuthContext, applicantId: number): Promise<TShare[]> {
    await this.applicants.require(auth, applicantId);
    const rows = await this.repo.active(auth.companyId, applicantId, new Date().toISOString());
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
      await this.audit.record(
        auth,
        'share.revoked',
        { type: 'share', id: shareId },
        { applicant_id: applicantId, type: row.type },
        trx,
      );
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

  private async createOnDemand(
    auth: AuthContext,
    input: TShareCreateRequest,
    subject: ShareSubject,
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

  /** A new share of `subject` in the caller's transaction; answers its id and its token (given once). */
  async createShare(
    trx: Trx,
    auth: AuthContext,
    subject: ShareSubject,
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
    const details = {
      applicant_id: subject.applicantId,
      application_id: subject.applicationId,
      type: subject.type,
      sections: access.sections,
      expires_in_days: access.expires_in_days,
      recipients: recipients?.length ?? 0,
    };
    await this.audit.record(auth, 'share.created', { type: 'share', id }, details, trx);
    return { id, token };
  }

  /** The web page of a link: `${PUBLIC_URL}/shared/{token}/{type}`. */
  link(token: string, type: ShareType) {
    return `${this.options.publicUrl}/shared/${token}/${type}`;
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
    return this.sharedApplicants.cv(share.company_id, share.applicant_id);
  }

  async documents(share: OpenShare, type: ShareType = 'applicant') {
    this.need(share, 'documents', type);
    return this.documentsOf(share);
  }

  async documentFile(share: OpenShare, documentId: number) {
    this.need(share, 'documents');
    return this.sharedApplicants.documentFile(share.company_id, share.applicant_id, documentId);
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
    const found = await this.sharedApplicants.applicant(share.company_id, share.applicant_id);
    if (!found) throw hidden();
    return found;
  }

  private async documentsOf(share: OpenShare): Promise<TApplicantDocument[]> {
    const documents = await this.sharedApplicants.documents(share.company_id, share.applicant_id);
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
