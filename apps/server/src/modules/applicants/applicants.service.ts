import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  CV_MIMES,
  DOCUMENT_REQUEST_DAYS,
  type TApplicant,
  type TApplicantDetail,
  type TManualApplicant,
} from '@embauche/contracts/applicants';
import type { Paged } from '@embauche/contracts/paging';
import type { AuthContext } from '../../platform/auth/auth-context.ts';
import { enqueue, type JobWorker } from '../../platform/jobs/jobs.ts';
import { conflict, notFound, validationFailed } from '../../platform/http/http-error.ts';
import { queueMail } from '../../platform/mail/mailer.ts';
import { detectFileType } from '../../platform/storage/file-type.ts';
import type { FileStorage } from '../../platform/storage/storage.ts';
import { extractText } from '../../platform/storage/text-extract.ts';
import type { FeedWriter } from '../activity-feed/feed-writer.ts';
import { toApplicant, toDocument, type ApplicantRow } from './applicant-items.ts';
import { applicantScope, type ApplicantScope } from './applicant-scope.ts';
import { AlreadyUploaded, type ApplicantsRepository, type Trx } from './applicants.repository.ts';

export const CV_TEXT_JOB = 'applicant.cv_text';

export type UploadedFile = { filename: string; data: Buffer };
export type StoredFile = { key: string; filename: string; mime: string; size: number };
/** A document request that its upload link still opens. */
export type OpenDocumentRequest = NonNullable<
  Awaited<ReturnType<ApplicantsRepository['requestByTokenHash']>>
>;

const ACCEPTED = new Set<string>(CV_MIMES);
const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/** Applicants of the company: profile, CV, documents and requests, tags, source, search. */
export class ApplicantsService {
  constructor(
    private readonly repo: ApplicantsRepository,
    private readonly files: FileStorage,
    private readonly options: { publicUrl: string },
    private readonly projects: { visibleProjectIds(auth: AuthContext): Promise<number[] | null> },
    /** The activity feed's event writer, looked up when an event happens (registered later). */
    private readonly feed: () => FeedWriter | undefined = () => undefined,
  ) {}

  /** What the user sees of the company's applicants (README "Who sees which applicants"). */
  async scope(auth: AuthContext): Promise<ApplicantScope> {
    return applicantScope(auth, await this.projects.visibleProjectIds(auth));
  }

  /** The applicant if the user sees it; another company's, or one outside the user's scope: 404. */
  async require(auth: AuthContext, id: number): Promise<ApplicantRow> {
    const row = await this.repo.byId(await this.scope(auth), id);
    if (!row) throw notFound('Applicant');
    return row;
  }

  async get(auth: AuthContext, id: number): Promise<TApplicant> {
    const row = await this.require(auth, id);
    const tags = await this.repo.tags(auth.companyId, [id]);
    return toApplicant(row, tags.get(id) ?? []);
  }

  /** Applicants by id with their tags (unknown ids, and those the user does not see, are left out). */
  async many(auth: AuthContext, ids: number[]): Promise<Map<number, TApplicant>> {
    const unique = [...new Set(ids)];
    const [rows, tags] = await Promise.all([
      this.repo.byIds(await this.scope(auth), unique),
      this.repo.tags(auth.companyId, unique),
    ]);
    return new Map(rows.map((r) => [r.id, toApplicant(r, tags.get(r.id) ?? [])]));
  }

  tagsOf(companyId: number, ids: number[]) {
    return this.repo.tags(companyId, ids);
  }

  async detail(
    auth: AuthContext,
    id: number,
    applicationsCount: number,
  ): Promise<TApplicantDetail> {
    const row = await this.require(auth, id);
    const [tags, documents] = await Promise.all([
      this.repo.tags(auth.companyId, [id]),
      this.repo.documents(auth.companyId, id),
    ]);
    return {
      ...toApplicant(row, tags.get(id) ?? []),
      documents: documents.map((d) => toDocument(id, d)),
      motivation: row.motivation,
      visio: this.visioOf(row),
      applications_count: applicationsCount,
    };
  }

