import { createHash, randomBytes } from 'node:crypto';
import { DOCUMENT_REQUEST_DAYS } from '@embauche/contracts/applicants';
import type { Language } from '@embauche/contracts/constants';
import type { AuthContext } from '../../platform/auth/auth-context.ts';
import { conflict, validationFailed } from '../../platform/http/http-error.ts';
import { queueMail } from '../../platform/mail/mailer.ts';
import { candidateValues } from '../../platform/mail/merge-fields.ts';
import type { MailModelsService } from '../mail-models/mail-models.service.ts';
import { documentRequestMail } from './document-request-mail.ts';
import { DOCUMENT_REQUEST_MAIL_TEXTS } from './document-request-mail-texts.ts';
import type { FeedWriter } from '../activity-feed/feed-writer.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import {
  AlreadyUploaded,
  type ApplicantDocumentsRepository,
} from './applicant-documents.repository.ts';
import type { ApplicantsRepository, Trx } from './applicants.repository.ts';
import type { ApplicantsService, StoredFile, UploadedFile } from './applicants.service.ts';

/** A document request that its upload link still opens. */
export type OpenDocumentRequest = NonNullable<
  Awaited<ReturnType<ApplicantDocumentsRepository['requestByTokenHash']>>
>;

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Document requests: users ask an applicant for documents (an e-mail with an upload link whose
 * token is stored hashed, with an expiry), and the applicant sends them on the public upload page.
 */
export class DocumentRequestsService {
  constructor(
    private readonly repo: ApplicantsRepository,
    private readonly documentRepo: ApplicantDocumentsRepository,
    private readonly applicants: ApplicantsService,
    private readonly options: { publicUrl: string },
    /** The company's name, default language and time zone: the applicant's e-mail is written in them. */
    private readonly mailSettings: (
      companyId: number,
    ) => Promise<{ companyName: string; language: Language; timeZone: string }>,
    /** The activity feed's event writer, looked up when an event happens (registered later). */
    private readonly feed: () => FeedWriter | undefined = () => undefined,
    /** Tells the user who asked that the documents arrived. */
    private readonly notifications: () => NotificationsService | undefined = () => undefined,
    /** The company's e-mail models (its own "document request" text). */
    private readonly models?: Pick<MailModelsService, 'render' | 'senderValues'>,
  ) {}

  /** The company's document types, with those asked of the applicant (still open) and received. */
  async askDocumentsList(auth: AuthContext, id: number) {
    await this.applicants.require(auth, id);
    const [types, state] = await Promise.all([
      this.documentRepo.documentTypes(auth.companyId),
      this.documentRepo.askedTypes(auth.companyId, id, new Date().toISOString()),
    ]);
    return types.map((t) => ({
      id: t.id,
      name: t.name,
      default_type: Boolean(t.default_type),
      sended: state.asked.has(t.id),
      received: state.received.has(t.id),
    }));
  }

  /** Creates a request (token hashed, expiry) and queues the e-mail with the public upload link. */
  async askDocuments(auth: AuthContext, id: number, documentIds: number[]) {
    const row = await this.applicants.require(auth, id);
    if (!row.email) throw validationFailed({ applicant_id: ['applicant_without_email'] });
    const types = await this.documentRepo.documentTypes(auth.companyId);
    const wanted = [...new Set(documentIds)];
    if (wanted.some((d) => !types.some((t) => t.id === d))) {
      throw validationFailed({ document_ids: ['invalid'] });
    }
    await this.askOnBehalf(
      auth.companyId,
      auth.userId,
      row,
      types.filter((t) => wanted.includes(t.id)),
    );
    return this.askDocumentsList(auth, id);
  }

