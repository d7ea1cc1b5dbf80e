import { ZId } from '@embauche/contracts/ids';
import { CLOSING_SOON_DAYS, OFFER_STATUSES } from '@embauche/contracts/offers';
import { addDays, parseDateRange, today, type DateRange } from '../../platform/http/date-range.ts';
import { validationFailed } from '../../platform/http/http-error.ts';
import { filterList } from '../../platform/http/list-query.ts';
import type { AlertWindow, OfferFilters } from './offer-list-filters.ts';

export function alertWindow(delayDays: number, now = new Date()): AlertWindow {
  const day = today(now);
  return {
    cutoff: new Date(now.getTime() - delayDays * 86_400_000).toISOString(),
    today: day,
    soon: addDays(day, CLOSING_SOON_DAYS),
  };
}

function ints(value: string | undefined, field: string): number[] | undefined {
  if (!value) return undefined;
  const list = filterList(value).map(Number);
  if (list.some((n) => !ZId.safeParse(n).success)) {
    throw validationFailed({ [`filter.${field}`]: ['invalid'] });
  }
  return list;
}

function flag(value: string | undefined, field: string): boolean | undefined {
  if (value === undefined) return undefined;
  if (value === '1' || value === 'true') return true;
  if (value === '0' || value === 'false') return false;
  throw validationFailed({ [`filter.${field}`]: ['invalid'] });
}

/** `created_at_start`/`created_at_end` (export) read as one range with `created_at`. */
function mergeRange(range: DateRange | null, start?: string, end?: string): DateRange | undefined {
  const from = start ? parseDateRange(`${start},`, 'created_at_start')?.from : null;
  const to = end ? parseDateRange(`,${end}`, 'created_at_end')?.to : null;
  if (!range && !from && !to) return undefined;
  return { from: from ?? range?.from ?? null, to: to ?? range?.to ?? null };
}

/**
 * The offer list filters of spec section 2 (`status`, `alert`, `created_at`, `updated_at`,
 * `archived`, `closed_at`, `q`, `jobboard`, `project_id`) plus the export's (`offer_status`,
 * `contract_type`, `subsidiaries`, `departments`, `created_at_start`, `created_at_end`).
 * `expandProjects` turns project ids into the visible projects of their subtrees.
 */
export function parseOfferFilters(
  filters: Record<string, string>,
  window: AlertWindow,
  expandProjects: (ids: number[]) => number[],
): OfferFilters {
  const statuses = filterList(filters.status ?? filters.offer_status);
  if (statuses.some((s) => !(OFFER_STATUSES as readonly string[]).includes(s))) {
    throw validationFailed({ 'filter.status': ['invalid'] });
  }
  const archivedRaw = filters.archived;
  const archived = archivedRaw === 'all' ? null : flag(archivedRaw, 'archived');
  const projectIds = ints(filters.project_id, 'project_id');
  const q = (filters.q ?? filters.search)?.trim();
  return {
    window,
    ...(statuses.length ? { statuses } : {}),
    ...(archived !== undefined ? { archived } : {}),
    ...(filters.alert !== undefined ? { alert: flag(filters.alert, 'alert') } : {}),
    createdAt: mergeRange(
      parseDateRange(filters.created_at, 'created_at'),
      filters.created_at_start,
      filters.created_at_end,
    ),
    updatedAt: parseDateRange(filters.updated_at, 'updated_at') ?? undefined,
    closingDate: parseDateRange(filters.closed_at, 'closed_at') ?? undefined,
    ...(q ? { q } : {}),
    jobBoardIds: ints(filters.jobboard, 'jobboard'),
    ...(projectIds ? { projectIds: expandProjects(projectIds) } : {}),
    contractTypes: filterList(filters.contract_type),
    subsidiaryIds: ints(filters.subsidiaries, 'subsidiaries'),
    departments: filterList(filters.departments),
  };
}
