import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { TWorkflow } from '@embauche/contracts/workflows';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useWorkflowAssignments, type WorkflowTargetKind } from '../api/get-workflow-assignments.ts';
import { useSetWorkflowAssignment } from '../api/set-workflow-assignment.ts';

/**
 * Which workflow each project and open offer follows: an offer's own overrides its project's, a
 * project's the company default ("inherited" gives the choice back). Two lists, each searched and
 * paged on the server (a company may hold thousands of offers).
 */
export function WorkflowAssignments({ workflows }: { workflows: TWorkflow[] }) {
  const { t } = useTranslation(['workflows', 'common']);
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3">
      <h2 id={`${id}-title`} className="text-base font-semibold text-slate-900">
        {t('workflows:assign.title')}
      </h2>
      <p className="text-sm text-slate-700">{t('workflows:assign.intro')}</p>
      <div className="flex flex-col gap-6">
        <AssignmentList kind="project" workflows={workflows} />
        <AssignmentList kind="offer" workflows={workflows} />
      </div>
    </section>
  );
}

function AssignmentList({ kind, workflows }: { kind: WorkflowTargetKind; workflows: TWorkflow[] }) {
  const { t } = useTranslation(['workflows', 'common']);
  const id = useId();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const query = useWorkflowAssignments(kind, useDebouncedValue(search.trim(), 300), page);
  const assign = useSetWorkflowAssignment();
  const errorMessage = useApiErrorMessage();
  const title = kind === 'project' ? t('workflows:assign.projects') : t('workflows:assign.offers');
  const inherited = kind === 'project' ? t('workflows:assign.inherit_default') : t('workflows:assign.inherit_project');
  const set = (targetId: number, value: string) =>
    assign.mutate(
      { kind, id: targetId, workflow_id: value ? Number(value) : null },
      { onSuccess: () => toast.success(t('workflows:assign.saved')), onError: (error) => toast.error(errorMessage(error)) },
    );
  const data = query.data;
  return (
    <div role="group" aria-labelledby={`${id}-title`} className="flex min-w-0 flex-col gap-2">
      <h3 id={`${id}-title`} className="text-sm font-medium text-slate-800">
        {title}
      </h3>
      <div className="flex flex-col gap-1.5 sm:max-w-sm">
        <label htmlFor={`${id}-q`} className="text-sm font-medium text-slate-800">
          {t(`workflows:assign.search_${kind}`)}
        </label>
        <Input
          id={`${id}-q`}
          type="search"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(1);
          }}
        />
      </div>
      {query.isPending ? <Spinner className="p-4" /> : null}
      {query.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
          <p>{t('workflows:assign.error')}</p>
          <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
            {t('workflows:assign.retry')}
          </Button>
        </div>
      ) : null}
      {data ? (
        <>
          <p className="text-xs text-slate-600" aria-live="polite">
            {data.total === 0 ? t('workflows:assign.none') : t(`workflows:assign.total_${kind}`, { count: data.total })}
          </p>
          <ul
            aria-busy={query.isFetching}
            className={`flex flex-col gap-2${query.isPlaceholderData ? ' opacity-60 transition-opacity' : ''}`}
          >
            {data.data.map((row) => (
              <li key={row.id} className="flex flex-col gap-1 sm:flex-row sm:items-center sm:gap-3">
                <label htmlFor={`${id}-${row.id}`} className="min-w-0 break-words text-sm text-slate-800 sm:flex-1">
                  {row.name}
                </label>
                <Select
                  id={`${id}-${row.id}`}
                  className="sm:w-56"
                  value={row.workflow_id ?? ''}
                  onChange={(e) => set(row.id, e.target.value)}
                >
                  <option value="">{inherited}</option>
                  {workflows.map((w) => (
                    <option key={w.id} value={w.id}>
                      {w.name}
                    </option>
                  ))}
                </Select>
              </li>
            ))}
          </ul>
          <Pagination
            page={data.current_page}
            lastPage={data.last_page}
            onChange={setPage}
            label={t(`workflows:assign.pages_${kind}`)}
            disabled={query.isPlaceholderData}
          />
        </>
      ) : null}
    </div>
  );
}