  /**
   * Sends a request for the `asked` document types to the applicant on behalf of `userId`, with no
   * user scope (the caller checked it: a user's request, or an onboarding's document step): the
   * request, its feed entry and the e-mail in one transaction. `claim` runs first inside it with
   * the new request's id; answering false rolls everything back (another worker took the task).
   * Answers the request's id, or null when the claim was refused.
   */
  async askOnBehalf(
    companyId: number,
    userId: number,
    row: { id: number; firstname: string; lastname: string; email: string | null },
    asked: { id: number; name: string; default_type: unknown }[],
    claim?: (trx: Trx, requestId: number) => Promise<boolean>,
  ): Promise<number | null> {
    const id = row.id;
    const wanted = asked.map((t) => t.id);
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + DOCUMENT_REQUEST_DAYS * 86_400_000).toISOString();
    const link = `${this.options.publicUrl}/documents-upload/${token}`;
    const settings = await this.mailSettings(companyId);
    const builtIn = documentRequestMail({
      ...settings,
      firstname: row.firstname,
      documents: asked.map((t) => ({ ...t, default_type: Boolean(t.default_type) })),
      link,
      expiresAt,
    });
    // The company's own "document request" model when it has one (in its default language).
    const names = DOCUMENT_REQUEST_MAIL_TEXTS[settings.language].documentTypes;
    const mail =
      (await this.models?.render(companyId, 'document_request', [settings.language], {
        ...candidateValues(row),
        'company.name': settings.companyName,
        ...(await this.models.senderValues(userId)),
        'documents.list': asked
          .map((d) => (d.default_type ? (names[d.name] ?? d.name) : d.name))
          .join(', '),
        'upload.link': link,
      })) ?? builtIn;
    const refused = Symbol('refused');
    try {
      return await this.repo.transaction(async (trx) => {
        const requestId = await this.documentRepo.createRequest(
          {
            companyId,
            applicantId: id,
            tokenHash: hash(token),
            expiresAt,
            createdBy: userId,
            typeIds: wanted,
          },
          trx,
        );
        if (claim && !(await claim(trx, requestId))) throw refused;
        await this.feed()?.documentsRequested(
          { companyId, userId },
          { applicantId: id, requestId, documentTypeIds: wanted },
          trx,
        );
        await queueMail(trx, {
          companyId,
          to: row.email!,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        });
        return requestId;
      });
    } catch (err) {
      if (err === refused) return null;
      throw err;
    }
  }

  /**
   * Public: the request an upload link opens; undefined when its token is unknown or expired (the
   * routes count those misses per address, see PublicTokenGuard).
   */
  async openRequest(token: string): Promise<OpenDocumentRequest | undefined> {
    const request = await this.documentRepo.requestByTokenHash(hash(token));
    if (!request || request.expires_at <= new Date().toISOString()) return undefined;
    return request;
  }

  /** Public: what the link asks for. */
  async uploadInfo(request: OpenDocumentRequest) {
    const items = await this.documentRepo.requestItems(request.id);
    return {
      company: request.company,
      firstname: request.firstname,
      expires_at: request.expires_at,
      documents: items.map((i) => ({
        id: i.id,
        name: i.name,
        default_type: Boolean(i.default_type),
        uploaded: i.uploaded_at !== null,
      })),
    };
  }

  /**
   * Public: files sent as `document_{typeId}` (or `document_type_id` + `file`); each asked type once.
   * All or nothing: a type sent twice is refused up front (422 `duplicate`), and the files are
   * recorded in one transaction; if anything fails, every file stored for the request is deleted.
   */
  async upload(request: OpenDocumentRequest, files: { typeId: number; file: UploadedFile }[]) {
    if (!files.length) throw validationFailed({ file: ['field_required'] });
    const seen = new Set<number>();
    const duplicates: Record<string, string[]> = {};
    for (const { typeId } of files) {
      if (seen.has(typeId)) duplicates[`document_${typeId}`] = ['duplicate'];
      seen.add(typeId);
    }
    if (Object.keys(duplicates).length) throw validationFailed(duplicates);
    const items = await this.documentRepo.requestItems(request.id);
    for (const { typeId } of files) {
      const item = items.find((i) => i.id === typeId);
      if (!item) throw validationFailed({ [`document_${typeId}`]: ['invalid'] });
      if (item.uploaded_at) throw conflict('This document was already sent.', 'already_uploaded');
    }
    const stored: { typeId: number; file: StoredFile }[] = [];
    try {
      for (const { typeId, file } of files) {
        const field = `document_${typeId}`;
        stored.push({
          typeId,
          file: await this.applicants.storeFile(request.company_id, file, field, 'documents'),
        });
      }
      await this.repo.transaction(async (trx) => {
        for (const { typeId, file } of stored)
          await this.documentRepo.fulfil(request, typeId, file, trx);
        await this.feed()?.documentsReceived(
          { companyId: request.company_id, userId: null },
          {
            applicantId: request.applicant_id,
            requestId: request.id,
            documentTypeIds: stored.map((s) => s.typeId),
          },
          trx,
        );
      });
    } catch (err) {
      await Promise.all(stored.map(({ file }) => this.applicants.discard(file)));
      if (err instanceof AlreadyUploaded)
        throw conflict('This document was already sent.', 'already_uploaded');
      throw err;
    }
    await this.notifications()?.documentsReceived(
      request.company_id,
      request.id,
      request.applicant_id,
      stored.length,
    );
    return this.uploadInfo(request);
  }
}
