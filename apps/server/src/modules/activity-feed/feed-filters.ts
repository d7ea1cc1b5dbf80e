import { FEED_CATEGORIES } from '@embauche/contracts/activity-feed';
import { ZIdParam } from '@embauche/contracts/ids';
import { parseDateRange } from '../../platform/http/date-range.ts';
import { HttpError, validationFailed, type FieldErrors } from '../../platform/http/http-error.ts';
import { filterList } from '../../platform/http/list-query.ts';
import type { FeedFilters } from './activity-feed.repository.ts';

/** filter[scope_range], filter[category], filter[subsidiary], filter[status] (spec 7). */
export function parseFeedFilters(filters: Record<string, string>): FeedFilters {
  const errors: FieldErrors = {};
  const ids = (name: string) => {
    const values = filterList(filters[name]);
    if (!values.length) return null;
    const parsed = values.map((v) => ZIdParam.safeParse(v));
    if (parsed.some((p) => !p.success)) errors[`filter.${name}`] = ['invalid'];
    return parsed.flatMap((p) => (p.success ? [p.data] : []));
  };
  const categories = filterList(filters.category);
  if (categories.some((c) => !(FEED_CATEGORIES as readonly string[]).includes(c)))
    errors['filter.category'] = ['invalid'];
  let range: FeedFilters['range'] = null;
  try {
    range = parseDateRange(filters.scope_range, 'scope_range');
  } catch (err) {
    if (!(err instanceof HttpError) || !err.errors) throw err;
    Object.assign(errors, err.errors);
  }
  const result: FeedFilters = {
    range,
    categories: categories.length ? categories : null,
    subsidiaries: ids('subsidiary'),
    statuses: ids('status'),
  };
  if (Object.keys(errors).length) throw validationFailed(errors);
  return result;
}
