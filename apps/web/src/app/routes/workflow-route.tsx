import { WorkflowsPage } from '../../features/workflows/components/workflows-page.tsx';

/** `/config/workflow`, inside the config layout (config-routes.tsx guards it with `config.workflow`). */
export function WorkflowRoute() {
  return <WorkflowsPage />;
}
