import type { ApplicationPermissions } from '../../features/applications/lib/application-permissions.ts';
import { useCan } from '../session/use-current-user.ts';

export function useApplicationPermissions(): ApplicationPermissions {
  const can = useCan();
  return {
    see: can('project_application.see'),
    changeStatus: can('project_application.change_status'),
    duplicate: can('project_application.duplicate'),
  };
}
