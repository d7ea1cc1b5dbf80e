import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TStatisticsOptions } from '@embauche/contracts/statistics';
import { Button } from '../../../components/ui/button.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { useSubsidiaries } from '../../../lib/subsidiaries/get-subsidiaries.ts';
import { useStatisticsProjects } from '../api/get-statistics-projects.ts';
import type { useStatisticsParams } from '../hooks/use-statistics-params.ts';
import { OfferFilter } from './offer-filter.tsx';

type Props = {
  params: ReturnType<typeof useStatisticsParams>;
  options: TStatisticsOptions | undefined;
  /** The project filter needs `project.list` (the projects' tree). */
  canListProjects: boolean;
};

function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
    </div>
  );
}

const number = (value: string) => (value ? Number(value) : null);

/** Which figures count: project or folder, offer, subsidiary, recruiter, source, contract type. */
export function StatisticsFilters({ params, options, canListProjects }: Props) {
  const { t } = useTranslation(['statistics', 'projects']);
  const id = useId();
  const projects = useStatisticsProjects({ enabled: canListProjects });
  const subsidiaries = useSubsidiaries();
  const { filters } = params;
  return (
    <div
      role="search"
      aria-label={t('statistics:filters.label')}
      className="grid min-w-0 gap-3 sm:grid-cols-2 lg:grid-cols-3"
    >
      {canListProjects ? (
        <Field id={`${id}-project`} label={t('statistics:filters.project')}>
          <Select
            id={`${id}-project`}
            value={filters.project ?? ''}
            disabled={projects.isPending}
            onChange={(e) => params.setFilter('project', number(e.target.value))}
          >
            <option value="">{t('statistics:filters.all_projects')}</option>
            {(projects.data ?? []).map((project) => (
              <option key={project.id} value={project.id}>
                {`${'\u00a0\u00a0'.repeat(project.depth)}${project.name}`}
              </option>
            ))}
          </Select>
        </Field>
      ) : null}
      <OfferFilter value={filters.offer} onChange={(value) => params.setFilter('offer', value)} />
      <Field id={`${id}-subsidiary`} label={t('statistics:filters.subsidiary')}>
        <Select
          id={`${id}-subsidiary`}
          value={filters.subsidiary ?? ''}
          disabled={subsidiaries.isPending}
          onChange={(e) => params.setFilter('subsidiary', number(e.target.value))}
        >
          <option value="">{t('statistics:filters.all_subsidiaries')}</option>
          {(subsidiaries.data ?? []).map((subsidiary) => (
            <option key={subsidiary.id} value={subsidiary.id}>
              {subsidiary.name}
            </option>
          ))}
        </Select>
      </Field>
      <Field id={`${id}-recruiter`} label={t('statistics:filters.recruiter')}>
        <Select
          id={`${id}-recruiter`}
          value={filters.recruiter ?? ''}
          disabled={!options}
          onChange={(e) => params.setFilter('recruiter', number(e.target.value))}
        >
          <option value="">{t('statistics:filters.all_recruiters')}</option>
          {(options?.recruiters ?? []).map((user) => (
            <option key={user.id} value={user.id}>
              {user.name}
            </option>
          ))}
        </Select>
      </Field>
      <Field id={`${id}-source`} label={t('statistics:filters.source')}>
        <Select
          id={`${id}-source`}
          value={filters.source ?? ''}
          disabled={!options}
          onChange={(e) => params.setFilter('source', e.target.value || null)}
        >
          <option value="">{t('statistics:filters.all_sources')}</option>
          <option value="none">{t('statistics:sources.none')}</option>
          {(options?.job_boards ?? []).map((board) => (
            <option key={board.id} value={board.id}>
              {board.name}
            </option>
          ))}
        </Select>
      </Field>
      <Field id={`${id}-contract`} label={t('statistics:filters.contract')}>
        <Select
          id={`${id}-contract`}
          value={filters.contract ?? ''}
          disabled={!options}
          onChange={(e) => params.setFilter('contract', e.target.value || null)}
        >
          <option value="">{t('statistics:filters.all_contracts')}</option>
          {(options?.contract_types ?? []).map((code) => (
            <option key={code} value={code}>
              {t(`projects:contract_types.${code}`, { defaultValue: code })}
            </option>
          ))}
        </Select>
      </Field>
      {params.activeFilters ? (
        <div className="flex items-end print:hidden">
          <Button variant="outline" onClick={params.reset}>
            {t('statistics:filters.reset')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
