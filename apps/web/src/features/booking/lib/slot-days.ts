import type { TFreeSlot } from '@embauche/contracts/planner';
import { toZoneLocalInput } from '../../../lib/dates.ts';

export type SlotDay = { day: string; slots: TFreeSlot[] };

/** The slots grouped by their calendar day on `timeZone`'s clock, days and slots in order. */
export function slotsByDay(slots: TFreeSlot[], timeZone: string): SlotDay[] {
  const days = new Map<string, TFreeSlot[]>();
  for (const slot of slots) {
    const day = toZoneLocalInput(slot.start_at, timeZone).slice(0, 10);
    const list = days.get(day) ?? [];
    list.push(slot);
    days.set(day, list);
  }
  return [...days.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([day, list]) => ({ day, slots: list }));
}

/** Days shown per page of the booking page. */
export const BOOKING_WEEK_DAYS = 7;

/** The `page`-th week of slots from `now` (page 0 starts now). */
export function weekRange(now: Date, page: number): { from: string; to: string } {
  const day = 24 * 3600 * 1000;
  const from = new Date(now.getTime() + page * BOOKING_WEEK_DAYS * day);
  const to = new Date(from.getTime() + BOOKING_WEEK_DAYS * day);
  return { from: from.toISOString(), to: to.toISOString() };
}