  visioOf(row: ApplicantRow) {
    return { url: row.visio_url, scheduled_at: row.visio_at, notes: row.visio_notes };
  }

  async visio(auth: AuthContext, id: number) {
    return this.visioOf(await this.require(auth, id));
  }

  /** One transaction for the caller's writes (manual creation writes applicant and application). */
  transaction<T>(work: (trx: Trx) => Promise<T>): Promise<T> {
    return this.repo.transaction(work);
  }

  async cvTextOf(auth: AuthContext, id: number) {
    const row = await this.require(auth, id);
    const cv = await this.repo.cvText(auth.companyId, id);
    return { text: cv?.cv_text ?? null, motivation: row.motivation };
  }

  async motivation(auth: AuthContext, id: number) {
    return { motivation: (await this.require(auth, id)).motivation };
  }

  async documents(auth: AuthContext, id: number) {
    await this.require(auth, id);
    return (await this.repo.documents(auth.companyId, id)).map((d) => toDocument(id, d));
  }

  async documentFile(auth: AuthContext, id: number, documentId: number) {
    await this.require(auth, id);
    const doc = await this.repo.document(auth.companyId, id, documentId);
    const data = doc && (await this.files.get(doc.storage_key));
    if (!doc || !data) throw notFound('Document');
    return { data, mime: doc.mime, filename: doc.filename };
  }

  async cv(auth: AuthContext, id: number) {
    const row = await this.require(auth, id);
    const data = row.cv_key ? await this.files.get(row.cv_key) : null;
    if (!row.cv_key || !data) throw notFound('CV');
    return {
      data,
      mime: row.cv_mime ?? 'application/octet-stream',
      filename: row.cv_filename ?? 'cv',
    };
  }

  /** The CV files of these applicants (those without a CV, or not seen by the user, are listed apart). */
  async cvFiles(auth: AuthContext, ids: number[]) {
    const rows = await this.repo.byIds(await this.scope(auth), [...new Set(ids)]);
    const found: { applicant: ApplicantRow; data: Buffer; mime: string; filename: string }[] = [];
    const missing: number[] = ids.filter((id) => !rows.some((r) => r.id === id));
    for (const row of rows) {
      const data = row.cv_key ? await this.files.get(row.cv_key) : null;
      if (!data) missing.push(row.id);
      else
        found.push({
          applicant: row,
          data,
          mime: row.cv_mime ?? '',
          filename: row.cv_filename ?? 'cv',
        });
    }
    return { found, missing };
  }

  async search(
    auth: AuthContext,
    text: string | undefined,
    page: number,
    perPage: number,
  ): Promise<Paged<TApplicant>> {
    const scope = await this.scope(auth);
    const result = text?.trim()
      ? await this.repo.search(scope, text, page, perPage)
      : await this.repo.list(scope, page, perPage);
    const tags = await this.repo.tags(
      auth.companyId,
      result.data.map((r) => r.id),
    );
    return { ...result, data: result.data.map((r) => toApplicant(r, tags.get(r.id) ?? [])) };
  }

  /** Tag names for the tag input's suggestions, most used first, among the applicants the user sees. */
  async tagNames(auth: AuthContext, search: string | undefined): Promise<string[]> {
    return this.repo.tagNames(await this.scope(auth), search?.trim() || undefined, 20);
  }

  async setTags(auth: AuthContext, id: number, tags: string[]): Promise<TApplicant> {
    await this.require(auth, id);
    await this.repo.transaction(async (trx) => {
      await this.repo.setTags(auth.companyId, id, tags, trx);
      await this.repo.update(auth.companyId, id, {}, trx);
      await this.repo.reindex(auth.companyId, id, trx);
    });
    return this.get(auth, id);
  }

