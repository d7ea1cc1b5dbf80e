import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn.ts';

type Props = { offers: number; toTreat: number; subProjects?: number; className?: string };

/** "12 offres · 3 à traiter": the counts of a project or list, read as one phrase. */
export function ProjectCounts({ offers, toTreat, subProjects, className }: Props) {
  const { t } = useTranslation('projects');
  return (
    <span className={cn('flex flex-wrap items-center gap-x-2 text-xs text-slate-600', className)}>
      {subProjects !== undefined ? <span>{t('projects:counts.sub_projects', { count: subProjects })}</span> : null}
      <span>{t('projects:counts.offers', { count: offers })}</span>
      {toTreat > 0 ? (
        <span className="rounded-full bg-amber-100 px-1.5 font-medium text-amber-900">
          {t('projects:counts.to_treat', { count: toTreat })}
        </span>
      ) : null}
    </span>
  );
}
