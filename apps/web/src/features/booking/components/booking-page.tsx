import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CalendarCheck, CalendarX, Clock, LinkIcon, MapPin, Phone, Video } from 'lucide-react';
import type { TBookingView, TFreeSlot } from '@embauche/contracts/planner';
import { AlertDialog } from '../../../components/ui/alert-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { FullPageSpinner } from '../../../components/ui/spinner.tsx';
import { FormAlert } from '../../../components/form-alert.tsx';
import { errorStatus, isApiError } from '../../../lib/api-error.ts';
import { browserTimeZone, formatDate } from '../../../lib/dates.ts';
import { toLanguage } from '../../../lib/language.ts';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useBookSlot } from '../api/book-slot.ts';
import { bookingKey } from '../api/booking-keys.ts';
import { useBooking } from '../api/get-booking.ts';
import { useBookingSlots } from '../api/get-booking-slots.ts';
import { useCancelBooking } from '../api/cancel-booking.ts';
import { BOOKING_WEEK_DAYS, slotsByDay, weekRange } from '../lib/slot-days.ts';
import { BookingSlots } from './booking-slots.tsx';

const LOCATION_ICONS = { address: MapPin, phone: Phone, video: Video } as const;

/** The candidate's page behind a booking link (`/booking/{token}`): no session, their language, phone first. */
export function BookingPage({ token }: { token: string }) {
  const { t, i18n } = useTranslation(['booking', 'common']);
  const query = useBooking(token);
  useDocumentTitle(t('booking:title'));
  // The page opens in the candidate's language (the switcher still changes it).
  const languageSet = useRef(false);
  const language = query.data?.language;
  useEffect(() => {
    if (!language || languageSet.current) return;
    languageSet.current = true;
    if (toLanguage(i18n.language) !== language) void i18n.changeLanguage(language);
  }, [language, i18n]);

  if (query.isPending) return <FullPageSpinner />;
  if (query.isError) {
    const status = errorStatus(query.error);
    if (status === 410)
      return (
        <EmptyState
          headingLevel="h1"
          icon={CalendarX}
          title={t('booking:expired.title')}
          subtitle={t('booking:expired.subtitle')}
        />
      );
    if (status === 404)
      return (
        <EmptyState
          headingLevel="h1"
          icon={LinkIcon}
          title={t('booking:invalid_link')}
          subtitle={t('booking:invalid_subtitle')}
        />
      );
    return <EmptyState headingLevel="h1" title={t('common:error')} />;
  }
  return <BookingContent token={token} view={query.data} />;
}

