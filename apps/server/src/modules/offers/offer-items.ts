import type { TOfferListItem } from '@embauche/contracts/offers';
import type { AlertWindow } from './offer-list-filters.ts';
import type { OfferListRow } from './offer-list.repository.ts';

export type ApplicationCounts = { total: number; toTreat: number; oldestNew: string | null };

/** One list row as the API shows it, with its counts and alert state (DESIGN section 9). */
export function toListItem(
  r: OfferListRow,
  c: ApplicationCounts | undefined,
  favorite: boolean,
  w: AlertWindow,
): TOfferListItem {
  const archived = Boolean(r.archived);
  const reasons: TOfferListItem['alert_reasons'] = [];
  if (!archived && c?.oldestNew && c.oldestNew <= w.cutoff) reasons.push('untreated_applications');
  if (!archived && r.closing_date && r.closing_date >= w.today && r.closing_date <= w.soon) {
    reasons.push('closing_soon');
  }
  return {
    id: r.id,
    project_id: r.project_id,
    project_name: r.project_name,
    job_position: r.job_position,
    reference: r.reference,
    contract_type: r.contract_type as TOfferListItem['contract_type'],
    location: r.location,
    department: r.department,
    remote: r.remote as TOfferListItem['remote'],
    salary_min: r.salary_min,
    salary_max: r.salary_max,
    subsidiary_id: r.subsidiary_id,
    subsidiary_name: r.subsidiary_name,
    status: r.status as TOfferListItem['status'],
    archived,
    archived_reason: r.archived_reason as TOfferListItem['archived_reason'],
    archived_comment: r.archived_comment,
    archived_at: r.archived_at,
    closing_date: r.closing_date,
    published_at: r.published_at,
    created_by:
      r.created_by !== null && r.creator_firstname !== null
        ? {
            id: r.created_by,
            firstname: r.creator_firstname,
            lastname: r.creator_lastname ?? '',
          }
        : null,
    created_at: r.created_at,
    updated_at: r.updated_at,
    is_favorite: favorite,
    total_applications: c?.total ?? 0,
    total_to_treat: c?.toTreat ?? 0,
    in_alert: reasons.length > 0,
    alert_reasons: reasons,
  };
}
