/** What a list item reads of an application, its applicant, offer, project, status, motif and job board. */
export const ITEM_COLUMNS = [
  'applications.id',
  'applications.applicant_id',
  'applicants.firstname',
  'applicants.lastname',
  'applicants.email',
  'applicants.phone',
  'applicants.img_src',
  'applicants.cv_key',
  'applicants.provenance_id',
  'applications.offer_id',
  'offers.project_id',
  'offers.job_position',
  'projects.documents_enabled',
  'applications.status_id',
  'statuses.name as status_name',
  'statuses.default_status',
  'applications.motif_id',
  'motifs.name as motif_name',
  'applications.recruited_at',
  'applications.jobboard_id',
  'job_boards.name as jobboard_name',
  'job_boards.logo_url as jobboard_logo',
  'applications.motivation',
  'applications.created_at',
  'applications.updated_at',
] as const;

/**
 * What a board card reads of an application and its applicant alone (the names of its status,
 * motif, job board and offer read once per batch: card-names.repository.ts).
 */
export const BARE_CARD_COLUMNS = [
  'applications.id',
  'applications.applicant_id',
  'applicants.firstname',
  'applicants.lastname',
  'applicants.email',
  'applicants.phone',
  'applicants.img_src',
  'applicants.cv_key',
  'applicants.provenance_id',
  'applications.offer_id',
  'applications.status_id',
  'applications.motif_id',
  'applications.recruited_at',
  'applications.jobboard_id',
  'applications.created_at',
  'applications.updated_at',
] as const;

/** The columns an application list may be sorted by. */
export const SORT_COLUMNS = {
  created_at: 'applications.created_at',
  updated_at: 'applications.updated_at',
  lastname: 'applicants.lastname',
  status_id: 'applications.status_id',
} as const;
export type ApplicationSort = { field: keyof typeof SORT_COLUMNS; direction: 'asc' | 'desc' };
