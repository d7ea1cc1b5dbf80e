import type { TApplicationItem } from '@embauche/contracts/applications';
import type { CardRow } from './applications.repository.ts';

/** Row → spec section 3 "Application" with the card fields of the list and the board. */
export function toItem(r: CardRow, tags: string[], testsCount: number): TApplicationItem {
  return {
    id: r.id,
    application_id: r.id,
    applicant_id: r.applicant_id!,
    idApplicant: r.applicant_id!,
    firstname: r.firstname,
    lastname: r.lastname,
    email: r.email,
    phone: r.phone,
    img_src: r.img_src,
    tags,
    has_cv: r.cv_key !== null,
    offer_id: r.offer_id,
    project_id: r.project_id ?? null,
    job_position: r.job_position ?? null,
    spontaneous: r.offer_id === null,
    // The offer's project setting; a spontaneous application has no project: documents allowed.
    documents_enabled: r.documents_enabled === null ? true : Boolean(r.documents_enabled),
    status: { id: r.status_id, name: r.status_name, default_status: Boolean(r.default_status) },
    statutApplicant: r.status_id,
    motif_id: r.motif_id,
    motif_name: r.motif_name ?? null,
    recruited_at: r.recruited_at,
    idjobboard_provenance: r.jobboard_id,
    provenance_id: r.provenance_id ?? null,
    jobboard: r.jobboard_name ?? null,
    urlLogoJobBoard: r.jobboard_logo ?? null,
    tests_count: testsCount,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}
