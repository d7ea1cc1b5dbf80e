import type { SessionRow } from '../../platform/auth/sessions.repository.ts';
import type {
  ActingAsRepository,
  ActingCompanyRow,
  ActingRoleRow,
  ActingUserRow,
} from './acting-as.repository.ts';

/** The real person behind a session, as the auth context is built. */
export type RealPerson = { id: number; superAdmin: boolean; partnerAdmin: boolean };

/** What a session acting as someone works as; `permissionsRoleId` decides every permission. */
export type ResolvedActing = {
  company: ActingCompanyRow;
  /** The role acted as (a partner's role pick), or null. */
  role: ActingRoleRow | null;
  /** The user acted as, or null. */
  user: ActingUserRow | null;
  /** Whose permissions apply: the user's role, else the role's, else the company's root role. */
  permissionsRoleId: number | null;
};

/**
 * Reads, on every request of a session that acts as someone, what it acts as, and checks it still
 * may: the real person is still a super administrator, or a partner administrator whose partner
 * the company is still linked to; the role is of the company; the user still active, of the
 * company and no super administrator. Anything that no longer holds drops the acting (the person
 * works as themselves again) rather than widening it.
 *
 * Design decisions (where the spec is silent):
 * - acting as a company alone gives the permissions of that company's root role, so the support
 *   person sees what the company's administrator sees; the request's user stays the real person
 *   (who belongs to no project of that company: without `project.see_all` they see no project);
 * - acting as a role gives exactly that role's permissions, the user still the real person;
 * - acting as a user gives exactly that user's permissions and makes the request's user theirs
 *   (their project scope applies), the real person kept as `realUserId`;
 * - `user.super_admin` is never part of an acted-as context: the real person's flags only decide
 *   who may call the acting routes themselves (AuthContext.superAdmin / partnerAdmin).
 */
export class ActingContext {
  constructor(private readonly repo: ActingAsRepository) {}

  async resolve(session: SessionRow, real: RealPerson): Promise<ResolvedActing | null> {
    if (session.acting_company_id === null) return null;
    let company: ActingCompanyRow | undefined;
    if (real.superAdmin) company = await this.repo.company(session.acting_company_id);
    else if (real.partnerAdmin) {
      const partnerId = await this.repo.partnerOf(real.id);
      if (partnerId !== null)
        company = await this.repo.company(session.acting_company_id, partnerId);
    }
    if (!company) return null;
    const user =
      session.acting_user_id !== null
        ? ((await this.repo.user(session.acting_user_id, company.id)) ?? null)
        : null;
    const role =
      !user && session.acting_role_id !== null
        ? ((await this.repo.role(session.acting_role_id, company.id)) ?? null)
        : null;
    const permissionsRoleId = user
      ? user.role_id
      : role
        ? role.id
        : ((await this.repo.rootRole(company.id))?.id ?? null);
    return { company, role, user, permissionsRoleId };
  }
}
