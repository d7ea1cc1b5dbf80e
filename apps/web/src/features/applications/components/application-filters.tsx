import { useTranslation } from 'react-i18next';
import { useMotifs } from '../../../lib/pipeline/get-motifs.ts';
import { usePipelineLabels } from '../../../lib/pipeline/status-label.ts';
import type { useApplicationParams } from '../hooks/use-application-params.ts';
import { useChoiceOptions } from '../hooks/use-choice-options.ts';
import { ApplicationFilterPanel } from './application-filter-panel.tsx';
import { MultiSelectFilter } from './multi-select-filter.tsx';

type Props = { list: ReturnType<typeof useApplicationParams>; id?: string; hidden?: boolean };

/** The offer's application filters (spec 2): search, order, dates, statuses, motifs, job boards, tests. */
export function ApplicationFilters({ list, id, hidden }: Props) {
  const { t } = useTranslation('application');
  const { params, setFilter } = list;
  const labels = usePipelineLabels();
  const motifs = useMotifs();
  const choices = useChoiceOptions();
  return (
    <ApplicationFilterPanel
      id={id}
      hidden={hidden}
      className="bg-slate-50/60"
      search={params.search}
      onSearch={(v) => setFilter('search', v)}
      order={list.order}
      onOrder={(v) => setFilter('order', v)}
      scopeRange={params.scope_range}
      onScopeRange={(v) => setFilter('scope_range', v)}
      active={list.active}
      onReset={list.reset}
    >
      <MultiSelectFilter label={t('application:filters.statuses')} options={choices.statuses} value={params.statuses} onChange={(v) => setFilter('statuses', v)} />
      <MultiSelectFilter
        label={t('application:filters.motifs')}
        options={(motifs.data ?? []).map((m) => ({ value: String(m.id), label: labels.motifLabel(m) }))}
        value={params.motifs}
        onChange={(v) => setFilter('motifs', v)}
      />
      <MultiSelectFilter label={t('application:filters.job_boards')} options={choices.jobBoards} value={params.job_boards} onChange={(v) => setFilter('job_boards', v)} />
      <MultiSelectFilter label={t('application:filters.tests')} options={choices.tests} value={params.tests} onChange={(v) => setFilter('tests', v)} />
    </ApplicationFilterPanel>
  );
}
