import { ArrowDownRight, ArrowRight, ArrowUpRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn.ts';
import { changeOf, formatPercent } from '../lib/statistics-format.ts';

type Props = {
  current: number | null;
  previous: number | null;
  /** What a rise means: more applications is good, a longer time to hire is not. */
  better: 'up' | 'down';
  /** How the previous value reads ("12 days"), said to screen readers and in the tooltip. */
  previousText: string;
};

/** The arrow beside a key figure: up, down or level against the previous period, green when better. */
export function ComparisonArrow({ current, previous, better, previousText }: Props) {
  const { t, i18n } = useTranslation('statistics');
  const change = changeOf(current, previous);
  if (!change) return <p className="text-xs text-slate-600">{t('statistics:compare.none')}</p>;
  const Icon =
    change.direction === 'up'
      ? ArrowUpRight
      : change.direction === 'down'
        ? ArrowDownRight
        : ArrowRight;
  const tone =
    change.direction === 'same'
      ? 'text-slate-600'
      : change.direction === better
        ? 'text-emerald-700'
        : 'text-red-700';
  const amount = change.ratio === null ? '' : formatPercent(Math.abs(change.ratio), i18n.language);
  const text =
    change.direction === 'same'
      ? t('statistics:compare.same', { previous: previousText })
      : change.ratio === null
        ? t(`statistics:compare.${change.direction}_from_zero`, { previous: previousText })
        : t(`statistics:compare.${change.direction}`, { amount, previous: previousText });
  return (
    <p className={cn('flex items-center gap-1 text-xs font-medium', tone)}>
      <Icon aria-hidden="true" className="size-4 shrink-0" />
      <span>{text}</span>
    </p>
  );
}
