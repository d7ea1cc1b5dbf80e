import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Download, FileDown } from 'lucide-react';
import {
  ZOfferExportRequest,
  type TOfferExportJob,
  type TOfferExportRequest,
  type TOfferExportRequestInput,
} from '@embauche/contracts/company-settings';
import { OFFER_EXPORT_COLUMNS } from '@embauche/contracts/export-labels';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { applyServerErrors } from '../../../lib/apply-server-errors.ts';
import { useOfferExports } from '../api/get-offer-exports.ts';
import { useStartOfferExport } from '../api/start-offer-export.ts';
import { OfferExportFileFields } from './offer-export-file-fields.tsx';
import { toLanguage } from '../../../lib/language.ts';
import { OfferExportSchedules } from './offer-export-schedules.tsx';
import { SettingsQuery, SettingsSection } from './settings-query.tsx';
import { useExportDownloadParam } from './use-export-download-param.ts';
import { formatDate } from '../../../lib/dates.ts';

function ExportForm() {
  const { t, i18n } = useTranslation(['company_settings', 'errors']);
  const lang = toLanguage(i18n.language);
  const start = useStartOfferExport();
  const form = useForm<TOfferExportRequestInput, unknown, TOfferExportRequest>({
    resolver: zodResolver(ZOfferExportRequest),
    defaultValues: { format: 'xlsx', columns: [...OFFER_EXPORT_COLUMNS], language: lang },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      await start.mutateAsync(values);
      toast.success(t('company_settings:export.started'));
    } catch (error) {
      if (!applyServerErrors(error, form.setError, ['format', 'columns', 'language'])) toast.error(t('errors:generic'));
    }
  });
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <OfferExportFileFields register={form.register} setValue={form.setValue} errors={errors} />
      <div className="flex justify-end">
        <Button type="submit" disabled={form.formState.isSubmitting || start.isPending}>
          <FileDown aria-hidden="true" />
          {t('company_settings:export.start')}
        </Button>
      </div>
    </form>
  );
}

function ExportRow({ job }: { job: TOfferExportJob }) {
  const { t, i18n } = useTranslation(['company_settings']);
  const when = formatDate(job.created_at, 'datetime', i18n.language);
  const running = job.status === 'queued' || job.status === 'running';
  const percent = job.total ? Math.round((job.progress / job.total) * 100) : job.status === 'done' ? 100 : 0;
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 flex-col gap-1">
        <p className="text-sm font-medium text-slate-900">
          {t('company_settings:export.item', { format: t(`company_settings:export.formats.${job.format}`), date: when })}
        </p>
        <p className="text-xs text-slate-600">
          {t(`company_settings:export.status.${job.status}`)}
          {job.total !== null ? ` · ${t('company_settings:export.progress', { done: job.progress, count: job.total })}` : ''}
        </p>
        {running ? (
          <div
            role="progressbar"
            aria-label={t('company_settings:export.progress_label', { date: when })}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-2 w-full overflow-hidden rounded-full bg-slate-200 sm:w-64"
          >
            <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
          </div>
        ) : null}
      </div>
      {job.download_url ? (
        <a href={job.download_url} download={job.filename ?? undefined} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
          <Download aria-hidden="true" />
          {t('company_settings:export.download', { name: job.filename ?? '' })}
        </a>
      ) : null}
    </li>
  );
}

/** Config page `joboffers/export` (`config.export_job_offers`): background exports of every offer, on demand or scheduled. */
export function OfferExportPage() {
  const { t } = useTranslation(['company_settings']);
  const exports = useOfferExports();
  useExportDownloadParam();
  return (
    <div className="flex flex-col gap-4 p-4 sm:p-6">
      <SettingsSection title={t('company_settings:export.title')} description={t('company_settings:export.intro')}>
        <ExportForm />
      </SettingsSection>
      <SettingsSection title={t('company_settings:schedules.title')} description={t('company_settings:schedules.intro')}>
        <OfferExportSchedules />
      </SettingsSection>
      <SettingsSection title={t('company_settings:export.history')} description={t('company_settings:export.history_note')}>
        <SettingsQuery query={exports}>
          {(list) =>
            list.data.length ? (
              <ul className="flex flex-col gap-2" aria-label={t('company_settings:export.history')}>
                {list.data.map((job) => (
                  <ExportRow key={job.id} job={job} />
                ))}
              </ul>
            ) : (
              <p className="text-sm text-slate-600">{t('company_settings:export.empty')}</p>
            )
          }
        </SettingsQuery>
      </SettingsSection>
    </div>
  );
}
