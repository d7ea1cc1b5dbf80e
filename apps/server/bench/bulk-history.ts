// The status history of the benchmark company's applications (migration 0055): each one's path to
// its status (status-paths.ts, as the demo seed), written with the helper that the application
// writes its rows with (historyRows), the company's days in Europe/Paris.
import { historyRows, type HistoryState } from '../src/platform/db/status-history.ts';
import { pathChanges, statusPath } from '../src/platform/db/status-paths.ts';
import { wallClock } from '../src/platform/time/wall-clock.ts';
import type { BenchSize } from './bench-sizes.ts';
import { applicationSpecs, DAY, offerAge, type Table } from './bulk-tables.ts';

const ZONE = 'Europe/Paris';
const HOUR = 3_600_000;

const COLUMNS = [
  'company_id',
  'application_id',
  'offer_id',
  'jobboard_id',
  'from_status_id',
  'to_status_id',
  'motif_id',
  'actor_id',
  'changed_at',
  'changed_day',
  'applied_at',
  'applied_day',
  'elapsed_s',
  'in_status_s',
  'first_reach',
  'first_interview',
  'fill_s',
] as const;

/** The company's day of an instant, the zone's offset read once per hour. */
function dayOf() {
  const offsets = new Map<number, number>();
  return (_company: number, iso: string) => {
    const ms = Date.parse(iso);
    const hour = Math.floor(ms / HOUR);
    let offset = offsets.get(hour);
    if (offset === undefined) {
      offset = wallClock(ZONE, hour * HOUR) - hour * HOUR;
      offsets.set(hour, offset);
    }
    return Math.floor((ms + offset) / DAY);
  };
}

/** The history rows of every generated application (3 to 4 per application on average). */
export function historyTable(
  size: BenchSize,
  ids: { company: number; user: number },
  now: number,
): Table {
  return {
    name: 'application_status_history',
    columns: [...COLUMNS],
    rows: (function* () {
      const state: HistoryState = {
        day: dayOf(),
        reached: new Map(),
        lastAt: new Map(),
        filled: new Set(),
        offerStart: new Map(),
      };
      for (const a of applicationSpecs(size, now)) {
        const offerStart = new Date(now - offerAge(a.offerId - 1)).toISOString();
        state.offerStart.set(a.offerId, offerStart);
        const changes = pathChanges(
          {
            companyId: ids.company,
            applicationId: a.id,
            offerId: a.offerId,
            jobboardId: a.jobboard,
            appliedAt: a.createdAt,
          },
          statusPath(a.status, a.id),
          { motifId: a.motif, actorId: ids.user },
          a.id,
          now,
        );
        for (const r of historyRows(changes, state)) yield COLUMNS.map((c) => r[c]);
        // One application's state is not needed once written (memory stays flat).
        state.reached.delete(a.id);
        state.lastAt.delete(a.id);
        state.offerStart.delete(a.offerId);
      }
    })(),
  };
}
