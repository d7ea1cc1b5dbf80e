import type { TStatus } from '@embauche/contracts/applications';

/**
 * The statuses every given workflow holds, in the first one's order: what a bulk change across
 * offers may offer. No list at all gives none.
 */
export function commonStatuses(lists: TStatus[][]): TStatus[] {
  const [first, ...others] = lists;
  if (!first) return [];
  return first.filter((status) => others.every((list) => list.some((s) => s.id === status.id)));
}
