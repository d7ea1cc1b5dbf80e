import { api } from '../../../lib/api-client.ts';
import { ACTING_PATHS, type ActingFamily } from './acting-as-keys.ts';
import { useActingSwitch } from './use-acting-switch.ts';

/** `PUT /superadmin/change_company` or `/partner/change-company` {company_id} (204, new session). */
export function changeActingCompany(family: ActingFamily, companyId: number): Promise<void> {
  return api.put<void>(ACTING_PATHS[family].changeCompany, { company_id: companyId });
}

export function useChangeActingCompany(family: ActingFamily) {
  return useActingSwitch((companyId: number) => changeActingCompany(family, companyId));
}
