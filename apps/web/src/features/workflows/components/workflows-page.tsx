import { useState } from 'react';
import { Link } from 'react-router';
import { parseAsInteger, useQueryState } from 'nuqs';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Pencil, Plus, Star, Trash2 } from 'lucide-react';
import type { TStatusSetting, TWorkflow } from '@embauche/contracts/workflows';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog.tsx';
import { PageIntro } from '../../../components/page-intro.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { usePipelineLabels } from '../../../lib/pipeline/status-label.ts';
import { useDeleteWorkflow } from '../api/delete-workflow.ts';
import { useStatusSettings } from '../api/get-status-settings.ts';
import { useWorkflows } from '../api/get-workflows.ts';
import { useSaveWorkflow } from '../api/save-workflow.ts';
import { asStatus } from '../lib/labels.ts';
import { useConflictMessage } from '../lib/use-conflict-message.ts';
import { WorkflowAssignments } from './workflow-assignments.tsx';
import { WorkflowEditor } from './workflow-editor.tsx';

/** Config page `workflow` (`config.workflow`): the company's workflows, one being edited (`?edit={id}`), and who follows which. */
export function WorkflowsPage() {
  const { t } = useTranslation(['workflows', 'common']);
  const labels = usePipelineLabels();
  const workflows = useWorkflows();
  const statuses = useStatusSettings();
  const save = useSaveWorkflow();
  const remove = useDeleteWorkflow();
  const conflict = useConflictMessage();
  const [edit, setEdit] = useQueryState('edit', parseAsInteger);
  const [deleting, setDeleting] = useState<TWorkflow | null>(null);
  const editing = workflows.data?.find((w) => w.id === edit);
  const byId = new Map((statuses.data ?? []).map((s): [number, TStatusSetting] => [s.id, s]));
  const makeDefault = (w: TWorkflow) =>
    save.mutate(
      { id: w.id, name: w.name, status_ids: w.status_ids, is_default: true },
      {
        onSuccess: () => toast.success(t('workflows:list.made_default', { name: w.name })),
        onError: (error) => toast.error(conflict(error)),
      },
    );
  return (
    <div className="flex flex-col gap-6 p-4 sm:p-6">
      <PageIntro
        actions={
          <Button asChild>
            <Link to="/config/workflow/new">
              <Plus aria-hidden="true" />
              {t('workflows:list.add')}
            </Link>
          </Button>
        }
      >
        {t('workflows:list.intro')}
      </PageIntro>
      {workflows.isPending || statuses.isPending ? <Spinner className="p-4" /> : null}
      {workflows.isError || statuses.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {t('common:error')}
        </p>
      ) : null}
      {editing && statuses.data ? (
        <section
          aria-label={t('workflows:editor.edit_title', { name: editing.name })}
          className="flex flex-col gap-2"
        >
          <h2 className="text-base font-semibold text-slate-900">
            {t('workflows:editor.edit_title', { name: editing.name })}
          </h2>
          <WorkflowEditor
            key={editing.id}
            workflow={editing}
            initialStatusIds={editing.status_ids}
            statuses={statuses.data}
            onDone={() => void setEdit(null)}
          />
        </section>
      ) : null}
      {workflows.data && statuses.data ? (
        <ul aria-label={t('workflows:list.label')} className="flex flex-col gap-3">
          {workflows.data.map((w) => (
            <li key={w.id} className="rounded-lg border border-slate-200 bg-white p-3 shadow-sm">
              <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
                <div className="flex min-w-0 flex-1 flex-wrap items-center gap-2">
                  <h3 className="min-w-0 break-words font-medium text-slate-900">{w.name}</h3>
                  {w.is_default ? <Badge tone="info">{t('workflows:list.default')}</Badge> : null}
                  <span className="text-xs text-slate-600">
                    {t('workflows:list.usage', {
                      projects: w.project_count,
                      offers: w.offer_count,
                    })}
                  </span>
                </div>
                <div className="flex flex-wrap gap-1">
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={t('workflows:list.edit', { name: w.name })}
                    onClick={() => void setEdit(w.id)}
                  >
                    <Pencil aria-hidden="true" />
                    <span aria-hidden="true">{t('workflows:actions.edit')}</span>
                  </Button>
                  {w.is_default ? null : (
                    <>
                      <Button
                        variant="outline"
                        size="sm"
                        aria-label={t('workflows:list.make_default', { name: w.name })}
                        onClick={() => makeDefault(w)}
                      >
                        <Star aria-hidden="true" />
                        <span aria-hidden="true">{t('workflows:list.make_default_short')}</span>
                      </Button>
                      <Button
                        variant="outline"
                        size="sm"
                        aria-label={t('workflows:list.delete', { name: w.name })}
                        onClick={() => setDeleting(w)}
                      >
                        <Trash2 aria-hidden="true" />
                        <span aria-hidden="true">{t('workflows:actions.delete')}</span>
                      </Button>
                    </>
                  )}
                </div>
              </div>
              <ol
                aria-label={t('workflows:list.statuses_of', { name: w.name })}
                className="mt-2 flex flex-wrap gap-1.5"
              >
                {w.status_ids.map((statusId, i) => {
                  const s = byId.get(statusId);
                  return s ? (
                    <li
                      key={statusId}
                      className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-800"
                    >
                      <span className="text-slate-600">{i + 1}.</span>
                      {labels.statusLabel(asStatus(s))}
                    </li>
                  ) : null;
                })}
              </ol>
            </li>
          ))}
        </ul>
      ) : null}
      {workflows.data ? <WorkflowAssignments workflows={workflows.data} /> : null}
      {deleting ? (
        <ConfirmDeleteDialog
          remove={remove}
          variables={deleting.id}
          title={t('workflows:list.delete_title', { name: deleting.name })}
          description={t('workflows:list.delete_description')}
          confirmLabel={t('workflows:actions.delete')}
          deleted={t('workflows:list.deleted', { name: deleting.name })}
          errorText={conflict}
          onClose={() => setDeleting(null)}
        />
      ) : null}
    </div>
  );
}
