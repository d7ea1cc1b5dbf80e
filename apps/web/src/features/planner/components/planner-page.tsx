import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ChevronLeft, ChevronRight, Plus, Users } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import {
  PLANNER_USERS_MAX,
  type TAppointment,
  type TConflicts,
  type TPlannerPerson,
} from '@embauche/contracts/planner';
import { PageHeader } from '../../../components/page-header.tsx';
import { AlertDialog } from '../../../components/ui/alert-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { formatDate, toZoneLocalInput } from '../../../lib/dates.ts';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import { useIsMobile } from '../../../lib/use-media-query.ts';
import { useUserPreference } from '../../../lib/user-preference.ts';
import { useUserTimeZone } from '../../../lib/user-time-zone.ts';
import { useAppointments } from '../api/get-appointments.ts';
import { conflictsQueryOptions } from '../api/get-conflicts.ts';
import { useSaveAppointment } from '../api/save-appointment.ts';
import { usePlannerParams } from '../hooks/use-planner-params.ts';
import { movedInput, personName } from '../lib/appointment-form.ts';
import { shiftDay } from '../lib/planner-dates.ts';
import { PLANNER_VIEWS, personColor } from '../lib/planner-views.ts';
import { AppointmentDialog } from './appointment-dialog.tsx';
import { ConflictsNotice } from './conflicts-notice.tsx';
import { PeoplePicker } from './people-picker.tsx';

// FullCalendar (about 70 KB gzipped) comes with this screen only, after its toolbar.
const PlannerCalendar = lazy(() => import('./planner-calendar.tsx'));

type Editing = { appointment: TAppointment } | { start: Date; end: Date } | null;
type Moving = {
  appointment: TAppointment;
  start: Date;
  end: Date;
  revert: () => void;
  conflicts: TConflicts['conflicts'];
} | null;

/**
 * `/planner` (`planner.access`): the user's appointments and chosen colleagues' by day, week, month
 * or as an agenda, on the user's clock. New ones by selecting times or with the button; moved and
 * resized by dragging, or from the keyboard in the appointment's dialog.
 */
