import { STATUS_IDS } from '@embauche/contracts/constants';
import type { StatusChangeInput } from './status-history.ts';

const S = STATUS_IDS;
const DAY_MS = 86_400_000;
/** The default pipeline's steps before a hire, in order. */
const STEPS = [S.NEW, S.PRESELECTED, S.PHONE_INTERVIEW, S.INTERVIEW, S.OFFER_SENT, S.RECRUITED];

/**
 * A plausible path of statuses ending at `final` for the demo seed and the bench generator (`n`
 * varies it): up the pipeline step by step (the phone interview skipped one time in three), a
 * refusal or withdrawal from one of the first steps, and one withdrawal in seven re-opened before
 * it ends. Starts at `new`; `new` alone for a new application.
 */
export function statusPath(final: number, n: number): number[] {
  const upTo = (status: number) => {
    const end = STEPS.indexOf(status as (typeof STEPS)[number]);
    const steps = STEPS.slice(0, end + 1);
    return n % 3 === 0 ? steps.filter((s) => s !== S.PHONE_INTERVIEW || status === s) : steps;
  };
  if (final === S.REFUSED || final === S.WITHDRAWN) {
    const left = upTo(STEPS[n % 4]!);
    if (final === S.WITHDRAWN && n % 7 === 0) {
      const back = left[left.length - 1]!;
      return [...left, S.WITHDRAWN, back, S.WITHDRAWN];
    }
    return [...left, final];
  }
  if (STEPS.includes(final as (typeof STEPS)[number])) return upTo(final);
  return [S.NEW, final];
}

/**
 * The changes of `path` for one application that arrived at `appliedAt`: spread over up to
 * `spanDays` after it (each a few days apart), never after `now`.
 */
export function pathChanges(
  base: Omit<
    StatusChangeInput,
    'fromStatusId' | 'toStatusId' | 'at' | 'enteredFromAt' | 'motifId' | 'actorId'
  >,
  path: number[],
  final: { motifId: number | null; actorId: number | null },
  n: number,
  now: number,
  spanDays = 45,
): StatusChangeInput[] {
  const start = Date.parse(base.appliedAt);
  const span = Math.max(0, Math.min(now - start, spanDays * DAY_MS));
  const step = path.length > 1 ? span / (path.length - 1) : 0;
  let previous: string | null = null;
  return path.map((to, i) => {
    // A little jitter (up to a quarter of a step) keeps the changes apart but in order.
    const at =
      i === 0
        ? base.appliedAt
        : new Date(
            start + Math.round(step * i - ((step / 4) * ((n * 7 + i) % 5)) / 5),
          ).toISOString();
    const change: StatusChangeInput = {
      ...base,
      fromStatusId: i === 0 ? null : path[i - 1]!,
      toStatusId: to,
      motifId: to === S.REFUSED || to === S.WITHDRAWN ? final.motifId : null,
      actorId: i === 0 ? null : final.actorId,
      at,
      enteredFromAt: previous,
    };
    previous = at;
    return change;
  });
}