  /** The applicant's own provenance and job board (`PUT /applicants/source` with apply_all). */
  async setSource(
    auth: AuthContext,
    id: number,
    source: { provenance_id?: number | null; jobboard_id: number | null },
    trx?: Trx,
  ) {
    await this.require(auth, id);
    if (source.jobboard_id !== null && !(await this.repo.jobBoardExists(source.jobboard_id))) {
      throw validationFailed({ jobboard_provenance: ['invalid'] });
    }
    await this.repo.update(
      auth.companyId,
      id,
      {
        jobboard_id: source.jobboard_id,
        ...(source.provenance_id !== undefined ? { provenance_id: source.provenance_id } : {}),
      },
      trx,
    );
  }

  async checkJobBoard(id: number | null | undefined, field: string) {
    if (id != null && !(await this.repo.jobBoardExists(id)))
      throw validationFailed({ [field]: ['invalid'] });
  }

  /** Checks a CV's bytes and stores it; 422 `file_type` for anything but the accepted kinds. */
  async storeFile(
    companyId: number,
    file: UploadedFile,
    field: string,
    folder = 'cv',
  ): Promise<StoredFile> {
    const type = detectFileType(file.data);
    if (!type || !ACCEPTED.has(type.mime)) throw validationFailed({ [field]: ['file_type'] });
    const key = `${folder}/${companyId}/${randomUUID()}.${type.ext}`;
    await this.files.put(key, file.data);
    const base =
      file.filename
        .replace(/\.[^.]*$/, '')
        .replace(/[^\p{L}\p{N} _.-]+/gu, '')
        .trim() || folder;
    return {
      key,
      filename: `${base.slice(0, 200)}.${type.ext}`,
      mime: type.mime,
      size: file.data.length,
    };
  }

  async discard(file: StoredFile | null) {
    if (file) await this.files.delete(file.key).catch(() => {});
  }

  /**
   * Creates the applicant of a manual payload, or finds the one with the same e-mail in the company
   * (then fills what it lacks and takes the new CV). Runs inside the caller's transaction.
   */
  async createOrJoin(
    auth: AuthContext,
    input: TManualApplicant,
    cv: StoredFile | null,
    trx: Trx,
  ): Promise<{ id: number; existing: boolean }> {
    const existing = input.email
      ? await this.repo.byEmail(auth.companyId, input.email, trx)
      : undefined;
    const now = new Date().toISOString();
    const cvValues = cv
      ? {
          cv_key: cv.key,
          cv_filename: cv.filename,
          cv_mime: cv.mime,
          cv_text: null,
          cv_extracted_at: null,
        }
      : {};
    if (existing) {
      await this.repo.update(
        auth.companyId,
        existing.id,
        {
          ...cvValues,
          ...(input.phone ? { phone: input.phone } : {}),
          ...(input.motivation ? { motivation: input.motivation } : {}),
        },
        trx,
      );
      if (input.tags?.length) {
        const current =
          (await this.repo.tags(auth.companyId, [existing.id], trx)).get(existing.id) ?? [];
        await this.repo.setTags(auth.companyId, existing.id, [...current, ...input.tags], trx);
      }
      await this.afterWrite(auth.companyId, existing.id, cv, trx);
      return { id: existing.id, existing: true };
    }
    const id = await this.repo.insert(
      {
        company_id: auth.companyId,
        firstname: input.firstname,
        lastname: input.lastname,
        email: input.email ?? null,
        phone: input.phone ?? null,
        img_src: null,
        provenance_id: input.source?.provenance_id ?? 3,
        jobboard_id: input.source?.jobboard_id ?? null,
        source_url: input.source?.url ?? null,
        cv_key: cv?.key ?? null,
        cv_filename: cv?.filename ?? null,
        cv_mime: cv?.mime ?? null,
        cv_text: null,
        cv_extracted_at: null,
        motivation: input.motivation ?? null,
        visio_url: input.visio?.url ?? null,
        visio_at: input.visio?.scheduled_at
          ? new Date(input.visio.scheduled_at).toISOString()
          : null,
        visio_notes: input.visio?.notes ?? null,
        created_at: now,
        updated_at: now,
      },
      trx,
    );
    if (input.tags?.length) await this.repo.setTags(auth.companyId, id, input.tags, trx);
    await this.afterWrite(auth.companyId, id, cv, trx);
    return { id, existing: false };
  }

