import { randomUUID } from 'node:crypto';
import {
  CV_BUNDLE_JOB_MAX,
  CV_BUNDLE_MAX,
  CV_MIMES,
  type TCvBundleOperation,
  type TApplicant,
  type TApplicantDetail,
  type TManualApplicant,
} from '@embauche/contracts/applicants';
import type { Paged } from '@embauche/contracts/paging';
import type { TRecipientSelection } from '@embauche/contracts/application-selection';
import type { SelectedApplicationsService } from '../applications/selected-applications.service.ts';
import type { AuthContext } from '../../platform/auth/auth-context.ts';
import { enqueue } from '../../platform/jobs/jobs.ts';
import { notFound, validationFailed } from '../../platform/http/http-error.ts';
import { detectFileType } from '../../platform/storage/file-type.ts';
import type { FileStorage } from '../../platform/storage/storage.ts';
import { toApplicant, toDocument, type ApplicantRow } from './applicant-items.ts';
import { mergePdfCvs, zipCvs } from './cv-bundle.ts';
import { applicantScope, type ApplicantScope } from './applicant-scope.ts';
import type { ApplicantDocumentsRepository } from './applicant-documents.repository.ts';
import type { ApplicantTagsRepository } from './applicant-tags.repository.ts';
import type { ApplicantsRepository, Trx } from './applicants.repository.ts';

/** Extracts a stored CV's text into the search index (registered by cv-text-job.ts). */
export const CV_TEXT_JOB = 'applicant.cv_text';

export type UploadedFile = { filename: string; data: Buffer };
export type StoredFile = { key: string; filename: string; mime: string; size: number };

const ACCEPTED = new Set<string>(CV_MIMES);
/** Storage `head` calls in flight at once while checking a bundle's CVs (cvFiles). */
const CV_HEADS_AT_ONCE = 16;

/**
 * Applicants of the company as users see them: profile, CV, documents, tags, source, search, and
 * the writes of manual applicants. Document requests: DocumentRequestsService; what a shared link
 * opens: SharedApplicantsService.
 */
export class ApplicantsService {
  constructor(
    private readonly repo: ApplicantsRepository,
    private readonly tagRepo: ApplicantTagsRepository,
    private readonly documentRepo: ApplicantDocumentsRepository,
    private readonly files: FileStorage,
    private readonly projects: { visibleProjectIds(auth: AuthContext): Promise<number[] | null> },
    /** "All that match" a list (the applications module's, registered later: looked up when used). */
    private readonly selected?: () => Pick<SelectedApplicationsService, 'counted' | 'rows'>,
    /** Starts a CV bundle's job (cv-bundle-jobs.ts) for a selection over CV_BUNDLE_MAX. */
    private readonly bundleJobs?: () => {
      start(
        auth: AuthContext,
        request: { selection: TRecipientSelection; ids: number[]; total: number },
      ): Promise<TCvBundleOperation>;
    },
  ) {}

