import {
  SHARE_SECTIONS,
  type ShareSection,
  type ShareType,
  type TShare,
} from '@embauche/contracts/shares';
import type { ShareRow } from './shares.repository.ts';

/** One applicant (or application) a transfer or a share names. */
export type ShareSubject = {
  type: ShareType;
  applicantId: number;
  applicationId: number | null;
  offerId: number | null;
  name: string;
  /** The applicant's names apart (a transfer e-mail's model fills them). */
  firstname: string;
  lastname: string;
  jobPosition: string | null;
};

/** The known sections of a share's `sections` column (comma-separated), in their order. */
export function sectionsOf(text: string): ShareSection[] {
  return SHARE_SECTIONS.filter((s) => text.split(',').includes(s));
}

/** An application the user sees, as the subject of a link or a transfer. */
export function applicationSubject(row: {
  id: number;
  applicant_id: number | null;
  offer_id: number | null;
  firstname: string;
  lastname: string;
  job_position?: string | null;
}): ShareSubject {
  return {
    type: 'application',
    applicantId: row.applicant_id!,
    applicationId: row.id,
    offerId: row.offer_id,
    name: `${row.firstname} ${row.lastname}`,
    firstname: row.firstname,
    lastname: row.lastname,
    jobPosition: row.job_position ?? null,
  };
}

/** Row → spec "Share". */
export function toShare(row: ShareRow): TShare {
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