  /** `POST /applicants/manual/{id}?_method=PUT`: every field of the payload that is given. */
  async updateManual(
    auth: AuthContext,
    id: number,
    input: TManualApplicant,
    cv: StoredFile | null,
  ) {
    const row = await this.require(auth, id);
    if (input.email && input.email !== row.email) {
      const other = await this.repo.byEmail(auth.companyId, input.email);
      if (other && other.id !== id) throw validationFailed({ email: ['not_unique'] });
    }
    await this.repo.transaction(async (trx) => {
      await this.repo.update(
        auth.companyId,
        id,
        {
          firstname: input.firstname,
          lastname: input.lastname,
          email: input.email ?? null,
          phone: input.phone ?? null,
          ...(input.motivation !== undefined ? { motivation: input.motivation } : {}),
          ...(input.source
            ? {
                provenance_id: input.source.provenance_id ?? null,
                jobboard_id: input.source.jobboard_id ?? null,
                source_url: input.source.url ?? null,
              }
            : {}),
          ...(input.visio
            ? {
                visio_url: input.visio.url ?? null,
                visio_at: input.visio.scheduled_at
                  ? new Date(input.visio.scheduled_at).toISOString()
                  : null,
                visio_notes: input.visio.notes ?? null,
              }
            : {}),
          ...(cv
            ? {
                cv_key: cv.key,
                cv_filename: cv.filename,
                cv_mime: cv.mime,
                cv_text: null,
                cv_extracted_at: null,
              }
            : {}),
        },
        trx,
      );
      if (input.tags) await this.repo.setTags(auth.companyId, id, input.tags, trx);
      await this.afterWrite(auth.companyId, id, cv, trx);
    });
    if (cv && row.cv_key) await this.files.delete(row.cv_key).catch(() => {});
  }

  private async afterWrite(companyId: number, id: number, cv: StoredFile | null, trx: Trx) {
    await this.repo.reindex(companyId, id, trx);
    if (cv)
      await enqueue(trx, CV_TEXT_JOB, { company_id: companyId, applicant_id: id, cv_key: cv.key });
  }

  /** The `applicant.cv_text` job: extracts the CV's text into the search index. Idempotent. */
  registerJobs(worker: JobWorker) {
    worker.register<{ company_id: number; applicant_id: number; cv_key: string }>(
      CV_TEXT_JOB,
      async ({ company_id, applicant_id, cv_key }) => {
        const row = await this.repo.cvText(company_id, applicant_id);
        // Replaced or deleted since: the job that the new CV queued does the work.
        if (!row || row.cv_key !== cv_key) return;
        const data = await this.files.get(cv_key);
        if (!data) return;
        // A file refused (decompression bomb, time or memory limit) or unreadable throws an error
        // marked permanent: the job goes dead at once with the reason as its last error. The
        // applicant keeps its CV; cv_text and cv_extracted_at stay null, since no text was
        // extracted (text_extracted: false), and the dead job tells why.
        const text = await extractText(data, row.cv_mime ?? '');
        await this.repo.transaction(async (trx) => {
          await this.repo.update(
            company_id,
            applicant_id,
            { cv_text: text, cv_extracted_at: new Date().toISOString() },
            trx,
          );
          await this.repo.reindex(company_id, applicant_id, trx);
        });
      },
    );
  }

