import type { TMe } from '@embauche/contracts/auth';
import { canUser } from '../session/use-current-user.ts';

/** Spec 2/6: SMS needs the company's SMS feature and the permission project_application.sms. */
export function canUseSms(me: TMe): boolean {
  return me.features.includes('SMS') && canUser(me, 'project_application.sms');
}
