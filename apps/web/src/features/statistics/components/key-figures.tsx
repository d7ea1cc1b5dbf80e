import { useTranslation } from 'react-i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import type {
  TStatisticsDuration,
  TStatisticsFunnelReport,
  TStatisticsTimesReport,
  TStatisticsVolumeReport,
} from '@embauche/contracts/statistics';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatDays, formatNumber } from '../lib/statistics-format.ts';
import { KeyFigure } from './key-figure.tsx';

type Props = {
  funnel: UseQueryResult<TStatisticsFunnelReport>;
  times: UseQueryResult<TStatisticsTimesReport>;
  volume: UseQueryResult<TStatisticsVolumeReport>;
};

/** The figures read first: applications, hires, time to hire and time to fill, each against the previous period. */
export function KeyFigures({ funnel, times, volume }: Props) {
  const { t, i18n } = useTranslation('statistics');
  const lng = i18n.language;
  const count = (value: number | null | undefined) =>
    value === null || value === undefined ? '–' : formatNumber(value, lng);
  const days = (value: number | null | undefined) =>
    value === null || value === undefined ? '–' : formatDays(value, lng);
  if (funnel.isPending || times.isPending || volume.isPending)
    return (
      <div className="flex min-h-28 items-center justify-center rounded-xl border border-slate-200 bg-white">
        <Spinner label={t('statistics:key_figures.loading')} />
      </div>
    );
  const duration = (
    label: string,
    now: TStatisticsDuration | undefined,
    before: TStatisticsDuration | null | undefined,
  ) => (
    <KeyFigure
      label={label}
      value={days(now?.median_days)}
      detail={
        now?.p90_days === null || now?.p90_days === undefined
          ? t('statistics:key_figures.no_measure')
          : t('statistics:key_figures.p90', { days: days(now.p90_days), count: now.count })
      }
      current={now?.median_days ?? null}
      previous={before?.median_days ?? null}
      previousText={days(before?.median_days)}
      better="down"
    />
  );
  const applications = funnel.data?.current.applications ?? null;
  const previousApplications = funnel.data?.previous?.applications ?? null;
  const hires = volume.data?.current.totals.hires ?? null;
  const previousHires = volume.data?.previous?.totals.hires ?? null;
  return (
    <section aria-labelledby="statistics-key-figures">
      <h2 id="statistics-key-figures" className="sr-only">
        {t('statistics:key_figures.title')}
      </h2>
      <dl className="grid min-w-0 gap-3 sm:grid-cols-2 xl:grid-cols-4">
        <KeyFigure
          label={t('statistics:key_figures.applications')}
          value={count(applications)}
          current={applications}
          previous={previousApplications}
          previousText={count(previousApplications)}
          better="up"
        />
        <KeyFigure
          label={t('statistics:key_figures.hires')}
          value={count(hires)}
          current={hires}
          previous={previousHires}
          previousText={count(previousHires)}
          better="up"
        />
        {duration(
          t('statistics:key_figures.time_to_hire'),
          times.data?.current.time_to_hire,
          times.data?.previous?.time_to_hire,
        )}
        {duration(
          t('statistics:key_figures.time_to_fill'),
          times.data?.current.time_to_fill,
          times.data?.previous?.time_to_fill,
        )}
      </dl>
    </section>
  );
}
