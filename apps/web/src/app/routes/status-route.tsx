import { StatusPage } from '../../features/workflows/components/status-page.tsx';

/** `/config/status`, inside the config layout (config-routes.tsx guards it with `config.status`). */
export function StatusRoute() {
  return <StatusPage />;
}
