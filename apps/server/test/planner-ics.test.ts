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
