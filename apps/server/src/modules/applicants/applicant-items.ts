import type { TApplicant, TApplicantDocument } from '@embauche/contracts/applicants';
import type { ApplicantDocumentsRepository } from './applicant-documents.repository.ts';
import type { ApplicantsRepository } from './applicants.repository.ts';

export type ApplicantRow = NonNullable<Awaited<ReturnType<ApplicantsRepository['byId']>>>;
type DocumentRow = Awaited<ReturnType<ApplicantDocumentsRepository['documents']>>[number];

/** Row → spec section 3 "Applicant". */
export function toApplicant(row: ApplicantRow, tags: string[]): TApplicant {
  return {
    id: row.id,
    firstname: row.firstname,
    lastname: row.lastname,
    email: row.email,
    phone: row.phone,
    img_src: row.img_src,
    cv: row.cv_key
      ? {
          filename: row.cv_filename ?? 'cv',
          mime: row.cv_mime ?? 'application/octet-stream',
          url: `/api/applicants/${row.id}/cv`,
          text_extracted: row.cv_extracted_at !== null,
        }
      : null,
    tags,
    source: {
      provenance_id: row.provenance_id,
      jobboard_id: row.jobboard_id,
      jobboard: row.jobboard_name,
      url_logo_jobboard: row.jobboard_logo,
      url: row.source_url,
    },
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export function toDocument(applicantId: number, d: DocumentRow): TApplicantDocument {
  return {
    id: d.id,
    document_type_id: d.document_type_id,
    document_type: d.document_type,
    filename: d.filename,
    mime: d.mime,
    size: d.size,
    uploaded_at: d.uploaded_at,
    url: `/api/applicants/${applicantId}/documents/${d.id}`,
  };
}