export function PlannerPage({ me }: { me: TPlannerPerson }) {
  const { t, i18n } = useTranslation(['planner', 'common']);
  const phone = useIsMobile();
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const [colleagues, setColleagues] = useUserPreference<TPlannerPerson[]>('planner.colleagues', []);
  const people = [me, ...colleagues.filter((c) => c.id !== me.id)].slice(0, PLANNER_USERS_MAX);
  const query = useAppointments(range ? { ...range, userIds: people.map((p) => p.id) } : null);
  // The user's zone (their own, else the company's), as the server confirms it with the list.
  const userTimeZone = useUserTimeZone();
  const timeZone = query.data?.time_zone ?? userTimeZone;
  const today = toZoneLocalInput(new Date(), timeZone).slice(0, 10);
  const { view, date, setView, setDate } = usePlannerParams(phone ? 'day' : 'week', today);
  const [editing, setEditing] = useState<Editing>(null);
  const [moving, setMoving] = useState<Moving>(null);
  const [choosing, setChoosing] = useState(false);
  const save = useSaveAppointment();
  const queryClient = useQueryClient();
  const errorMessage = useApiErrorMessage();
  const language = i18n.language;

  const colorOf = (a: TAppointment) => {
    const index = people.findIndex((p) => a.interviewers.some((i) => i.id === p.id));
    return personColor(Math.max(0, index));
  };
  const title =
    view === 'month'
      ? formatDate(date, 'month', language)
      : view === 'day'
        ? formatDate(date, 'full', language)
        : range
          ? `${formatDate(range.from, 'long', language, { timeZone })} – ${formatDate(new Date(Date.parse(range.to) - 1), 'long', language, { timeZone })}`
          : '';

  const keepMove = (m: NonNullable<Moving>, allowConflicts: boolean) => {
    save.mutate(
      { ...movedInput(m.appointment, m.start, m.end, allowConflicts), id: m.appointment.id },
      {
        onSuccess: () => toast.success(t('planner:moved', { title: m.appointment.title })),
        onError: (error) => {
          m.revert();
          toast.error(
            isApiError(error) && error.code === 'interviewer_busy'
              ? t('planner:conflicts.busy')
              : errorMessage(error),
          );
        },
      },
    );
  };
  const onMove = async (appointment: TAppointment, start: Date, end: Date, revert: () => void) => {
    try {
      const found = await queryClient.fetchQuery(
        conflictsQueryOptions({
          startAt: start.toISOString(),
          endAt: end.toISOString(),
          userIds: appointment.interviewers.map((p) => p.id),
          excludeId: appointment.id,
        }),
      );
      const move = { appointment, start, end, revert, conflicts: found.conflicts };
      if (found.conflicts.length) setMoving(move);
      else keepMove(move, false);
    } catch (error) {
      revert();
      toast.error(errorMessage(error));
    }
  };

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <PageHeader
        title={t('planner:title')}
        actions={
          <Button
            onClick={() => {
              const start = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000);
              setEditing({ start, end: new Date(start.getTime() + 3_600_000) });
            }}
          >
            <Plus aria-hidden="true" />
            {t('planner:new')}
          </Button>
        }
      />
      <div className="flex min-w-0 flex-wrap items-center justify-between gap-3">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <Button
            variant="outline"
            size="icon"
            aria-label={t(`planner:previous.${view}`)}
            onClick={() => setDate(shiftDay(date, view, -1))}
          >
            <ChevronLeft aria-hidden="true" />
          </Button>
          <Button variant="outline" onClick={() => setDate(today)}>
            {t('planner:today')}
          </Button>
          <Button
            variant="outline"
            size="icon"
            aria-label={t(`planner:next.${view}`)}
            onClick={() => setDate(shiftDay(date, view, 1))}
          >
            <ChevronRight aria-hidden="true" />
          </Button>
          <h2
            className="min-w-0 text-base font-semibold first-letter:uppercase text-slate-900"
            aria-live="polite"
          >
            {title}
          </h2>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <div
            role="group"
            aria-label={t('planner:views.label')}
            className="flex flex-wrap rounded-lg border border-slate-300 p-0.5"
          >
            {PLANNER_VIEWS.map((v) => (
              <button
                key={v}
                type="button"
                aria-pressed={view === v}
                onClick={() => setView(v)}
                className={`rounded-md px-3 py-1.5 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 ${view === v ? 'bg-brand-700 text-white' : 'text-slate-800 hover:bg-slate-100'}`}
              >
                {t(`planner:views.${v}`)}
              </button>
            ))}
          </div>
          <Button variant="outline" onClick={() => setChoosing(true)}>
            <Users aria-hidden="true" />
            {t('planner:colleagues.open', { count: colleagues.length })}
          </Button>
        </div>
      </div>
      <ul
        aria-label={t('planner:legend')}
        className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-800"
      >
        {people.map((p, index) => (
          <li key={p.id} className="flex items-center gap-1.5">
            <span
              aria-hidden="true"
              className="size-3 rounded-full"
              style={{ backgroundColor: personColor(index) }}
            />
            {p.id === me.id ? t('planner:you', { name: personName(p) }) : personName(p)}
          </li>
        ))}
      </ul>
      {query.data?.truncated ? (
        <p className="text-sm text-amber-800">{t('planner:truncated')}</p>
      ) : null}
      {query.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(query.error)}
        </p>
      ) : null}
      <p id="planner-keyboard-hint" className="text-xs text-slate-600">
        {t('planner:keyboard_hint')}
      </p>
      <div
        className="relative min-w-0 rounded-xl border border-slate-200 bg-white p-2 shadow-sm"
        aria-busy={query.isFetching}
      >
        <Suspense
          fallback={
            <div className="flex justify-center py-16">
              <Spinner label={t('common:loading')} />
            </div>
          }
        >
          <PlannerCalendar
            key={timeZone}
            view={view}
            date={date}
            timeZone={timeZone}
            appointments={query.data?.data ?? []}
            colorOf={colorOf}
            onRange={(from, to) =>
              setRange((current) =>
                current?.from === from && current.to === to ? current : { from, to },
              )
            }
            onCreate={(start, end) => setEditing({ start, end })}
            onOpen={(appointment) => setEditing({ appointment })}
            onMove={(a, start, end, revert) => void onMove(a, start, end, revert)}
          />
        </Suspense>
      </div>
      {editing ? (
        <AppointmentDialog
          key={'appointment' in editing ? editing.appointment.id : 'new'}
          timeZone={timeZone}
          me={me}
          {...('appointment' in editing
            ? { appointment: editing.appointment }
            : { start: editing.start, end: editing.end })}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {moving ? (
        <AlertDialog
          open
          onOpenChange={(open) => {
            if (open) return;
            moving.revert();
            setMoving(null);
          }}
          title={t('planner:move_conflicts.title', { title: moving.appointment.title })}
          confirmLabel={t('planner:move_conflicts.confirm')}
          cancelLabel={t('planner:move_conflicts.cancel')}
          onConfirm={() => {
            keepMove(moving, true);
            setMoving(null);
          }}
        >
          <ConflictsNotice conflicts={moving.conflicts} timeZone={timeZone} />
        </AlertDialog>
      ) : null}
      {choosing ? (
        <Dialog
          open
          onOpenChange={(open) => (open ? undefined : setChoosing(false))}
          title={t('planner:colleagues.title')}
          description={t('planner:colleagues.description', { count: PLANNER_USERS_MAX - 1 })}
        >
          <div className="flex flex-col gap-4">
            <PeoplePicker
              legend={t('planner:colleagues.legend')}
              value={colleagues}
              onChange={(next) =>
                setColleagues(next.filter((p) => p.id !== me.id).slice(0, PLANNER_USERS_MAX - 1))
              }
            />
            <div className="flex justify-end">
              <Button onClick={() => setChoosing(false)}>{t('planner:colleagues.done')}</Button>
            </div>
          </div>
        </Dialog>
      ) : null}
    </div>
  );
}
