import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import FullCalendar from '@fullcalendar/react';
import type { EventContentArg, EventInput } from '@fullcalendar/core';
import deLocale from '@fullcalendar/core/locales/de';
import esLocale from '@fullcalendar/core/locales/es';
import frLocale from '@fullcalendar/core/locales/fr';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin from '@fullcalendar/interaction';
import listPlugin from '@fullcalendar/list';
import timeGridPlugin from '@fullcalendar/timegrid';
import type { TAppointment } from '@embauche/contracts/planner';
import {
  formatDate,
  fromZoneWallTime,
  toZoneWallTime,
  type DateStyle,
} from '../../../lib/dates.ts';
import { toLanguage } from '../../../lib/language.ts';
import { personName } from '../lib/appointment-form.ts';
import { CALENDAR_VIEWS, visibleHours, type PlannerView } from '../lib/planner-views.ts';

const LOCALES = { fr: frLocale, es: esLocale, de: deLocale } as const;

type Props = {
  view: PlannerView;
  /** `yyyy-MM-dd`: a day of the period shown. */
  date: string;
  timeZone: string;
  appointments: TAppointment[];
  colorOf: (appointment: TAppointment) => string;
  /** The period shown changed: its instants. */
  onRange: (from: string, to: string) => void;
  onCreate: (start: Date, end: Date) => void;
  onOpen: (appointment: TAppointment) => void;
  /** Dragged or resized: `revert` puts it back when the change is not kept. */
  onMove: (appointment: TAppointment, start: Date, end: Date, revert: () => void) => void;
  onDateClick?: (day: string) => void;
};

/**
 * FullCalendar on the user's clock: it runs in UTC and is given each instant's wall time in
 * `timeZone` (its named zones need a date library), so what it draws is that zone's time. The
 * week starts on Monday; every date it writes comes from lib/dates.ts in the interface's language.
 * Appointments are links-like (Tab, Enter opens the dialog); dragging and resizing move them.
 */
export default function PlannerCalendar({
  view,
  date,
  timeZone,
  appointments,
  colorOf,
  onRange,
  onCreate,
  onOpen,
  onMove,
}: Props) {
  const { t, i18n } = useTranslation('planner');
  const ref = useRef<FullCalendar>(null);
  const language = toLanguage(i18n.language);
  const byId = new Map(appointments.map((a) => [String(a.id), a]));
  const fmt = (style: DateStyle) => (arg: { date: { marker: Date } }) =>
    formatDate(arg.date.marker, style, language, { timeZone: 'UTC' });
  const instant = (wall: Date) => fromZoneWallTime(wall, timeZone);

  useEffect(() => {
    const api = ref.current?.getApi();
    if (!api) return;
    if (api.view.type !== CALENDAR_VIEWS[view]) api.changeView(CALENDAR_VIEWS[view], date);
    else api.gotoDate(date);
  }, [view, date]);

  const events: EventInput[] = appointments.map((a) => ({
    id: String(a.id),
    title: a.title,
    start: toZoneWallTime(a.start_at, timeZone),
    end: toZoneWallTime(a.end_at, timeZone),
    backgroundColor: colorOf(a),
    borderColor: colorOf(a),
    textColor: '#ffffff',
  }));

  const hours = visibleHours(events as { start: Date; end: Date }[]);

  const content = (arg: EventContentArg) => {
    const a = byId.get(arg.event.id);
    const start = arg.event.start
      ? formatDate(arg.event.start, 'time', language, { timeZone: 'UTC' })
      : '';
    const end = arg.event.end
      ? formatDate(arg.event.end, 'time', language, { timeZone: 'UTC' })
      : '';
    const short =
      arg.view.type.startsWith('timeGrid') &&
      arg.event.start !== null &&
      arg.event.end !== null &&
      arg.event.end.getTime() - arg.event.start.getTime() < 45 * 60_000;
    return (
      <div className="h-full min-w-0 overflow-hidden px-0.5 text-xs leading-tight">
        <span className="font-medium">
          {start}–{end}
        </span>{' '}
        <span>{arg.event.title}</span>
        {a?.applicant ? (
          // A short event of the day and week grids has no room for it: read, not drawn clipped.
          <span className={short ? 'sr-only' : 'block truncate opacity-90'}>
            {personName(a.applicant)}
          </span>
        ) : null}
      </div>
    );
  };

  return (
    <div className="planner-calendar min-w-0">
      <FullCalendar
        ref={ref}
        plugins={[dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin]}
        initialView={CALENDAR_VIEWS[view]}
        initialDate={date}
        timeZone="UTC"
        locale={language === 'en' ? 'en' : LOCALES[language]}
        firstDay={1}
        headerToolbar={false}
        height="auto"
        allDaySlot={false}
        nowIndicator
        now={() => toZoneWallTime(new Date(), timeZone)}
        slotMinTime={hours.min}
        slotMaxTime={hours.max}
        scrollTime="08:00:00"
        slotDuration="00:30:00"
        snapDuration="00:05:00"
        editable
        selectable
        selectMirror
        eventInteractive
        eventStartEditable
        eventDurationEditable
        dayMaxEvents={3}
        events={events}
        eventContent={content}
        dayHeaderFormat={view === 'month' ? fmt('weekday') : fmt('shortday')}
        slotLabelFormat={fmt('time')}
        eventTimeFormat={fmt('time')}
        listDayFormat={fmt('full')}
        listDaySideFormat={false}
        moreLinkContent={(arg) => t('planner:calendar.more', { count: arg.num })}
        noEventsContent={() => t('planner:calendar.none')}
        datesSet={(arg) =>
          onRange(instant(arg.start).toISOString(), instant(arg.end).toISOString())
        }
        select={(arg) => {
          ref.current?.getApi().unselect();
          onCreate(instant(arg.start), instant(arg.end));
        }}
        eventClick={(arg) => {
          arg.jsEvent.preventDefault();
          const a = byId.get(arg.event.id);
          if (a) onOpen(a);
        }}
        eventDrop={(arg) => {
          const a = byId.get(arg.event.id);
          if (a && arg.event.start && arg.event.end)
            onMove(a, instant(arg.event.start), instant(arg.event.end), arg.revert);
          else arg.revert();
        }}
        eventResize={(arg) => {
          const a = byId.get(arg.event.id);
          if (a && arg.event.start && arg.event.end)
            onMove(a, instant(arg.event.start), instant(arg.event.end), arg.revert);
          else arg.revert();
        }}
      />
    </div>
  );
}
