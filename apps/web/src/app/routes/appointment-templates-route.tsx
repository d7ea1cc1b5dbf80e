import { TemplatesPage } from '../../features/planner/components/templates-page.tsx';
import { canUser, useCurrentUser } from '../session/use-current-user.ts';

/** `/config/appointment-template` (guarded with `planner.access`): the appointment templates; e-mail models offered to holders of config.emails. */
export function AppointmentTemplatesRoute() {
  const me = useCurrentUser();
  return (
    <TemplatesPage
      me={{ id: me.id, firstname: me.firstname, lastname: me.lastname }}
      canUseModels={canUser(me, 'config.emails')}
    />
  );
}
