import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { appointmentEvent } from '../src/modules/planner/appointment-ics.ts';
import { foldLine, icsCalendar } from '../src/modules/planner/ics.ts';

/** docs/planner.md "ICS": what the invitations and the feeds carry, read back with ical.js. */
describe('ICS', () => {
  const event = appointmentEvent('https://embauche.example.test', {
    id: 42,
    title: 'Entretien ; RH, « Zoé »\nsecond line',
    start: '2026-03-29T07:00:00.000Z',
    end: '2026-03-29T07:45:00.000Z',
    location:
      '1 rue de la Paix, 75002 Paris — bâtiment B, 3e étage, porte gauche au fond du couloir',
    updatedAt: '2026-03-01T10:00:00.000Z',
    cancelled: false,
    description: 'Groupe Valmont',
    organizer: null,
    attendees: [
      { name: 'Zoé "Z" Durand', email: 'zoe@example.test' },
      { name: 'Alice Martin', email: 'admin@demo.test' },
    ],
  });

  it('writes an invitation that a calendar library reads back, times in UTC', () => {
    const text = icsCalendar([event], 'REQUEST');
    expect(text.endsWith('\r\n')).toBe(true);
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const cal = new ICAL.Component(ICAL.parse(text));
    expect(cal.getFirstPropertyValue('method')).toBe('REQUEST');
    const vevent = new ICAL.Event(cal.getFirstSubcomponent('vevent')!);
    expect(vevent.uid).toBe('appointment-42@embauche.example.test');
    expect(vevent.summary).toBe('Entretien ; RH, « Zoé »\nsecond line');
    expect(vevent.location).toContain('porte gauche au fond du couloir');
    expect(vevent.startDate.toJSDate().toISOString()).toBe('2026-03-29T07:00:00.000Z');
    expect(vevent.endDate.toJSDate().toISOString()).toBe('2026-03-29T07:45:00.000Z');
    expect(vevent.startDate.zone?.tzid).toBe('UTC');
    const attendees = vevent.attendees.map((a) => String(a.getFirstValue()));
    expect(attendees).toEqual(['mailto:zoe@example.test', 'mailto:admin@demo.test']);
    expect(vevent.attendees[0]!.getParameter('cn')).toBe('Zoé  Z  Durand');
  });

  it('writes a cancellation of the same event with a higher sequence', () => {
    const later = appointmentEvent('https://embauche.example.test', {
      id: 42,
      title: 'Entretien',
      start: '2026-03-29T07:00:00.000Z',
      end: '2026-03-29T07:45:00.000Z',
      location: '',
      updatedAt: '2026-03-02T10:00:00.000Z',
      cancelled: true,
      organizer: null,
      attendees: [],
    });
    const cal = new ICAL.Component(ICAL.parse(icsCalendar([later], 'CANCEL')));
    const vevent = cal.getFirstSubcomponent('vevent')!;
    expect(cal.getFirstPropertyValue('method')).toBe('CANCEL');
    expect(vevent.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(Number(vevent.getFirstPropertyValue('sequence'))).toBeGreaterThan(event.sequence);
  });

  it('names the zone of a feed and folds lines between characters, never inside one', () => {
    const feed = icsCalendar([event, event], 'PUBLISH', {
      name: 'Groupe Valmont — Alice',
      timeZone: 'Europe/Paris',
    });
    const cal = new ICAL.Component(ICAL.parse(feed));
    expect(cal.getFirstPropertyValue('x-wr-timezone')).toBe('Europe/Paris');
    expect(cal.getAllSubcomponents('vevent')).toHaveLength(2);
    const folded = foldLine(`SUMMARY:${'é'.repeat(80)}`);
    expect(folded.split('\r\n ').join('')).toBe(`SUMMARY:${'é'.repeat(80)}`);
    for (const part of folded.split('\r\n'))
      expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
  });
});

/** docs/planner.md "Time zones": events on a zone's clock with its VTIMEZONE, read back. */
describe('ICS with a time zone', () => {
  const at = (iso: string, id: number, timeZone = 'Europe/Paris') =>
    appointmentEvent('https://embauche.example.test', {
      id,
      title: `Entretien ${id}`,
      start: iso,
      end: new Date(Date.parse(iso) + 30 * 60_000).toISOString(),
      location: '',
      updatedAt: '2026-01-01T10:00:00.000Z',
      cancelled: false,
      organizer: null,
      attendees: [],
      timeZone,
    });
  // Paris: CET (+01:00) until 2026-03-29 01:00 UTC, CEST (+02:00) until 2026-10-25 01:00 UTC.
  const cases = [
    ['2026-01-15T08:00:00.000Z', 'TZID=Europe/Paris:20260115T090000'],
    ['2026-03-29T00:30:00.000Z', 'TZID=Europe/Paris:20260329T013000'], // just before spring
    ['2026-03-29T01:00:00.000Z', 'TZID=Europe/Paris:20260329T030000'], // the change itself
    ['2026-03-29T07:00:00.000Z', 'TZID=Europe/Paris:20260329T090000'],
    ['2026-07-01T12:00:00.000Z', 'TZID=Europe/Paris:20260701T140000'],
    ['2026-10-25T00:30:00.000Z', ':20261025T003000Z'], // 02:30, first pass: UTC names it alone
    ['2026-10-25T01:30:00.000Z', ':20261025T013000Z'], // 02:30 again
    ['2026-10-25T02:00:00.000Z', 'TZID=Europe/Paris:20261025T030000'], // after the change
    ['2026-10-25T08:00:00.000Z', 'TZID=Europe/Paris:20261025T090000'],
    ['2027-01-10T08:00:00.000Z', 'TZID=Europe/Paris:20270110T090000'],
  ] as const;

  it('writes DTSTART;TZID with the zone’s VTIMEZONE; every instant reads back exactly', () => {
    const text = icsCalendar(
      cases.map(([iso], i) => at(iso, i + 1)),
      'PUBLISH',
    );
    for (const [, written] of cases)
      expect(text).toContain(`DTSTART;${written}`.replace(';:', ':'));
    const cal = new ICAL.Component(ICAL.parse(text));
    const zones = cal.getAllSubcomponents('vtimezone');
    expect(zones).toHaveLength(1);
    expect(zones[0]!.getFirstPropertyValue('tzid')).toBe('Europe/Paris');
    const kinds = zones[0]!.getAllSubcomponents().map((c) => c.name);
    expect(kinds).toContain('standard');
    expect(kinds).toContain('daylight');
    const events = cal.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(events.map((e) => e.startDate.toJSDate().toISOString())).toEqual(
      cases.map(([iso]) => iso),
    );
    expect(events.map((e) => e.startDate.zone?.tzid)).toEqual(
      cases.map(([, w]) => (w.startsWith('TZID') ? 'Europe/Paris' : 'UTC')),
    );
    // The zone itself, asked by ical.js, agrees with Intl on both sides of both changes.
    const zone = new ICAL.Timezone({ component: zones[0]!, tzid: 'Europe/Paris' });
    for (const [local, offset] of [
      ['2026-03-29T01:59:00', 3600],
      ['2026-03-29T03:00:00', 7200],
      ['2026-10-25T01:59:00', 7200],
      ['2026-10-25T03:00:00', 3600],
      ['2025-12-31T12:00:00', 3600],
    ] as const)
      expect(zone.utcOffset(ICAL.Time.fromDateTimeString(local)), local).toBe(offset);
  });

  it('gives a zone without changes one observance, and UTC no VTIMEZONE', () => {
    const tokyo = icsCalendar([at('2026-06-01T01:00:00.000Z', 1, 'Asia/Tokyo')], 'REQUEST');
    expect(tokyo).toContain('DTSTART;TZID=Asia/Tokyo:20260601T100000');
    const cal = new ICAL.Component(ICAL.parse(tokyo));
    const observances = cal.getFirstSubcomponent('vtimezone')!.getAllSubcomponents();
    expect(observances.map((o) => o.name)).toEqual(['standard']);
    expect(observances[0]!.getFirstPropertyValue('tzoffsetto')?.toString()).toBe('+09:00');
    const event = new ICAL.Event(cal.getFirstSubcomponent('vevent')!);
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-06-01T01:00:00.000Z');
    // New York: its own changes (2026-03-08 and 2026-11-01).
    const ny = new ICAL.Component(
      ICAL.parse(icsCalendar([at('2026-11-01T14:00:00.000Z', 2, 'America/New_York')], 'REQUEST')),
    );
    const nyEvent = new ICAL.Event(ny.getFirstSubcomponent('vevent')!);
    expect(nyEvent.startDate.toString()).toBe('2026-11-01T09:00:00');
    expect(nyEvent.startDate.toJSDate().toISOString()).toBe('2026-11-01T14:00:00.000Z');
    const utc = icsCalendar([at('2026-06-01T01:00:00.000Z', 3, 'UTC')], 'REQUEST');
    expect(utc).not.toContain('VTIMEZONE');
    expect(utc).toContain('DTSTART:20260601T010000Z');
  });
});
