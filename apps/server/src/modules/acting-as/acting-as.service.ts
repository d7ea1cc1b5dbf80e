import type {
  TActingCompany,
  TActingCompanyPage,
  TActingListFilters,
  TActingRole,
  TActingUser,
  TActingUserPage,
} from '@embauche/contracts/acting-as';
import type { AuditAction } from '@embauche/contracts/audit';
import type { AuditActor, AuditTarget, AuditTrail } from '../../platform/audit/audit-trail.ts';
import type { AuthContext } from '../../platform/auth/auth-context.ts';
import type { ActingFields, SessionsService } from '../../platform/auth/sessions.service.ts';
import { forbidden, notFound } from '../../platform/http/http-error.ts';
import type { ActingAsRepository, ActingUserRow } from './acting-as.repository.ts';

/** Which family of routes is called: spec 7 "Super admin" or "Partner admin". */
export type ActingFamily = 'superadmin' | 'partner';

/** Who may reach which company: every one (super administrator) or a partner's linked ones. */
type Reach = { partnerId: number | null; all: boolean };

const toUser = (row: ActingUserRow, spoofed: boolean): TActingUser => ({
  id: row.id,
  firstname: row.firstname,
  lastname: row.lastname,
  role_name: row.role_name,
  spoofed,
});

const emptyPage = (f: TActingListFilters) => ({
  data: [],
  current_page: f.page,
  last_page: 1,
  per_page: f.per_page,
  total: 0,
});

/**
 * Acting as another company, role or user (issue 16 item 3). The routes are open to every
 * signed-in user (`*`) and refused here (403) unless the REAL person holds the family's flag: a
 * super administrator acting as a company holds none of its own permissions any more, yet must
 * still reset. A switch answers the token of a new session (the old one is closed); a reset while
 * nothing is acted as answers null and changes nothing. Every switch and reset is written to the
 * audit trail with the real person: a switch in the company now acted as (its administrators see
 * who entered), a reset in the company left.
 */
export class ActingAsService {
  constructor(
    private readonly repo: ActingAsRepository,
    private readonly sessions: SessionsService,
    private readonly audit: AuditTrail,
  ) {}

  private async reach(auth: AuthContext, family: ActingFamily): Promise<Reach> {
    if (family === 'superadmin') {
      if (!auth.superAdmin) throw forbidden();
      return { partnerId: null, all: true };
    }
    if (!auth.partnerAdmin) throw forbidden();
    return { partnerId: await this.repo.partnerOf(realId(auth)), all: false };
  }

  async changeCompany(auth: AuthContext, family: ActingFamily, companyId: number) {
    const reach = await this.reach(auth, family);
    const company = reach.all
      ? await this.repo.company(companyId)
      : reach.partnerId !== null
        ? await this.repo.company(companyId, reach.partnerId)
        : undefined;
    if (!company) throw notFound('Company');
    return this.switchTo(auth, { companyId, roleId: null, userId: null }, 'acting_as.company', {
      type: 'company',
      id: companyId,
    });
  }

  async changeRole(auth: AuthContext, roleId: number) {
    await this.reach(auth, 'partner');
    const companyId = auth.actingAsCompanyId;
    const role = companyId ? await this.repo.role(roleId, companyId) : undefined;
    if (!companyId || !role) throw notFound('Role');
    return this.switchTo(auth, { companyId, roleId, userId: null }, 'acting_as.role', {
      type: 'role',
      id: roleId,
    });
  }

  async changeUser(auth: AuthContext, family: ActingFamily, userId: number) {
    await this.reach(auth, family);
    const companyId = auth.actingAsCompanyId;
    const user = companyId ? await this.repo.user(userId, companyId) : undefined;
    if (!companyId || !user) throw notFound('User');
    return this.switchTo(auth, { companyId, roleId: null, userId }, 'acting_as.user', {
      type: 'user',
      id: userId,
    });
  }

