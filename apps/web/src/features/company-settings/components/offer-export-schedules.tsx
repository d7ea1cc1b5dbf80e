import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseAsInteger, useQueryState } from 'nuqs';
import { CalendarClock, Download, Pencil, Plus, Trash2 } from 'lucide-react';
import type { TOfferExportSchedule } from '@embauche/contracts/offer-export-schedules';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog.tsx';
import { PagedListStates } from '../../../components/paged-list-states.tsx';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { useDeleteOfferExportSchedule } from '../api/delete-offer-export-schedule.ts';
import { useOfferExportSchedules } from '../api/get-offer-export-schedules.ts';
import { OfferExportScheduleDialog, weekdayName } from './offer-export-schedule-dialog.tsx';
import { formatDate } from '../../../lib/dates.ts';

type Open = { kind: 'create' } | { kind: 'edit' | 'delete'; schedule: TOfferExportSchedule } | null;

function ScheduleRow({ schedule, onEdit, onDelete }: { schedule: TOfferExportSchedule; onEdit: () => void; onDelete: () => void }) {
  const { t, i18n } = useTranslation(['company_settings']);
  // On the company's clock, as the rule's hour (a browser elsewhere would show another hour).
  const at = (iso: string) => formatDate(iso, 'longdatetime', i18n.language, { timeZone: schedule.time_zone });
  const hour = formatDate(new Date(2024, 0, 1, schedule.hour), 'time', i18n.language);
  const when =
    schedule.frequency === 'weekly'
      ? t('company_settings:schedules.when.weekly', { day: weekdayName(i18n.language, schedule.weekday ?? 1), hour })
      : schedule.frequency === 'monthly'
        ? t('company_settings:schedules.when.monthly', { day: schedule.month_day, hour })
        : t('company_settings:schedules.when.daily', { hour });
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 flex-col gap-1">
        <p className="break-words text-sm font-medium text-slate-900">{schedule.name}</p>
        <p className="text-xs text-slate-600">
          {when} · {t(`company_settings:export.formats.${schedule.format}`)} · {t('company_settings:schedules.time_zone', { zone: schedule.time_zone })}
        </p>
        <p className="text-xs text-slate-600">
          {schedule.enabled && schedule.next_run_at ? t('company_settings:schedules.next_run', { date: at(schedule.next_run_at) }) : t('company_settings:schedules.disabled')}
          {' · '}
          {schedule.last_run_at
            ? t('company_settings:schedules.last_run', {
                date: at(schedule.last_run_at),
                status: schedule.last_export ? t(`company_settings:export.status.${schedule.last_export.status}`) : '—',
              })
            : t('company_settings:schedules.never_run')}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        {schedule.last_export?.download_url ? (
          <a href={schedule.last_export.download_url} className={buttonVariants({ variant: 'outline', size: 'sm' })} aria-label={t('company_settings:schedules.download_last', { name: schedule.name })}>
            <Download aria-hidden="true" />
          </a>
        ) : null}
        <Button size="sm" variant="outline" onClick={onEdit} aria-label={t('company_settings:schedules.edit', { name: schedule.name })}>
          <Pencil aria-hidden="true" />
        </Button>
        <Button size="sm" variant="outline" onClick={onDelete} aria-label={t('company_settings:schedules.delete', { name: schedule.name })}>
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
    </li>
  );
}

/** The scheduled exports of the export page: listed by name, added, edited and deleted. */
export function OfferExportSchedules() {
  const { t } = useTranslation(['company_settings']);
  const [page, setPage] = useQueryState('schedules_page', parseAsInteger.withDefault(1));
  const schedules = useOfferExportSchedules(page);
  const remove = useDeleteOfferExportSchedule();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  return (
    <div className="flex flex-col gap-3">
      <div className="flex justify-end">
        <Button onClick={() => setOpen({ kind: 'create' })}>
          <Plus aria-hidden="true" />
          {t('company_settings:schedules.add')}
        </Button>
      </div>
      <PagedListStates
        query={schedules}
        error={t('company_settings:error')}
        retry={t('company_settings:retry')}
        empty={{ icon: CalendarClock, title: t('company_settings:schedules.empty') }}
        total={(count) => t('company_settings:schedules.total', { count })}
        onPage={(p) => void setPage(p === 1 ? null : p)}
      >
        {(rows) => (
          <ul className="flex flex-col gap-2" aria-label={t('company_settings:schedules.title')}>
            {rows.map((s) => (
              <ScheduleRow key={s.id} schedule={s} onEdit={() => setOpen({ kind: 'edit', schedule: s })} onDelete={() => setOpen({ kind: 'delete', schedule: s })} />
            ))}
          </ul>
        )}
      </PagedListStates>
      {open?.kind === 'create' ? <OfferExportScheduleDialog onClose={close} /> : null}
      {open?.kind === 'edit' ? <OfferExportScheduleDialog key={open.schedule.id} schedule={open.schedule} onClose={close} /> : null}
      {open?.kind === 'delete' ? (
        <ConfirmDeleteDialog
          remove={remove}
          variables={open.schedule.id}
          title={t('company_settings:schedules.delete_title', { name: open.schedule.name })}
          description={t('company_settings:schedules.delete_description')}
          confirmLabel={t('company_settings:schedules.delete_confirm')}
          deleted={t('company_settings:schedules.deleted', { name: open.schedule.name })}
          onClose={close}
        />
      ) : null}
    </div>
  );
}
