import type { IcsEvent } from './ics.ts';

/** The ICS event of an appointment: its UID stays across changes, its sequence follows the time. */
export function appointmentEvent(
  base: string,
  a: {
    id: number;
    title: string;
    start: string;
    end: string;
    location: string;
    updatedAt: string;
    cancelled: boolean;
    description?: string;
    url?: string;
    organizer: { name: string; email: string } | null;
    attendees: { name: string; email: string }[];
    /** The zone its times are written in, for its reader (UTC without one). */
    timeZone?: string;
  },
): IcsEvent {
  const host = (() => {
    try {
      return new URL(base).hostname || 'embauche';
    } catch {
      return 'embauche';
    }
  })();
  return {
    uid: `appointment-${a.id}@${host}`,
    // Seconds since 2020 when last changed: grows with every change.
    sequence: Math.max(0, Math.floor((Date.parse(a.updatedAt) - Date.UTC(2020, 0, 1)) / 1000)),
    start: new Date(a.start),
    end: new Date(a.end),
    summary: a.title,
    ...(a.description ? { description: a.description } : {}),
    ...(a.location ? { location: a.location } : {}),
    ...(a.url ? { url: a.url } : {}),
    status: a.cancelled ? 'CANCELLED' : 'CONFIRMED',
    organizer: a.organizer,
    attendees: a.attendees,
    stamp: new Date(a.updatedAt),
    ...(a.timeZone ? { timeZone: a.timeZone } : {}),
  };
}
