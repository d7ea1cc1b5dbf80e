import {
  PLANNER_PICKER_MAX,
  type TPlannerApplicants,
  type TPlannerUsers,
} from '@embauche/contracts/planner';
import type { AuthContext } from '../../platform/auth/auth-context.ts';
import type { ApplicantsService } from '../applicants/applicants.service.ts';
import type { ApplicationsService } from '../applications/applications.service.ts';
import type { PlannerRepository } from './planner.repository.ts';

/** The planner's pickers: colleagues, and applicants the user sees with their applications. */
export class PickersService {
  constructor(
    private readonly repo: PlannerRepository,
    private readonly applicants: Pick<ApplicantsService, 'search'>,
    private readonly applications: Pick<ApplicationsService, 'sight'>,
  ) {}

  users(auth: AuthContext, search: string | undefined): Promise<TPlannerUsers> {
    return this.repo.searchUsers(auth.companyId, search, PLANNER_PICKER_MAX);
  }

  async applicantsFor(auth: AuthContext, search: string | undefined): Promise<TPlannerApplicants> {
    const page = await this.applicants.search(auth, search, 1, PLANNER_PICKER_MAX);
    const [rows, sight] = await Promise.all([
      this.repo.applicationsOf(
        auth.companyId,
        page.data.map((a) => a.id),
      ),
      this.applications.sight(auth),
    ]);
    return page.data.map((a) => ({
      id: a.id,
      firstname: a.firstname,
      lastname: a.lastname,
      email: a.email,
      applications: rows
        .filter((r) => r.applicant_id === a.id && sight.sees(r))
        .map((r) => ({ id: r.id, offer_title: r.offer_title })),
    }));
  }
}
