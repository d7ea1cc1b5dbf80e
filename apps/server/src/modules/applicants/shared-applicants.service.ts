import type { FileStorage } from '../../platform/storage/storage.ts';
import { notFound } from '../../platform/http/http-error.ts';
import { toApplicant, toDocument } from './applicant-items.ts';
import type { ApplicantScope } from './applicant-scope.ts';
import type { ApplicantDocumentsRepository } from './applicant-documents.repository.ts';
import type { ApplicantTagsRepository } from './applicant-tags.repository.ts';
import type { ApplicantsRepository } from './applicants.repository.ts';

/**
 * The applicant a shared link opens: the shares module checked the link (token, expiry, sections),
 * so these read the company's applicant without a user's scope.
 */
export class SharedApplicantsService {
  constructor(
    private readonly repo: ApplicantsRepository,
    private readonly tagRepo: ApplicantTagsRepository,
    private readonly documentRepo: ApplicantDocumentsRepository,
    private readonly files: FileStorage,
  ) {}

  /** The applicant a shared link opens, with its tags and motivation; undefined when gone. */
  async applicant(companyId: number, id: number) {
    const row = await this.repo.byId(wholeCompany(companyId), id);
    if (!row) return undefined;
    const tags = await this.tagRepo.tags(companyId, [id]);
    return { applicant: toApplicant(row, tags.get(id) ?? []), motivation: row.motivation };
  }

  async documents(companyId: number, id: number) {
    return (await this.documentRepo.documents(companyId, id)).map((d) => toDocument(id, d));
  }

  async documentFile(companyId: number, id: number, documentId: number) {
    const doc = await this.documentRepo.document(companyId, id, documentId);
    const found = doc && (await this.files.getStream(doc.storage_key));
    if (!doc || !found) throw notFound('Document');
    return { data: found.stream, size: found.size, mime: doc.mime, filename: doc.filename };
  }

  async cv(companyId: number, id: number) {
    const row = await this.repo.byId(wholeCompany(companyId), id);
    const found = row?.cv_key ? await this.files.getStream(row.cv_key) : null;
    if (!row || !found) throw notFound('CV');
    return {
      data: found.stream,
      size: found.size,
      mime: row.cv_mime ?? 'application/octet-stream',
      filename: row.cv_filename ?? 'cv',
    };
  }
}

/** Every applicant of the company (a shared link is checked by its token, not by a user's scope). */
function wholeCompany(companyId: number): ApplicantScope {
  return { companyId, userId: 0, visibleProjects: null, spontaneous: true };
}
