import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useStatusSettings } from '../api/get-status-settings.ts';
import { useWorkflows } from '../api/get-workflows.ts';
import { WorkflowEditor } from './workflow-editor.tsx';

/** Config page `workflow/new` (`config.workflow`): a new workflow, starting from the default one's statuses. */
export function WorkflowNewPage() {
  const { t } = useTranslation(['workflows', 'common']);
  const navigate = useNavigate();
  const workflows = useWorkflows();
  const statuses = useStatusSettings();
  const initial = workflows.data?.find((w) => w.is_default)?.status_ids ?? [];
  return (
    <div className="flex flex-col gap-4 p-4 sm:p-6">
      <p className="text-sm text-slate-700">{t('workflows:editor.new_intro')}</p>
      {workflows.isPending || statuses.isPending ? <Spinner className="p-4" /> : null}
      {workflows.isError || statuses.isError ? <p role="alert" className="text-sm text-red-700">{t('common:error')}</p> : null}
      {workflows.data && statuses.data ? (
        <WorkflowEditor initialStatusIds={initial} statuses={statuses.data} onDone={() => void navigate('/config/workflow')} />
      ) : null}
    </div>
  );
}