  /**
   * What the user sees of the company's applicants (docs/security.md "Who sees which applicants").
   */
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
    const tags = await this.tagRepo.tags(auth.companyId, [id]);
    return toApplicant(row, tags.get(id) ?? []);
  }

  /** Applicants by id with their tags (unknown ids, and those the user does not see, are left out). */
  async many(auth: AuthContext, ids: number[]): Promise<Map<number, TApplicant>> {
    const unique = [...new Set(ids)];
    const [rows, tags] = await Promise.all([
      this.repo.byIds(await this.scope(auth), unique),
      this.tagRepo.tags(auth.companyId, unique),
    ]);
    return new Map(rows.map((r) => [r.id, toApplicant(r, tags.get(r.id) ?? [])]));
  }

  tagsOf(companyId: number, ids: number[]) {
    return this.tagRepo.tags(companyId, ids);
  }

  async detail(
    auth: AuthContext,
    id: number,
    applicationsCount: number,
  ): Promise<TApplicantDetail> {
    const row = await this.require(auth, id);
    const [tags, documents] = await Promise.all([
      this.tagRepo.tags(auth.companyId, [id]),
      this.documentRepo.documents(auth.companyId, id),
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
    return (await this.documentRepo.documents(auth.companyId, id)).map((d) => toDocument(id, d));
  }

  /** The document's bytes, streamed from the storage. */
  async documentFile(auth: AuthContext, id: number, documentId: number) {
    await this.require(auth, id);
    const doc = await this.documentRepo.document(auth.companyId, id, documentId);
    const found = doc && (await this.files.getStream(doc.storage_key));
    if (!doc || !found) throw notFound('Document');
    return { data: found.stream, size: found.size, mime: doc.mime, filename: doc.filename };
  }

  /** The CV's bytes, streamed from the storage. */
  async cv(auth: AuthContext, id: number) {
    const row = await this.require(auth, id);
    const found = row.cv_key ? await this.files.getStream(row.cv_key) : null;
    if (!row.cv_key || !found) throw notFound('CV');
    return {
      data: found.stream,
      size: found.size,
      mime: row.cv_mime ?? 'application/octet-stream',
      filename: row.cv_filename ?? 'cv',
    };
  }

  /**
   * Deletes the applicant and everything of it (the database's cascades), then its files: CV,
   * documents, the attachments of its feed. No route calls it yet (the spec has no applicant
   * deletion); a file whose removal fails is left to the orphan sweep (docs/storage.md).
   */
  async remove(auth: AuthContext, id: number): Promise<void> {
    await this.require(auth, id);
    const keys = await this.repo.deleteWithFileKeys(auth.companyId, id);
    if (!keys) throw notFound('Applicant');
    await this.deleteFiles(keys);
  }

  /** Deletes one of the applicant's documents, then its file. */
  async removeDocument(auth: AuthContext, id: number, documentId: number): Promise<void> {
    await this.require(auth, id);
    const key = await this.documentRepo.deleteDocument(auth.companyId, id, documentId);
    if (!key) throw notFound('Document');
    await this.deleteFiles([key]);
  }

  /** After the rows are gone; a failure leaves an orphan that the sweep deletes a day later. */
  private async deleteFiles(keys: string[]) {
    await Promise.all(keys.map((key) => this.files.delete(key).catch(() => {})));
  }

  /**
   * The CV files of these applicants (those without a CV, or not seen by the user, are listed
   * apart). Each CV's presence is asked of the storage, CV_HEADS_AT_ONCE at a time (a bucket
   * answers each in tens of milliseconds: one after the other, a batch of 200 took seconds).
   */
  async cvFiles(auth: AuthContext, ids: number[]) {
    const rows = await this.repo.byIds(await this.scope(auth), [...new Set(ids)]);
    const found: { applicant: ApplicantRow; key: string; mime: string; filename: string }[] = [];
    const seen = new Set(rows.map((r) => r.id));
    const missing: number[] = ids.filter((id) => !seen.has(id));
    const present = new Set<string>();
    const keys = rows.flatMap((r) => (r.cv_key ? [r.cv_key] : []));
    for (let i = 0; i < keys.length; i += CV_HEADS_AT_ONCE) {
      const chunk = keys.slice(i, i + CV_HEADS_AT_ONCE);
      const heads = await Promise.all(chunk.map((key) => this.files.head(key)));
      chunk.forEach((key, j) => heads[j] && present.add(key));
    }
    for (const row of rows) {
      const there = row.cv_key !== null && present.has(row.cv_key);
      if (!row.cv_key || !there) missing.push(row.id);
      else
        found.push({
          applicant: row,
          key: row.cv_key,
          mime: row.cv_mime ?? '',
          filename: row.cv_filename ?? 'cv',
        });
    }
    return { found, missing };
  }

  /**
   * The CVs of these applicants as one ZIP or one merged PDF, written into the storage and
   * streamed back (cv-bundle.ts); 422 `no_cv` when none could go in. With a `selection`, the
   * applicants of every application it holds too (resolved by the applications module: 404, 409
   * `selection_changed`). Over CV_BUNDLE_MAX with the ids: a PDF is refused (422 `selection:
   * max_items:500`), a ZIP is queued for the job (`queued`, up to CV_BUNDLE_JOB_MAX, 422 over it).
   */
  async cvBundle(
    auth: AuthContext,
    request: { ids: number[]; selection?: TRecipientSelection | undefined },
    type: 'zip' | 'pdf',
  ) {
    let ids = request.ids;
    if (request.selection) {
      if (!this.selected) throw validationFailed({ selection: ['invalid'] });
      const selected = this.selected();
      const { resolved, total } = await selected.counted(auth, request.selection);
      const count = ids.length + total;
      if (count > CV_BUNDLE_MAX) {
        const max = type === 'zip' && this.bundleJobs ? CV_BUNDLE_JOB_MAX : CV_BUNDLE_MAX;
        if (count > max) throw validationFailed({ selection: [`max_items:${max}`] });
        const queued = await this.bundleJobs!().start(auth, {
          selection: request.selection,
          ids,
          total: count,
        });
        return { queued };
      }
      const rows = await selected.rows(auth.companyId, resolved, CV_BUNDLE_MAX - ids.length);
      ids = [...new Set([...ids, ...rows.map((r) => r.applicant_id)])];
    }
    const { found, missing } = await this.cvFiles(auth, ids);
    const stamp = new Date().toISOString().slice(0, 10);
    if (type === 'zip') {
      if (!found.length) throw validationFailed({ ids: ['no_cv'] });
      const zip = await zipCvs(this.files, auth.companyId, found);
      const file = { mime: 'application/zip', filename: `cv-${stamp}.zip` };
      return { data: zip.stream, size: zip.size, ...file, skipped: missing };
    }
    const { pdf, skipped } = await mergePdfCvs(this.files, auth.companyId, found);
    if (!pdf) throw validationFailed({ ids: ['no_cv'] });
    const file = { mime: 'application/pdf', filename: `cv-${stamp}.pdf` };
    return { data: pdf.stream, size: pdf.size, ...file, skipped: [...missing, ...skipped] };
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
    const tags = await this.tagRepo.tags(
      auth.companyId,
      result.data.map((r) => r.id),
    );
    return { ...result, data: result.data.map((r) => toApplicant(r, tags.get(r.id) ?? [])) };
  }

  /** Tag names for the tag input's suggestions, most used first, among the applicants the user sees. */
  async tagNames(auth: AuthContext, search: string | undefined): Promise<string[]> {
    return this.tagRepo.tagNames(await this.scope(auth), search?.trim() || undefined, 20);
  }

  async setTags(auth: AuthContext, id: number, tags: string[]): Promise<TApplicant> {
    await this.require(auth, id);
    await this.repo.transaction(async (trx) => {
      await this.tagRepo.setTags(auth.companyId, id, tags, trx);
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
    auth: Pick<AuthContext, 'companyId'>,
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
          (await this.tagRepo.tags(auth.companyId, [existing.id], trx)).get(existing.id) ?? [];
        await this.tagRepo.setTags(auth.companyId, existing.id, [...current, ...input.tags], trx);
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
    if (input.tags?.length) await this.tagRepo.setTags(auth.companyId, id, input.tags, trx);
    await this.afterWrite(auth.companyId, id, cv, trx);
    return { id, existing: false };
  }

  /** Documents given with an application (career site), inside the caller's transaction. */
  async addDocuments(
    companyId: number,
    applicantId: number,
    documents: { typeId: number; file: StoredFile }[],
    trx: Trx,
  ) {
    for (const d of documents)
      await this.documentRepo.add(companyId, applicantId, d.typeId, d.file, trx);
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
      if (input.tags) await this.tagRepo.setTags(auth.companyId, id, input.tags, trx);
      await this.afterWrite(auth.companyId, id, cv, trx);
    });
    if (cv && row.cv_key) await this.files.delete(row.cv_key).catch(() => {});
  }

  private async afterWrite(companyId: number, id: number, cv: StoredFile | null, trx: Trx) {
    await this.repo.reindex(companyId, id, trx);
    if (cv)
      await enqueue(trx, CV_TEXT_JOB, { company_id: companyId, applicant_id: id, cv_key: cv.key });
  }
}
