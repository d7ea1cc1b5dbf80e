/**
 * iCalendar text (RFC 5545) for the planner: an invitation (METHOD:REQUEST), its cancellation
 * (METHOD:CANCEL) and a user's feed (METHOD:PUBLISH). Times are written in UTC (`…Z`, RFC 5545
 * 3.3.5 form 2), which every calendar application shows in its own zone; the template's zone is
 * named in `X-WR-TIMEZONE` for the feed. Lines end with CRLF and are folded at 75 octets.
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

function eventLines(e: IcsEvent, method: string): string[] {
  const lines = [
    'BEGIN:VEVENT',
    `UID:${e.uid}`,
    `SEQUENCE:${e.sequence}`,
    `DTSTAMP:${icsTime(e.stamp)}`,
    `DTSTART:${icsTime(e.start)}`,
    `DTEND:${icsTime(e.end)}`,
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
  for (const e of events) lines.push(...eventLines(e, method));
  lines.push('END:VCALENDAR');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
