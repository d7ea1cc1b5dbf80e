import type { TSubsidiary } from '@embauche/contracts/subsidiaries';
import type { AuthContext } from '../../platform/auth/auth-context.ts';
import { validationFailed } from '../../platform/http/http-error.ts';
import type { SubsidiariesRepository } from './subsidiaries.repository.ts';

/** The company's subsidiaries (their management is a configuration screen of a later issue). */
export class SubsidiariesService {
  constructor(private readonly repo: SubsidiariesRepository) {}

  list(auth: AuthContext): Promise<TSubsidiary[]> {
    return this.repo.list(auth.companyId);
  }

  /** A `subsidiary_id` in a payload must name one of the company's subsidiaries (422 otherwise). */
  async check(companyId: number, id: number | null | undefined): Promise<void> {
    if (id != null && !(await this.repo.exists(companyId, id))) {
      throw validationFailed({ subsidiary_id: ['invalid'] });
    }
  }
}
