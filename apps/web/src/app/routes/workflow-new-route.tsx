import { WorkflowNewPage } from '../../features/workflows/components/workflow-new-page.tsx';

/** `/config/workflow/new`, inside the config layout (config-routes.tsx guards it with `config.workflow`). */
export function WorkflowNewRoute() {
  return <WorkflowNewPage />;
}