function BookingContent({ token, view }: { token: string; view: TBookingView }) {
  const { t, i18n } = useTranslation(['booking', 'common', 'errors']);
  const zone = browserTimeZone();
  const [rescheduling, setRescheduling] = useState(false);
  const [page, setPage] = useState(0);
  const [chosen, setChosen] = useState<TFreeSlot | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // What was just done, written in the page's language when shown (the switcher may change it).
  const [done, setDone] = useState<{ key: 'booked' | 'moved' | 'cancelled'; at?: string } | null>(
    null,
  );
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [now] = useState(() => new Date());
  const book = useBookSlot(token);
  const cancel = useCancelBooking(token);
  const errorMessage = useApiErrorMessage();
  const queryClient = useQueryClient();
  const choosing = view.can_change && (view.appointment === null || rescheduling);
  const slots = useBookingSlots(token, choosing ? weekRange(now, page) : null);
  const lastPage = Math.max(
    0,
    Math.ceil(
      (new Date(view.expires_at).getTime() - now.getTime()) /
        (BOOKING_WEEK_DAYS * 24 * 3600 * 1000),
    ) - 1,
  );
  const when = (iso: string) => formatDate(iso, 'longdatetime', i18n.language, { timeZone: zone });
  const LocationIcon = LOCATION_ICONS[view.template.location_kind];

  const failed = (error: unknown) => {
    if (isApiError(error) && error.status === 409 && error.code === 'slot_taken') {
      setProblem(t('booking:errors.slot_taken'));
      setChosen(null);
    } else if (isApiError(error) && error.status === 409 && error.code === 'already_booked') {
      // Booked meanwhile (another tab, another device): the page shows that appointment.
      setProblem(t('booking:errors.already_booked'));
      setChosen(null);
      void queryClient.invalidateQueries({ queryKey: bookingKey(token) });
    } else if (isApiError(error) && error.status === 410) setProblem(t('booking:expired.title'));
    else setProblem(errorMessage(error));
  };
  const confirm = () => {
    if (!chosen) return;
    setProblem(null);
    book.mutate(
      { startAt: chosen.start_at, reschedule: view.appointment !== null },
      {
        onSuccess: (next) => {
          setDone({ key: view.appointment ? 'moved' : 'booked', at: next.appointment?.start_at });
          setRescheduling(false);
          setChosen(null);
        },
        onError: failed,
      },
    );
  };

  const status = done
    ? t(`booking:done.${done.key}`, { when: done.at ? when(done.at) : '' })
    : null;

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6">
      <header className="flex flex-col gap-2">
        <p className="text-sm font-medium text-slate-700">{view.company.name}</p>
        <h1 className="text-2xl font-semibold text-slate-900">
          {t(view.appointment ? 'booking:heading_booked' : 'booking:heading', {
            firstname: view.candidate.firstname,
          })}
        </h1>
        <p className="text-base text-slate-800">
          {view.template.name}
          {view.offer_title ? ` · ${view.offer_title}` : null}
        </p>
        <ul className="flex flex-col gap-1 text-sm text-slate-700">
          <li className="flex items-center gap-2">
            <Clock aria-hidden="true" className="size-4 shrink-0" />
            {t('booking:duration', { count: view.template.duration_minutes })}
          </li>
          <li className="flex items-start gap-2 break-words">
            <LocationIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span className="min-w-0">
              {view.template.location && view.template.location_kind !== 'video'
                ? t(`booking:location_with.${view.template.location_kind}`, {
                    value: view.template.location,
                  })
                : t(`booking:location.${view.template.location_kind}`)}
            </span>
          </li>
        </ul>
      </header>
      <p role="status" className="sr-only">
        {status}
      </p>
      {status ? (
        <p
          className="rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2.5 text-sm text-emerald-900"
          aria-hidden="true"
        >
          {status}
        </p>
      ) : null}
      {view.appointment && !rescheduling ? (
        <section
          aria-labelledby="booking-appointment"
          className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
        >
          <h2
            id="booking-appointment"
            className="flex items-center gap-2 text-base font-semibold text-slate-900"
          >
            <CalendarCheck aria-hidden="true" className="size-5 text-brand-700" />
            {t('booking:appointment.title')}
          </h2>
          <p className="text-lg font-medium first-letter:uppercase text-slate-900">
            {when(view.appointment.start_at)}
          </p>
          {view.template.location_kind === 'video' && view.template.location ? (
            <p className="break-all text-sm">
              <a
                className="text-brand-700 underline"
                href={view.template.location}
                target="_blank"
                rel="noreferrer"
              >
                {t('booking:appointment.video_link')}
              </a>
            </p>
          ) : null}
          {view.can_change ? (
            <div className="flex flex-wrap gap-2">
              <Button
                variant="outline"
                onClick={() => {
                  setDone(null);
                  setProblem(null);
                  setRescheduling(true);
                }}
              >
                {t('booking:appointment.reschedule')}
              </Button>
              <Button variant="outline" onClick={() => setConfirmCancel(true)}>
                {t('booking:appointment.cancel')}
              </Button>
            </div>
          ) : (
            <p className="text-sm text-slate-700">{t('booking:appointment.locked')}</p>
          )}
        </section>
      ) : null}
      {choosing ? (
        <>
          {rescheduling ? (
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="text-sm text-slate-700">{t('booking:reschedule_intro')}</p>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => {
                  setRescheduling(false);
                  setChosen(null);
                }}
              >
                {t('booking:keep_current')}
              </Button>
            </div>
          ) : null}
          <FormAlert message={problem} />
          <BookingSlots
            days={slotsByDay(slots.data?.slots ?? [], zone)}
            pending={slots.isPending}
            timeZone={zone}
            chosen={chosen?.start_at ?? null}
            onChoose={(slot) => {
              setProblem(null);
              setChosen(slot);
            }}
            page={page}
            onPage={(next) => {
              setChosen(null);
              setPage(next);
            }}
            hasNext={page < lastPage}
          />
          <div className="sticky bottom-0 flex flex-col gap-2 border-t border-slate-200 bg-white/95 py-3 backdrop-blur sm:static sm:border-0 sm:bg-transparent">
            <p className="text-sm text-slate-700" aria-live="polite">
              {chosen
                ? t('booking:chosen', { when: when(chosen.start_at) })
                : t('booking:choose_hint')}
            </p>
            <Button size="lg" onClick={confirm} disabled={!chosen || book.isPending}>
              {t(view.appointment ? 'booking:confirm_move' : 'booking:confirm')}
            </Button>
          </div>
        </>
      ) : null}
      {!view.can_change && !view.appointment ? (
        <p className="text-sm text-slate-700">{t('booking:expired.subtitle')}</p>
      ) : null}
      {confirmCancel ? (
        <AlertDialog
          open
          onOpenChange={(open) => (open ? undefined : setConfirmCancel(false))}
          title={t('booking:cancel_dialog.title')}
          description={t('booking:cancel_dialog.description')}
          confirmLabel={t('booking:cancel_dialog.confirm')}
          cancelLabel={t('booking:cancel_dialog.keep')}
          destructive
          loading={cancel.isPending}
          onConfirm={() =>
            cancel.mutate(undefined, {
              onSuccess: () => {
                setConfirmCancel(false);
                setDone({ key: 'cancelled' });
              },
              onError: (error) => {
                setConfirmCancel(false);
                failed(error);
              },
            })
          }
        />
      ) : null}
    </div>
  );
}