  /** Back to one's own company and user. */
  async reset(auth: AuthContext, family: ActingFamily): Promise<string | null> {
    await this.reach(auth, family);
    if (!auth.actingAsCompanyId) return null;
    await this.audit.record(auth, 'acting_as.reset', null, { to: 'own' });
    return this.sessions.replace(auth.sessionId, client(auth), {
      companyId: null,
      roleId: null,
      userId: null,
    });
  }

  /** Back to the acted-as company alone (a partner's role pick ends too). */
  async resetUser(auth: AuthContext, family: ActingFamily): Promise<string | null> {
    await this.reach(auth, family);
    const companyId = auth.actingAsCompanyId;
    if (!companyId || (!auth.actingAsUserId && !auth.actingAsRoleId)) return null;
    await this.audit.record(auth, 'acting_as.reset', null, { to: 'company' });
    return this.sessions.replace(auth.sessionId, client(auth), {
      companyId,
      roleId: null,
      userId: null,
    });
  }

  private async switchTo(
    auth: AuthContext,
    acting: ActingFields,
    action: AuditAction,
    target: AuditTarget,
  ): Promise<string> {
    const token = await this.sessions.replace(auth.sessionId, client(auth), acting);
    const who: AuditActor = {
      companyId: acting.companyId!,
      userId: acting.userId ?? realId(auth),
      realUserId: realId(auth),
      actingAsUserId: acting.userId,
      actingAsCompanyId: acting.companyId,
      client: client(auth),
    };
    await this.audit.record(who, action, target, acting.roleId ? { role_id: acting.roleId } : null);
    return token;
  }

  async currentCompany(auth: AuthContext, family: ActingFamily): Promise<TActingCompany> {
    await this.reach(auth, family);
    const company = await this.repo.company(auth.companyId);
    if (!company) throw notFound('Company');
    return {
      id: company.id,
      social_reason: company.social_reason,
      spoofed: Boolean(auth.actingAsCompanyId),
    };
  }

  async currentUser(auth: AuthContext, family: ActingFamily): Promise<TActingUser> {
    await this.reach(auth, family);
    const user = await this.repo.person(auth.userId);
    if (!user) throw notFound('User');
    return toUser(user, Boolean(auth.actingAsUserId));
  }

  async currentRole(auth: AuthContext): Promise<TActingRole | null> {
    await this.reach(auth, 'partner');
    if (!auth.actingAsRoleId || !auth.actingAsCompanyId) return null;
    return (await this.repo.role(auth.actingAsRoleId, auth.actingAsCompanyId)) ?? null;
  }

  async companies(
    auth: AuthContext,
    family: ActingFamily,
    f: TActingListFilters,
  ): Promise<TActingCompanyPage> {
    const reach = await this.reach(auth, family);
    if (!reach.all && reach.partnerId === null) return emptyPage(f);
    const page = await this.repo.companiesPage(f, reach.all ? null : reach.partnerId);
    return {
      ...page,
      data: page.data.map((c) => ({
        id: c.id,
        social_reason: c.social_reason,
        spoofed: c.id === auth.actingAsCompanyId,
      })),
    };
  }

  /** The acted-as company's roles (the picker builds the tree); none while no company is. */
  async roles(auth: AuthContext): Promise<TActingRole[]> {
    await this.reach(auth, 'partner');
    return auth.actingAsCompanyId ? this.repo.roles(auth.actingAsCompanyId) : [];
  }

  /** The users one may act as in the acted-as company; none while no company is acted as. */
  async users(
    auth: AuthContext,
    family: ActingFamily,
    f: TActingListFilters,
  ): Promise<TActingUserPage> {
    await this.reach(auth, family);
    if (!auth.actingAsCompanyId) return emptyPage(f);
    const page = await this.repo.usersPage(auth.actingAsCompanyId, f);
    return { ...page, data: page.data.map((u) => toUser(u, u.id === auth.actingAsUserId)) };
  }
}

function realId(auth: AuthContext): number {
  return auth.realUserId ?? auth.userId;
}

function client(auth: AuthContext) {
  return auth.client ?? { ip: null, userAgent: null };
}