  async askDocumentsList(auth: AuthContext, id: number) {
    await this.require(auth, id);
    const [types, state] = await Promise.all([
      this.repo.documentTypes(auth.companyId),
      this.repo.askedTypes(auth.companyId, id, new Date().toISOString()),
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
    const row = await this.require(auth, id);
    if (!row.email) throw validationFailed({ applicant_id: ['applicant_without_email'] });
    const types = await this.repo.documentTypes(auth.companyId);
    const wanted = [...new Set(documentIds)];
    if (wanted.some((d) => !types.some((t) => t.id === d))) {
      throw validationFailed({ document_ids: ['invalid'] });
    }
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + DOCUMENT_REQUEST_DAYS * 86_400_000).toISOString();
    const link = `${this.options.publicUrl}/documents-upload/${token}`;
    const names = types.filter((t) => wanted.includes(t.id)).map((t) => t.name);
    await this.repo.transaction(async (trx) => {
      const requestId = await this.repo.createRequest(
        {
          companyId: auth.companyId,
          applicantId: id,
          tokenHash: hash(token),
          expiresAt,
          createdBy: auth.userId,
          typeIds: wanted,
        },
        trx,
      );
      await this.feed()?.documentsRequested(
        { companyId: auth.companyId, userId: auth.userId },
        { applicantId: id, requestId, documentTypeIds: wanted },
        trx,
      );
      await queueMail(trx, {
        companyId: auth.companyId,
        to: row.email!,
        subject: 'Documents demandés pour votre candidature',
        text: [
          `Bonjour ${row.firstname},`,
          '',
          'Pour poursuivre votre candidature, merci de nous transmettre les documents suivants :',
          ...names.map((n) => `- ${n}`),
          '',
          `Déposez-les ici avant le ${expiresAt.slice(0, 10)} : ${link}`,
        ].join('\n'),
      });
    });
    return this.askDocumentsList(auth, id);
  }

  /**
   * Public: the request an upload link opens; undefined when its token is unknown or expired (the
   * routes count those misses per address, see PublicTokenGuard).
   */
  async openRequest(token: string): Promise<OpenDocumentRequest | undefined> {
    const request = await this.repo.requestByTokenHash(hash(token));
    if (!request || request.expires_at <= new Date().toISOString()) return undefined;
    return request;
  }

  /** Public: what the link asks for. */
  async uploadInfo(request: OpenDocumentRequest) {
    const items = await this.repo.requestItems(request.id);
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
    const items = await this.repo.requestItems(request.id);
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
          file: await this.storeFile(request.company_id, file, field, 'documents'),
        });
      }
      await this.repo.transaction(async (trx) => {
        for (const { typeId, file } of stored) await this.repo.fulfil(request, typeId, file, trx);
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
      await Promise.all(stored.map(({ file }) => this.discard(file)));
      if (err instanceof AlreadyUploaded)
        throw conflict('This document was already sent.', 'already_uploaded');
      throw err;
    }
    return this.uploadInfo(request);
  }

  // ---- shared links: the shares module checked the link; the company's applicant, no user scope

  /** The applicant a shared link opens, with its tags and motivation; undefined when gone. */
  async sharedApplicant(companyId: number, id: number) {
    const row = await this.repo.byId(wholeCompany(companyId), id);
    if (!row) return undefined;
    const tags = await this.repo.tags(companyId, [id]);
    return { applicant: toApplicant(row, tags.get(id) ?? []), motivation: row.motivation };
  }

  async sharedDocuments(companyId: number, id: number) {
    return (await this.repo.documents(companyId, id)).map((d) => toDocument(id, d));
  }

  async sharedDocumentFile(companyId: number, id: number, documentId: number) {
    const doc = await this.repo.document(companyId, id, documentId);
    const data = doc && (await this.files.get(doc.storage_key));
    if (!doc || !data) throw notFound('Document');
    return { data, mime: doc.mime, filename: doc.filename };
  }

  async sharedCv(companyId: number, id: number) {
    const row = await this.repo.byId(wholeCompany(companyId), id);
    const data = row?.cv_key ? await this.files.get(row.cv_key) : null;
    if (!row || !data) throw notFound('CV');
    return {
      data,
      mime: row.cv_mime ?? 'application/octet-stream',
      filename: row.cv_filename ?? 'cv',
    };
  }
}

/** Every applicant of the company (a shared link is checked by its token, not by a user's scope). */
function wholeCompany(companyId: number): ApplicantScope {
  return { companyId, userId: 0, visibleProjects: null, spontaneous: true };
}
