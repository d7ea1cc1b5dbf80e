import { isUtcZone, vtimezoneLines, zonedLocal } from './ics-zones.ts';

/**
 * iCalendar text (RFC 5545) for the planner: an invitation (METHOD:REQUEST), its cancellation
 * (METHOD:CANCEL) and a user's feed (METHOD:PUBLISH). An event with a `timeZone` has its times on
 * that zone's clock (`DTSTART;TZID=Europe/Paris:20260329T090000`, RFC 5545 3.3.5 form 3) and the
 * calendar carries the zone's VTIMEZONE (ics-zones.ts); without one, or for a time a local clock
 * cannot name (the second pass of the autumn change's hour), in UTC (`…Z`). The feed also names
 * its zone in `X-WR-TIMEZONE`. Lines end with CRLF and are folded at 75 octets.
 */
export type IcsEvent = {
  /** Stable across changes: `appointment-{id}@{host}`. */
  uid: string;
  /** Higher on every change (the calendar replaces the older copy). */
  sequence: number;
  start: Date;
  end: Date;
  summary: string;
  description?: string;
  location?: string;
  url?: string;
  status: 'CONFIRMED' | 'CANCELLED';
  organizer?: { name: string; email: string } | null;
  attendees?: { name: string; email: string }[];
  /** When the event was last changed. */
  stamp: Date;
  /** The IANA zone its times are written in (the reader's: the candidate's template's, a user's). */
  timeZone?: string;
};

/** `20260329T080000Z` */
export function icsTime(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** A TEXT value (RFC 5545 3.3.11): backslash, semicolon, comma and line breaks escaped. */
export function icsText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** A parameter value (a CN): quoted, without the characters a quoted value cannot hold. */
function paramText(value: string): string {
  return `"${value.replace(/["\r\n]/g, ' ')}"`;
}

/** Folds a content line at 75 octets (RFC 5545 3.1), never inside a UTF-8 character. */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    if (octets + size > (out.length ? 74 : 75)) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

function mailto(email: string): string {
  return `mailto:${email.replace(/[\r\n;:,"]/g, '')}`;
}

/** `DTSTART;TZID=…:local` when the zone's clock names the instant, else `DTSTART:…Z`. */
function timeLine(name: string, at: Date, timeZone: string | undefined, zonesUsed: Set<string>) {
  if (timeZone && !isUtcZone(timeZone)) {
    const local = zonedLocal(timeZone, at.getTime());
    if (local) {
      zonesUsed.add(timeZone);
      return `${name};TZID=${timeZone}:${local}`;
    }
  }
  return `${name}:${icsTime(at)}`;
}

function eventLines(e: IcsEvent, method: string, zonesUsed: Set<string>): string[] {
  const lines = [
    'BEGIN:VEVENT',
    `UID:${e.uid}`,
    `SEQUENCE:${e.sequence}`,
    `DTSTAMP:${icsTime(e.stamp)}`,
    timeLine('DTSTART', e.start, e.timeZone, zonesUsed),
    timeLine('DTEND', e.end, e.timeZone, zonesUsed),
    `SUMMARY:${icsText(e.summary)}`,
    `STATUS:${e.status}`,
  ];
  if (e.description) lines.push(`DESCRIPTION:${icsText(e.description)}`);
  if (e.location) lines.push(`LOCATION:${icsText(e.location)}`);
  if (e.url) lines.push(`URL:${e.url.replace(/[\r\n]/g, '')}`);
  if (e.organizer)
    lines.push(`ORGANIZER;CN=${paramText(e.organizer.name)}:${mailto(e.organizer.email)}`);
  for (const a of e.attendees ?? [])
    lines.push(
      `ATTENDEE;CN=${paramText(a.name)};ROLE=REQ-PARTICIPANT${
        method === 'REQUEST' ? ';PARTSTAT=NEEDS-ACTION;RSVP=FALSE' : ''
      }:${mailto(a.email)}`,
    );
  lines.push('END:VEVENT');
  return lines;
}

/** A whole calendar object: `method` REQUEST (invitation), CANCEL or PUBLISH (a feed). */
export function icsCalendar(
  events: IcsEvent[],
  method: 'REQUEST' | 'CANCEL' | 'PUBLISH',
  extra: { name?: string; timeZone?: string } = {},
): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Embauche//Planner//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${method}`,
  ];
  if (extra.name) lines.push(`X-WR-CALNAME:${icsText(extra.name)}`);
  if (extra.timeZone) lines.push(`X-WR-TIMEZONE:${extra.timeZone}`);
  const zonesUsed = new Set<string>();
  const vevents = events.flatMap((e) => eventLines(e, method, zonesUsed));
  // Each zone named by a TZID, covering its events' times (RFC 5545 3.6.5).
  for (const zone of zonesUsed) {
    const times = events
      .filter((e) => e.timeZone === zone)
      .flatMap((e) => [e.start.getTime(), e.end.getTime()]);
    lines.push(...vtimezoneLines(zone, Math.min(...times), Math.max(...times)));
  }
  lines.push(...vevents);
  lines.push('END:VCALENDAR');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
